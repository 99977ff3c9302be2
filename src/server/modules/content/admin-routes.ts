// The owner's info pages editor calls (spec §7 getAllInfo, createInfo, updateInfo), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetAllInfoAnswerSchema, InfoPageEditSchema, InfoPageSavedSchema } from '../../../contract/content.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';

export const infoAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const info = services.infoAdmin;
  gateAdminRoutes(app, services.sessions);

  app.get('/admin/api/getAllInfo', { schema: { response: { 200: GetAllInfoAnswerSchema } } }, () => info.list());
  app.post(
    '/admin/api/createInfo',
    { schema: { body: InfoPageEditSchema, response: { 200: InfoPageSavedSchema } } },
    async (request) => ({
      ok: true as const,
      page: await info.create(request.body),
    }),
  );
  app.post(
    '/admin/api/updateInfo',
    { schema: { body: InfoPageEditSchema, response: { 200: InfoPageSavedSchema } } },
    async (request) => ({
      ok: true as const,
      page: await info.update(request.body),
    }),
  );
};
