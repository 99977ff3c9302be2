// The admin gate (spec §6, ARCHITECTURE.md): every admin call needs a live admin session from the
// admin cookie, which is separate from the shopper's. A plugin that holds admin routes starts with
// `gateAdminRoutes(app, services.sessions)`: requireAdmin as its onRequest hook, and no-store answers.
// Cross-site writes are already refused for every route by rejectCrossSiteWrites (app.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionService } from '../modules/session/session-service.js';
import { ADMIN_COOKIE, readSignedCookie } from './cookies.js';
import { Unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on admin routes: who is signed in. */
    adminId?: number;
  }
}

export function requireAdmin(sessions: Pick<SessionService, 'findAdmin'>) {
  return async (request: FastifyRequest) => {
    const id = readSignedCookie(request, ADMIN_COOKIE);
    const session = id ? await sessions.findAdmin(id) : undefined;
    if (!session?.adminId) throw new Unauthorized('Please sign in as the shop owner');
    request.adminId = session.adminId;
  };
}

/** Puts every route of the plugin `app` behind the admin gate, its answers marked `cache-control: no-store`. */
export function gateAdminRoutes(
  app: Pick<FastifyInstance, 'addHook'>,
  sessions: Pick<SessionService, 'findAdmin'>,
): void {
  app.addHook('onRequest', requireAdmin(sessions));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
