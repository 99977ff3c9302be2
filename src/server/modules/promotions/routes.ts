// Promotions calls: the promoter report (spec §7). The admin promotions editor joins this folder later.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PromoPerformanceAnswerSchema, PromoPerformanceBodySchema } from '../../../contract/promotions.js';
import type { AppContext } from '../../app.js';

export const promotionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.post(
    '/promoPerformance',
    { schema: { body: PromoPerformanceBodySchema, response: { 200: PromoPerformanceAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.promotions.performance(request.body.promoCode, request.body.password, request.ip);
    },
  );
};
