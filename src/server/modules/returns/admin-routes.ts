// The owner's refund of a return (issue #7 item 2), behind the admin gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const adminReturnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.refundReturn, async (request) => services.refunds.refundReturn(adminOf(request), request.body));
};
