// The set-up checklist's reads and writes (GET /admin/api/setup, POST /admin/api/setupHidden).
import { queryOptions } from '@tanstack/react-query';
import { adminRoutes } from '../../../contract/admin-routes.js';
import { caller } from '../../api/http-api.js';

const call = caller(adminRoutes);

export const setupKey = ['admin', 'setup'] as const;

export const setupQuery = () => queryOptions({ queryKey: setupKey, queryFn: () => call('/admin/api/setup') });

export const setSetupHidden = (hidden: boolean) => call('/admin/api/setupHidden', { hidden });
