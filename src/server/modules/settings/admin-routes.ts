// The Settings tab's calls (issue 26 #3), owner only: GET and POST /admin/api/settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const settingsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
