// The owner's order calls (spec §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { placedOrders } from './placed-orders.js';

export const adminOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getPlacedOrders, (request) =>
    placedOrders(database.db, services.shipping, request.query.search, {
      // Issue 28 #6: the Orders tab's filters and pages (absent: the spec's first 10 of all).
      filter: request.query.filter,
      page: request.query.page,
    }),
  );

  route(app, calls.assignCustomTracking, async (request) =>
    services.orders.assignCustomTracking(adminOf(request), request.body),
  );
};
