// The admin gate (spec §6, ARCHITECTURE.md): every admin call needs a live admin session from the
// admin cookie, which is separate from the shopper's. A plugin that holds admin routes starts with
// `gateAdminRoutes(app, services.sessions)`: requireAdmin as its onRequest hook, and no-store answers.
// A plugin of owner-only calls (Settings, Staff, Activity) uses `gateOwnerRoutes` instead; a single
// owner-only field inside a staff call checks `assertOwner(request)`.
// Cross-site writes are already refused for every route by rejectCrossSiteWrites (app.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OWNER_ONLY, type AdminRole } from '../../contract/values/admin.js';
import type { SessionService } from '../modules/session/session-service.js';
import { ADMIN_COOKIE, readSignedCookie } from './cookies.js';
import { Forbidden, Unauthorized } from './errors.js';

/** The signed-in admin, as the admin gate found them. */
export type SignedInAdmin = { id: number; email: string; role: AdminRole; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on admin routes: who is signed in. */
    adminId?: number;
    /** Set by requireAdmin on admin routes: who is signed in, and as what. */
    admin?: SignedInAdmin;
  }
}

type AccountFinder = Pick<SessionService, 'findAdminAccount'>;

export function requireAdmin(sessions: AccountFinder) {
  return async (request: FastifyRequest) => {
    const id = readSignedCookie(request, ADMIN_COOKIE);
    const account = id ? await sessions.findAdminAccount(id) : undefined;
    if (!account) throw new Unauthorized('Please sign in as the shop owner');
    request.adminId = account.id;
    request.admin = account;
  };
}

/** The admin of a gated route (throws if the route is not behind the gate, a programming error). */
export function adminOf(request: FastifyRequest): SignedInAdmin {
  if (!request.admin) throw new Unauthorized('Please sign in as the shop owner');
  return request.admin;
}

/** Refuses (403) a staff member; the owner passes. */
export function assertOwner(request: FastifyRequest): void {
  if (adminOf(request).role !== 'owner') throw new Forbidden(OWNER_ONLY);
}

/** Puts every route of the plugin `app` behind the admin gate, its answers marked `cache-control: no-store`. */
export function gateAdminRoutes(app: Pick<FastifyInstance, 'addHook'>, sessions: AccountFinder): void {
  app.addHook('onRequest', requireAdmin(sessions));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** As gateAdminRoutes, and every route of the plugin refused (403) to staff. */
export function gateOwnerRoutes(app: Pick<FastifyInstance, 'addHook'>, sessions: AccountFinder): void {
  gateAdminRoutes(app, sessions);
  app.addHook('onRequest', async (request) => assertOwner(request));
}
