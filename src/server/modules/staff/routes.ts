// Staff (issue 26 #4, #5): invitations, removal, roles, passwords, the reset link. The Staff tab's
// calls are the owner's (403 to staff); 'Change password' is everyone's; the one-time links' calls
// are not behind the gate (the link is the key) and are rate-limited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { FORGOT_ANSWER } from '../../../contract/values/staff.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes, gateOwnerRoutes } from '../../http/admin-guard.js';
import { ADMIN_COOKIE, setSessionCookie } from '../../http/cookies.js';
import { route } from '../../http/route.js';

export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const staff = services.staff;

  // ---- the Staff tab: the owner's ----
  await app.register(async (owner) => {
    gateOwnerRoutes(owner, services.sessions);
    route(owner, calls.staff, () => staff.list());
    route(owner, calls.inviteStaff, async (request) => ({
      ok: true as const,
      invitation: await staff.invite(adminOf(request), request.body),
    }));
    route(owner, calls.resendInvite, async (request) => ({
      ok: true as const,
      invitation: await staff.resend(adminOf(request), request.body.email),
    }));
    route(owner, calls.withdrawInvite, async (request) => {
      await staff.withdraw(adminOf(request), request.body.email);
      return { ok: true as const };
    });
    route(owner, calls.removeStaff, async (request) => {
      await staff.remove(adminOf(request), request.body.id);
      return { ok: true as const };
    });
    route(owner, calls.changeStaffRole, async (request) => ({
      ok: true as const,
      person: await staff.changeRole(adminOf(request), request.body.id, request.body.role),
    }));
  });

  // ---- everyone signed in: their own password ----
  await app.register(async (signedIn) => {
    gateAdminRoutes(signedIn, services.sessions);
    route(signedIn, calls.changePassword, async (request) => {
      await staff.changePassword(adminOf(request), request.body, request.ip);
      return { ok: true as const };
    });
  });

  // ---- one-time links: not behind the gate ----
  await app.register(async (links) => {
    links.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    route(links, calls.checkLink, (request) => staff.checkLink(request.body.token, request.body.kind, request.ip));
    route(links, calls.acceptInvite, async (request, reply) => {
      const { session, email, role } = await staff.acceptInvite(request.body.token, request.body.password, request.ip);
      setSessionCookie(reply, config, ADMIN_COOKIE, session.id, session.expiresAt);
      return { ok: true as const, email, role };
    });
    route(links, calls.forgotPassword, async (request) => {
      await staff.forgotPassword(request.body.email, request.ip);
      return { ok: true as const, message: FORGOT_ANSWER };
    });
    route(links, calls.resetPassword, async (request, reply) => {
      const { session, email, role } = await staff.resetPassword(request.body.token, request.body.password, request.ip);
      setSessionCookie(reply, config, ADMIN_COOKIE, session.id, session.expiresAt);
      return { ok: true as const, email, role };
    });
  });
};
