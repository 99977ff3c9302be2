// GET /openapi.json, the API document (openapi.ts), and /docs/api, a page to browse it: Swagger UI
// served by @fastify/swagger-ui from node_modules, so nothing of it is in the storefront's bundles.
// Both are public (decision 045): the paths are in the shop's scripts anyway, and every back-office
// call is refused on the server without the admin session. The page only reads: "Try it out" is
// offered for GET calls alone.
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { sendPrepared } from '../modules/catalog/routes.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './openapi-transform.js';
import { Prepared } from './prepared.js';

type Options = { documentHeaders: Record<string, string>; secure: boolean };

/**
 * The page's policy: its own scripts (any inline ones Swagger UI lists, by hash), nothing from
 * elsewhere. Styles may be inline, as on the shop's pages: Swagger UI sets some as it draws.
 */
const pagePolicy = (hashes: { script: string[] }, secure: boolean) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...hashes.script].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

export const openapiRoutes: FastifyPluginAsync<Options> = async (app, { documentHeaders, secure }) => {
  let document: Prepared<unknown> | undefined;
  app.get(OPENAPI_PATH, async (request, reply) => {
    // Built once, on the first call (the routes do not change while the process runs), and sent
    // compressed (~230 KB of JSON) with an ETag, like the catalog; compressed quickly, being large.
    document ??= Prepared.fromJson(JSON.stringify(app.swagger()), { fast: true });
    return sendPrepared(request, reply, document);
  });

  await app.register(async (page) => {
    let policy: string | undefined;
    const { 'content-security-policy': _shopPolicy, ...headers } = documentHeaders;
    page.addHook('onRequest', async (_request, reply) => {
      policy ??= pagePolicy(page.swaggerCSP, secure);
      reply.headers({ ...headers, 'content-security-policy': policy, 'cache-control': 'no-cache' });
    });
    await page.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      // The top bar (Swagger's logo, an address box for other documents) has nothing for this shop.
      theme: {
        title: 'Murashki shop API',
        css: [{ filename: 'shop.css', content: '.swagger-ui .topbar { display: none; }' }],
      },
      uiConfig: {
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        supportedSubmitMethods: ['get'],
      },
    });
  });
};
