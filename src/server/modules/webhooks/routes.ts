// POST /webhooks/stripe and /webhooks/paypal (issue 29 #2): server-to-server, authorised by the
// provider's signature, not a session. The providers sign the bytes they send, so this plugin, and
// only it, keeps the body as it arrived (every other route parses JSON as before).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswerSchema } from '../../../contract/common.js';
import type { AppContext } from '../../context.js';
import { PAYMENT_EVENT_OUTCOMES } from '../../db/schema.js';

/** What a provider gets back: the event is stored (once) and what became of it, for its delivery log. */
export const WebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum([...PAYMENT_EVENT_OUTCOMES, 'duplicate']),
});

export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const options = {
    // A provider's server posts from no site of ours; the signature is what authorises it.
    config: { crossSiteAllowed: true },
    schema: {
      response: { 200: WebhookAnswerSchema, 400: ErrorAnswerSchema, 404: ErrorAnswerSchema, 503: ErrorAnswerSchema },
    },
  };
  const raw = (body: unknown) => (typeof body === 'string' ? body : '');

  app.post('/webhooks/stripe', options, async (request) => {
    const signature = request.headers['stripe-signature'];
    return services.webhooks.stripe(raw(request.body), typeof signature === 'string' ? signature : undefined);
  });

  app.post('/webhooks/paypal', options, async (request) =>
    services.webhooks.paypal(raw(request.body), request.headers),
  );
};
