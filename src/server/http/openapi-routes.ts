// GET /openapi.json, the API document (openapi.ts), and /docs/api, a page to browse it: Swagger UI
// served by @fastify/swagger-ui from node_modules, so nothing of it is in the storefront's bundles.
// Both are public (decision 045): the paths are in the shop's scripts anyway, and every back-office
// call is refused on the server without the admin session. The page only reads: "Try it out" is
// offered for GET calls alone. It wears the shop's look (api-docs-theme.ts).
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { sendPrepared } from '../modules/catalog/routes.js';
import { apiDocsTheme, builtFontFaces, withShopFavicon } from './api-docs-theme.js';
import { API_TITLE } from './openapi.js';
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
    page.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? withShopFavicon(payload)
        : payload,
    );
    await page.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      // The shop's name, fonts and colours (the web build's font files when there is one); its favicon is added above.
      theme: apiDocsTheme(API_TITLE, builtFontFaces()),
      uiConfig: {
        // Without Swagger's top bar (its logo, an address box for other documents): nothing there is the shop's.
        layout: 'BaseLayout',
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        // Examples as plain text on the shop's sand: the highlighter's themes are all dark.
        syntaxHighlight: false,
        supportedSubmitMethods: ['get'],
      },
    });
  });
};
