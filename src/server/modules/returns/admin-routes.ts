// The owner's refund of a return (issue #7 item 2), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RefundReturnAnswerSchema, RefundReturnBodySchema } from '../../../contract/refunds.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';

export const adminReturnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  app.post(
    '/admin/api/refundReturn',
    { schema: { body: RefundReturnBodySchema, response: { 200: RefundReturnAnswerSchema } } },
    async (request) => services.refunds.refundReturn(request.body),
  );
};
