// The Activity tab's calls (issue 26 #6), owner only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const activityAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
