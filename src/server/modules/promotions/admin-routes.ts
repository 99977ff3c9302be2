// The owner's promotions editor calls (spec §2, §7 Admin), behind the admin gate. Staff may edit
// promotions too, but not the promoter's side of one (issue 26 #4): a 'Performance access pass' or a
// payout set or changed by staff is refused (403), whatever the screen shows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { toCents } from '../../../domain/money.js';
import type { AppContext } from '../../context.js';
import { adminOf, assertOwner, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const promotionsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const editor = services.promotionsAdmin;
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getAllPromotions, () => editor.list());

  route(app, calls.createPromotions, async (request) => {
    if (request.body.password || toCents(request.body.payout) !== 0) assertOwner(request);
    return { ok: true as const, promotion: await editor.create(adminOf(request), request.body) };
  });

  route(app, calls.updatePromotions, async (request) => {
    const { password, payout } = request.body;
    if (password) assertOwner(request);
    // The whole form may come back with the payout as it was: only a change is the owner's.
    if (payout !== undefined && adminOf(request).role !== 'owner') {
      const current = await editor.one(request.body);
      if (toCents(payout) !== toCents(current.payout)) assertOwner(request);
    }
    return { ok: true as const, promotion: await editor.update(adminOf(request), request.body) };
  });

  route(app, calls.deletePromotions, async (request) => {
    await editor.remove(adminOf(request), request.body);
    return { ok: true as const };
  });
};
