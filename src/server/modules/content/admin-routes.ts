// The owner's info pages editor calls (spec §7 getAllInfo, createInfo, updateInfo; issue 26 deleteInfo
// and footerLinks), behind the admin gate. Each change is recorded in Activity with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const infoAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const info = services.infoAdmin;
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getAllInfo, () => info.list());
  route(app, calls.createInfo, async (request) => ({
    ok: true as const,
    page: await info.create(adminOf(request), request.body),
  }));
  route(app, calls.updateInfo, async (request) => ({
    ok: true as const,
    page: await info.update(adminOf(request), request.body),
  }));
  route(app, calls.deleteInfo, async (request) => {
    await info.remove(adminOf(request), request.body.page_name);
    return { ok: true as const };
  });
  route(app, calls.saveFooterLinks, (request) => info.saveFooterLinks(adminOf(request), request.body.pages));
};
