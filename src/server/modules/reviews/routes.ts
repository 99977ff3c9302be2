// The review page's calls (issue 27 #6): the link is the key, so neither needs a session; answers
// are never cached (a link is used up once its review is sent).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const reviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, calls.reviewLink, (request) => services.reviews.link(request.query.t));
  route(app, calls.submitReview, (request) => services.reviews.submit(request.body));
};
