// The set-up checklist (issue 26 #1).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const setupAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
