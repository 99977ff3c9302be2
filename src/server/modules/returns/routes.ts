// Returns calls (spec §7): the order lookup and the return request. Anyone with an order number may
// call them, so both are rate-limited and answer nothing of the order's address or payment.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderDetailsAnswerSchema,
  OrderDetailsBodySchema,
  RequestReturnAnswerSchema,
  RequestReturnBodySchema,
} from '../../../contract/returns.js';
import type { AppContext } from '../../app.js';

export const returnsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/orderDetailsById',
    { schema: { body: OrderDetailsBodySchema, response: { 200: OrderDetailsAnswerSchema } } },
    async (request) => services.returns.lookup(request.body.orderId, request.ip),
  );

  app.post(
    '/requestReturn',
    { schema: { body: RequestReturnBodySchema, response: { 200: RequestReturnAnswerSchema } } },
    async (request) => services.returns.request(request.body, request.ip),
  );
};
