// The owner's refund of a return (issue #7 item 2), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RefundReturnAnswerSchema, RefundReturnBodySchema } from '../../../contract/refunds.js';
import type { AppContext } from '../../app.js';
import { requireAdmin } from '../../http/admin-guard.js';

export const adminReturnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.addHook('onRequest', requireAdmin(services.sessions));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/admin/api/refundReturn',
    { schema: { body: RefundReturnBodySchema, response: { 200: RefundReturnAnswerSchema } } },
    async (request) => services.refunds.refundReturn(request.body),
  );
};
