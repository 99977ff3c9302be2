// The owner's Non-Empty Carts tab call (spec §2, §7 getNonEmptyCarts), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { nonEmptyCarts } from './non-empty-carts.js';

export const nonEmptyCartsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  app.addHook('onRequest', requireAdmin(services.sessions));
  route(app, calls.getNonEmptyCarts, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return nonEmptyCarts(database.db, request.query.before ? new Date(request.query.before) : undefined);
  });
};
