// Marketing calls (spec §7): thin handlers over the marketing service. Answers are never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NewsletterSubAnswerSchema,
  NewsletterSubBodySchema,
  ReferralAnswerSchema,
  ReferralBodySchema,
  UnsubscribeAnswerSchema,
  UnsubscribeBodySchema,
} from '../../../contract/marketing.js';
import type { AppContext } from '../../app.js';

export const marketingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { marketing } = services;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/newsletterSub', { schema: { body: NewsletterSubBodySchema, response: { 200: NewsletterSubAnswerSchema } } }, async (request) => {
    const { email, itemData } = request.body;
    return itemData ? marketing.requestBackInStock(email, itemData, request.ip) : marketing.subscribe(email, request.ip);
  });

  app.post('/referral-promo', { schema: { body: ReferralBodySchema, response: { 200: ReferralAnswerSchema } } }, async (request) =>
    marketing.sendReferral(request.body.email, request.body.refEmail, request.ip),
  );

  app.post('/unsubscribe', { schema: { body: UnsubscribeBodySchema, response: { 200: UnsubscribeAnswerSchema } } }, async (request) =>
    marketing.unsubscribe(request.body.userId),
  );
};
