// The owner's Subscriptions tab calls (spec §2, §7 getAllSubscriptions, getBackInStockDemand), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackInStockDemandSchema,
  GetAllSubscriptionsAnswerSchema,
  SubscriptionsQuerySchema,
} from '../../../contract/marketing.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { backInStockDemand, listSubscriptions } from './subscriptions-admin.js';

export const subscriptionsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  gateAdminRoutes(app, services.sessions);
  app.get(
    '/admin/api/getAllSubscriptions',
    { schema: { querystring: SubscriptionsQuerySchema, response: { 200: GetAllSubscriptionsAnswerSchema } } },
    (request) => listSubscriptions(database.db, request.query.before ? new Date(request.query.before) : undefined),
  );
  app.get('/admin/api/getBackInStockDemand', { schema: { response: { 200: BackInStockDemandSchema } } }, () =>
    backInStockDemand(database.db),
  );
};
