// Staff (issue 26 #4, #5): invitations, removal, passwords, the reset link.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
