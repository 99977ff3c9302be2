// The Abandoned tab's call (issue 28 #4), behind the admin gate: the owner and staff may read it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const abandonedAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);
  route(app, calls.abandonedCheckouts, (request) => services.abandoned.list(request.query.page ?? 0));
};
