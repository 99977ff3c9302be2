// The Demand tab's calls (issue 28 #3), typed by the call table: its own read, and the existing calls it
// acts through (getItemSubscriptions + sendBackInStockNotification), and setStock.
import { adminRoutes } from '../../../../contract/admin-routes.js';
import type { DemandQuery, SetStockBody } from '../../../../contract/demand.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

export const demandKey = ['admin', 'demand'] as const;

export const demandApi = {
  read: (query: DemandQuery) =>
    call('/admin/api/demand', {
      search: query.search?.trim() || undefined,
      waitingPage: query.waitingPage || undefined,
      lowPage: query.lowPage || undefined,
    }),
  /** One size's stock, written only while it is still `expected` (409 otherwise). */
  setStock: (body: SetStockBody) => call('/admin/api/setStock', body),
};
