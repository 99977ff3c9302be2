import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthenticateAnswerSchema,
  AuthenticateBodySchema,
  CheckTokenAnswerSchema,
} from '../../../contract/admin-auth.js';
import { ADMIN_COOKIE, clearSessionCookie, readSignedCookie, setSessionCookie } from '../../http/cookies.js';
import type { AppContext } from '../../context.js';

export const adminAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  app.post(
    '/authenticate',
    { schema: { body: AuthenticateBodySchema, response: { 200: AuthenticateAnswerSchema } } },
    async (request, reply) => {
      const session = await services.adminAuth.signIn(request.body.email, request.body.password, request.ip);
      if (!session) return { error: true, message: 'Incorrect email or password' };
      setSessionCookie(reply, config, ADMIN_COOKIE, session.id, session.expiresAt);
      return { error: false };
    },
  );

  app.get('/checkToken', { schema: { response: { 200: CheckTokenAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const id = readSignedCookie(request, ADMIN_COOKIE);
    return Boolean(id && (await services.sessions.findAdmin(id)));
  });

  app.post('/signout', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request, reply) => {
    const id = readSignedCookie(request, ADMIN_COOKIE);
    if (id) await services.sessions.end(id);
    clearSessionCookie(reply, config, ADMIN_COOKIE);
    return { ok: true as const };
  });
};
