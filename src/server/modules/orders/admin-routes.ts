// The owner's order calls (spec §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignCustomTrackingAnswerSchema,
  AssignCustomTrackingBodySchema,
  GetPlacedOrdersAnswerSchema,
  PlacedOrdersQuerySchema,
} from '../../../contract/orders.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { placedOrders } from './placed-orders.js';

export const adminOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  gateAdminRoutes(app, services.sessions);

  app.get(
    '/admin/api/getPlacedOrders',
    { schema: { querystring: PlacedOrdersQuerySchema, response: { 200: GetPlacedOrdersAnswerSchema } } },
    (request) => placedOrders(database.db, services.shipping, request.query.search),
  );

  app.post(
    '/admin/api/assignCustomTracking',
    { schema: { body: AssignCustomTrackingBodySchema, response: { 200: AssignCustomTrackingAnswerSchema } } },
    async (request) => services.orders.assignCustomTracking(request.body),
  );
};
