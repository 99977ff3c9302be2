// The newsletter manager's calls (spec §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const newsletterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { newsletters } = services;
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getNewsletters, () => newsletters.list());

  route(app, calls.createNewsletter, async (request) => ({
    ok: true as const,
    newsletter: await newsletters.create(adminOf(request), request.body),
  }));

  route(app, calls.editNewsletter, async (request) => ({
    ok: true as const,
    newsletter: await newsletters.edit(adminOf(request), request.body),
  }));

  route(app, calls.sendTestNewsletter, async (request) => {
    await newsletters.sendTest(adminOf(request), request.body.id, request.body.email);
    return { success: true as const };
  });

  route(app, calls.cancelNewsletter, async (request) => {
    await newsletters.cancel(adminOf(request), request.body.id);
    return { ok: true as const };
  });
};
