import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswerSchema } from '../../../contract/common.js';
import type { AppContext } from '../../context.js';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: ErrorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await database.ping();
      } catch {
        return reply.code(503).send({ error: 'unavailable', message: 'Database unreachable', requestId: request.id });
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
