// GET /admin/api/overview (issue 28 #1), behind the admin gate: the owner and staff both read it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const overviewAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.overview, (request) => services.overview.read(request.query, services.funnel));
};
