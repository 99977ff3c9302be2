// The owner's Non-Empty Carts tab call (spec §2, §7 getNonEmptyCarts), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetNonEmptyCartsAnswerSchema, NonEmptyCartsQuerySchema } from '../../../contract/cart.js';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../http/admin-guard.js';
import { nonEmptyCarts } from './non-empty-carts.js';

export const nonEmptyCartsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  app.addHook('onRequest', requireAdmin(services.sessions));
  app.get(
    '/admin/api/getNonEmptyCarts',
    { schema: { querystring: NonEmptyCartsQuerySchema, response: { 200: GetNonEmptyCartsAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return nonEmptyCarts(database.db, request.query.before ? new Date(request.query.before) : undefined);
    },
  );
};
