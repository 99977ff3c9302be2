// The set-up checklist (issue 26 #1): GET /admin/api/setup, POST /admin/api/setupHidden {hidden}. Owner only.
// (Not POST /admin/api/setup: the call table names each path once, and the browser types calls by path.)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateOwnerRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const setupAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateOwnerRoutes(app, services.sessions);
  route(app, calls.setup, () => services.setup.read());
  route(app, calls.setSetupHidden, (request) => services.setup.setHidden(request.body.hidden));
};
