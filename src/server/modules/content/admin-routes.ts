// The owner's info pages editor calls (spec §7 getAllInfo, createInfo, updateInfo), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const infoAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const info = services.infoAdmin;
  gateAdminRoutes(app, services.sessions);

  route(app, calls.getAllInfo, () => info.list());
  route(app, calls.createInfo, async (request) => ({
    ok: true as const,
    page: await info.create(request.body),
  }));
  route(app, calls.updateInfo, async (request) => ({
    ok: true as const,
    page: await info.update(request.body),
  }));
};
