// The owner's Subscriptions tab calls (spec §2, §7 getAllSubscriptions, getBackInStockDemand), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { backInStockDemand, listSubscriptions } from './subscriptions-admin.js';

export const subscriptionsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  gateAdminRoutes(app, services.sessions);
  route(app, calls.getAllSubscriptions, (request) =>
    listSubscriptions(database.db, request.query.before ? new Date(request.query.before) : undefined),
  );
  route(app, calls.getBackInStockDemand, () => backInStockDemand(database.db));
};
