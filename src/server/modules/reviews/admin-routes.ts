// The Reviews tab's calls (issue 27 #6), behind the admin gate: the owner and staff moderate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const reviewsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  route(app, calls.shopperReviews, (request) => services.reviews.list(request.query.status));
  route(app, calls.moderateReview, async (request) => ({
    ok: true as const,
    review: await services.reviews.moderate(adminOf(request), request.body.id, request.body.decision),
  }));
};
