import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { ADMIN_COOKIE, clearSessionCookie, readSignedCookie, setSessionCookie } from '../../http/cookies.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const adminAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  route(app, calls.authenticate, async (request, reply) => {
    const session = await services.adminAuth.signIn(request.body.email, request.body.password, request.ip);
    if (!session) return { error: true, message: 'Incorrect email or password' };
    setSessionCookie(reply, config, ADMIN_COOKIE, session.id, session.expiresAt);
    return { error: false };
  });

  route(app, calls.checkToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const id = readSignedCookie(request, ADMIN_COOKIE);
    return Boolean(id && (await services.sessions.findAdmin(id)));
  });

  route(app, calls.signOut, async (request, reply) => {
    const id = readSignedCookie(request, ADMIN_COOKIE);
    if (id) await services.sessions.end(id);
    clearSessionCookie(reply, config, ADMIN_COOKIE);
    return { ok: true as const };
  });

  await app.register(async (gated) => {
    gateAdminRoutes(gated, services.sessions);
    route(gated, calls.me, async (request) => {
      const { id, email, role } = adminOf(request);
      return { id, email, role };
    });
  });
};
