// The owner's Home editor (issue 26 #2): GET and POST /admin/api/home.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const homeAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
