// The owner's promotions editor calls (spec §2, §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contract/common.js';
import {
  CreatePromotionBodySchema,
  DeletePromotionBodySchema,
  GetAllPromotionsAnswerSchema,
  PromotionAnswerSchema,
  UpdatePromotionBodySchema,
} from '../../../contract/promotions.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';

export const promotionsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const editor = services.promotionsAdmin;
  gateAdminRoutes(app, services.sessions);

  app.get('/admin/api/getAllPromotions', { schema: { response: { 200: GetAllPromotionsAnswerSchema } } }, () =>
    editor.list(),
  );

  app.post(
    '/admin/api/createPromotions',
    { schema: { body: CreatePromotionBodySchema, response: { 200: PromotionAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      promotion: await editor.create(request.body),
    }),
  );

  app.post(
    '/admin/api/updatePromotions',
    { schema: { body: UpdatePromotionBodySchema, response: { 200: PromotionAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      promotion: await editor.update(request.body),
    }),
  );

  app.post(
    '/admin/api/deletePromotions',
    { schema: { body: DeletePromotionBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await editor.remove(request.body);
      return { ok: true as const };
    },
  );
};
