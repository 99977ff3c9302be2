// The Overview's call (issue 28 #1), typed by the call table; types only from the contract.
import { adminRoutes } from '../../../../contract/admin-routes.js';
import type { OverviewQuery } from '../../../../contract/overview.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

export const overviewKey = ['admin', 'overview'] as const;

export const overviewApi = {
  read: (query: OverviewQuery) => call('/admin/api/overview', query),
};
