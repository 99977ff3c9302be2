// Search (issue 27): GET /searchItems?q=&page=.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.searchItems, async (request) => services.search.search(request.query.q, request.query.page));
};
