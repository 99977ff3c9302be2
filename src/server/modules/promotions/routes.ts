// Promotions calls (spec §7): the promoter report, and the owner's promotions editor behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contract/common.js';
import {
  CreatePromotionBodySchema,
  DeletePromotionBodySchema,
  GetAllPromotionsAnswerSchema,
  PromoPerformanceAnswerSchema,
  PromoPerformanceBodySchema,
  PromoReportAnswerSchema,
  PromoReportBodySchema,
  PromotionAnswerSchema,
  UpdatePromotionBodySchema,
} from '../../../contract/promotions.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { sendJsonText } from '../../http/prepared.js';

export const promotionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.post(
    '/promoPerformance',
    { schema: { body: PromoPerformanceBodySchema, response: { 200: PromoPerformanceAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await services.promotions.performance(request.body.promoCode, request.body.password, request.ip);
      // Sent as text: a busy code's report has thousands of rows the service made in the contract's
      // shape, and checking each again against the schema took longer than the query.
      return sendJsonText(reply, JSON.stringify(rows));
    },
  );

  // The Campaign Performance page's call: a page of the report with its totals (decision 015).
  app.post('/promoReport', { schema: { body: PromoReportBodySchema, response: { 200: PromoReportAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { promoCode, password, page } = request.body;
    return services.promotions.reportPage(promoCode, password, request.ip, page);
  });

  // The editor in its own encapsulated scope, so the admin gate covers only these calls.
  await app.register(async (admin: typeof app) => {
    const editor = services.promotionsAdmin;
    gateAdminRoutes(admin, services.sessions);

    admin.get('/admin/api/getAllPromotions', { schema: { response: { 200: GetAllPromotionsAnswerSchema } } }, () => editor.list());

    admin.post('/admin/api/createPromotions', { schema: { body: CreatePromotionBodySchema, response: { 200: PromotionAnswerSchema } } }, async (request) => ({
      ok: true as const,
      promotion: await editor.create(request.body),
    }));

    admin.post('/admin/api/updatePromotions', { schema: { body: UpdatePromotionBodySchema, response: { 200: PromotionAnswerSchema } } }, async (request) => ({
      ok: true as const,
      promotion: await editor.update(request.body),
    }));

    admin.post('/admin/api/deletePromotions', { schema: { body: DeletePromotionBodySchema, response: { 200: OkSchema } } }, async (request) => {
      await editor.remove(request.body);
      return { ok: true as const };
    });
  });
};
