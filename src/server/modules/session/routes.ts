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
    if (existing && (await services.sessions.findShopper(existing))) {
      services.funnel.seen(request.cookies[SHOPPER_COOKIE], landingStep(request.headers.referer)); // Issue 28 (funnel): a page load
      return { newSession: false };
    }
    const session = await services.sessions.createShopper();
    services.funnel.seenSession(session.id, landingStep(request.headers.referer)); // Issue 28 (funnel): a page load
    setSessionCookie(reply, config, SHOPPER_COOKIE, session.id, session.expiresAt);
    return { newSession: true };
  });
};
