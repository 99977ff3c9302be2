// The newsletter manager's calls (spec §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contract/common.js';
import {
  CancelNewsletterBodySchema,
  CreateNewsletterBodySchema,
  EditNewsletterBodySchema,
  GetNewslettersAnswerSchema,
  NewsletterAnswerSchema,
  SendTestNewsletterAnswerSchema,
  SendTestNewsletterBodySchema,
} from '../../../contract/newsletters.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';

export const newsletterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { newsletters } = services;
  gateAdminRoutes(app, services.sessions);

  app.get('/admin/api/getNewsletters', { schema: { response: { 200: GetNewslettersAnswerSchema } } }, () =>
    newsletters.list(),
  );

  app.post(
    '/admin/api/createNewsletter',
    { schema: { body: CreateNewsletterBodySchema, response: { 200: NewsletterAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      newsletter: await newsletters.create(request.body),
    }),
  );

  app.post(
    '/admin/api/editNewsletter',
    { schema: { body: EditNewsletterBodySchema, response: { 200: NewsletterAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      newsletter: await newsletters.edit(request.body),
    }),
  );

  app.post(
    '/admin/api/sendTestNewsletter',
    { schema: { body: SendTestNewsletterBodySchema, response: { 200: SendTestNewsletterAnswerSchema } } },
    async (request) => {
      await newsletters.sendTest(request.body.id, request.body.email);
      return { success: true as const };
    },
  );

  app.post(
    '/admin/api/cancelNewsletter',
    { schema: { body: CancelNewsletterBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await newsletters.cancel(request.body.id);
      return { ok: true as const };
    },
  );
};
