import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswerSchema } from '../../../contract/common.js';
import type { AppContext } from '../../context.js';

// Issue 29 (health): what /readyz reports, check by check.
const ChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  readModel: z.enum(['ok', 'not listening']),
});

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
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

  // Issue 29: liveness, 200 while the process runs and serves (no database call: an outage must not
  // get the process restarted). For a Kubernetes livenessProbe or a systemd watchdog.
  app.get(
    '/livez',
    { logLevel: 'warn', schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // Issue 29: readiness, 200 only when this copy can serve (database, migrations, read model); else
  // 503 naming the checks that failed. For a Kubernetes readinessProbe or a load balancer's health check.
  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), checks: ChecksSchema }),
          503: ErrorAnswerSchema.extend({ checks: ChecksSchema }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { ready, checks, message } = await services.readiness();
      if (!ready) return reply.code(503).send({ error: 'unavailable', message, requestId: request.id, checks });
      return { status: 'ready' as const, checks };
    },
  );
};
