// Search (issue 27): GET /searchItems?q=&page=, pre-serialised with an ETag like the catalog's reads.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { sendPrepared } from '../catalog/routes.js';

export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.searchItems, async (request, reply) =>
    sendPrepared(request, reply, await services.search.search(request.query.q, request.query.page)),
  );
};
