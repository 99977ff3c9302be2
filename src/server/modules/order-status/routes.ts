// Order status calls (issue 27 item 5). Anyone may call them, so they are rate-limited (the service)
// and never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const orderStatusRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  route(app, calls.orderStatus, async (request) => services.orderStatus.byEmail(request.body, request.ip));
  route(app, calls.orderStatusByLink, async (request) => services.orderStatus.byLink(request.query.t, request.ip));
};
