import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { readSignedCookie, SHOPPER_COOKIE, setSessionCookie } from '../../http/cookies.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { landingStep } from '../funnel/landing.js'; // Issue 28 (funnel)

export const sessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  route(app, calls.token, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const existing = readSignedCookie(request, SHOPPER_COOKIE);
    const step = landingStep(request.headers.referer); // Issue 28 (funnel): a page load, unless the back office's
    if (existing && (await services.sessions.findShopper(existing))) {
      if (step) services.funnel.seen(request.cookies[SHOPPER_COOKIE], step);
      return { newSession: false };
    }
    const session = await services.sessions.createShopper();
    if (step) services.funnel.seenSession(session.id, step);
    setSessionCookie(reply, config, SHOPPER_COOKIE, session.id, session.expiresAt);
    return { newSession: true };
  });
};
