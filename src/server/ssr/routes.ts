// Every GET that no JSON call or asset claims is a storefront page, rendered on the server.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app.js';
import { serverApi } from './server-api.js';
import type { StorefrontRenderer } from './storefront-renderer.js';

export const ssrRoutes: FastifyPluginAsync<
  AppContext & { renderer: StorefrontRenderer; documentHeaders: Record<string, string> }
> = async (app, { config, services, renderer, documentHeaders }) => {
  const api = serverApi(services);
  app.get('/*', async (request, reply) => {
    const result = await renderer.render({ url: request.url, api, publicUrl: config.publicUrl });
    if (result.redirect) return reply.redirect(result.redirect, result.status);
    return reply
      .headers(documentHeaders)
      .code(result.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(result.html);
  });
};
