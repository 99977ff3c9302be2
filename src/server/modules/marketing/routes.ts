// Marketing calls (spec §7): thin handlers over the marketing service. Answers are never cached.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { UnsubscribeAnswerSchema, UnsubscribeBodySchema } from '../../../contract/marketing.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const marketingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { marketing } = services;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, calls.newsletterSub, async (request) => {
    const { email, itemData } = request.body;
    return itemData
      ? marketing.requestBackInStock(email, itemData, request.ip)
      : marketing.subscribe(email, request.ip);
  });

  route(app, calls.referralPromo, async (request) =>
    marketing.sendReferral(request.body.email, request.body.refEmail, request.ip),
  );

  route(app, calls.unsubscribe, async (request) => marketing.unsubscribe(request.body.userId));

  // One-click unsubscribe (RFC 8058): a mailbox provider's 'Unsubscribe' button posts
  // `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe address of a newsletter, from the
  // provider's own site. The subscriber's unguessable id is what authorises it, and all it can do is
  // stop that reader's newsletter. The form carries nothing else, so it is read as text, not parsed.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      oneClick.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, body),
      );
    }
    oneClick.post(
      '/unsubscribe/:userId',
      {
        config: { crossSiteAllowed: true },
        schema: { params: UnsubscribeBodySchema, response: { 200: UnsubscribeAnswerSchema } },
      },
      async (request) => marketing.unsubscribe(request.params.userId),
    );
  });
};
