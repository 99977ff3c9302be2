// The owner's promotions editor calls (spec §2, §7 Admin), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const promotionsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const editor = services.promotionsAdmin;
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getAllPromotions, () => editor.list());

  route(app, calls.createPromotions, async (request) => ({
    ok: true as const,
    promotion: await editor.create(adminOf(request), request.body),
  }));

  route(app, calls.updatePromotions, async (request) => ({
    ok: true as const,
    promotion: await editor.update(adminOf(request), request.body),
  }));

  route(app, calls.deletePromotions, async (request) => {
    await editor.remove(adminOf(request), request.body);
    return { ok: true as const };
  });
};
