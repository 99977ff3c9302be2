// GET /metrics on the shop's own port, when METRICS_TOKEN is set and no METRICS_PORT: the token is
// asked as a bearer token (401 without it). Off (no route, so 404) otherwise; metrics-server.ts
// serves METRICS_PORT.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswerSchema } from '../../contract/common.js';
import type { AppContext } from '../context.js';
import { bearerToken, METRICS_UNAUTHORIZED } from './bearer-token.js';

export const metricsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const settings = config.metrics;
  if (!settings?.token || settings.port !== undefined) return;
  const allowed = bearerToken(settings.token);
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        response: {
          200: z.string().describe('Prometheus text format 0.0.4'),
          401: ErrorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!allowed(request.headers.authorization)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: 'unauthorized', message: METRICS_UNAUTHORIZED, requestId: request.id });
      }
      const body = await services.metrics.render();
      return reply.type(services.metrics.contentType).send(body);
    },
  );
};
