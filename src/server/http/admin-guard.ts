// The admin gate (spec §6, ARCHITECTURE.md): every admin call needs a live admin session from the
// admin cookie, which is separate from the shopper's. Register it as an onRequest hook of the plugin
// that holds admin routes: `app.addHook('onRequest', requireAdmin(services.sessions))`.
// Cross-site writes are already refused for every route by rejectCrossSiteWrites (app.ts).
import type { FastifyRequest } from 'fastify';
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
