// A checkout reminder's links (issue 28 #4): the link is the key, so neither call needs a session;
// the restore makes one when the visitor has none. Answers are never cached.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { StopRemindersAnswerSchema, StopRemindersBodySchema } from '../../../contract/abandoned.js';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { readSignedCookie, SHOPPER_COOKIE, setSessionCookie } from '../../http/cookies.js';
import { route } from '../../http/route.js';

export const abandonedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, calls.restoreBag, async (request, reply) => {
    const { answer, session } = await services.abandoned.restore(
      readSignedCookie(request, SHOPPER_COOKIE),
      request.body.t,
    );
    if (session?.expiresAt) setSessionCookie(reply, config, SHOPPER_COOKIE, session.id, session.expiresAt);
    // The bag changed: the next /getCart must not be answered from the bag cache.
    if (session && answer.status === 'restored') services.bags.changed(reply, session.id);
    return answer;
  });

  route(app, calls.stopReminders, (request) => services.abandoned.stopReminders(request.body.t));

  // One-click unsubscribe (RFC 8058), as for newsletters (decision 022): a mailbox provider posts
  // `List-Unsubscribe=One-Click` from its own site to the reminder's List-Unsubscribe address. The
  // signed token is what authorises it; all it can do is stop reminders to that address.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      oneClick.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, body),
      );
    }
    oneClick.post(
      '/stopReminders/:t',
      {
        config: { crossSiteAllowed: true },
        schema: { params: StopRemindersBodySchema, response: { 200: StopRemindersAnswerSchema } },
      },
      async (request) => services.abandoned.stopReminders(request.params.t),
    );
  });
};
