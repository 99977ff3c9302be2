// The Abandoned tab's call (issue 28 #4), typed by the call table; types only from the contract.
import { adminRoutes } from '../../../../contract/admin-routes.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

export const abandonedKey = ['admin', 'abandoned-checkouts'] as const;

export const abandonedAdminApi = {
  list: (page: number) => call('/admin/api/abandonedCheckouts', { page }),
};
