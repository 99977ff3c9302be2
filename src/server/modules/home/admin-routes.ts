// The owner's Home editor (issue 26 #2): GET and POST /admin/api/home. Staff may use both (Home is
// not owner-only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { homeService } from './home-service.js';

export const homeAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  const home = homeService(database.db, services.readModel, services.content);
  gateAdminRoutes(app, services.sessions);

  route(app, calls.adminHome, () => home.read());
  route(app, calls.saveHome, async (request) => ({
    ok: true as const,
    home: await home.save(adminOf(request), request.body),
  }));
};
