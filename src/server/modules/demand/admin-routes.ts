// The Demand tab's call (issue 28 #3), behind the admin gate: the owner and staff read it. Its actions
// are sendBackInStockNotification (a notice, the existing call) and setStock (a size's stock, only while
// it is what the owner saw).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const demandAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.demand, (request) => services.demand.read(request.query));
  // A size's stock set in place (owner and staff, as the item editor's stock).
  route(app, calls.setStock, (request) => services.demand.setStock(adminOf(request), request.body));
};
