// The Demand tab's call (issue 28 #3), behind the admin gate: the owner and staff read it. Its actions
// are the existing calls: sendBackInStockNotification (a notice) and updateItem (a size's stock).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const demandAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.demand, (request) => services.demand.read(request.query));
};
