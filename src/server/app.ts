// buildApp(deps): a ready Fastify instance, not listening. main.ts listens; tests call app.inject().
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext, AppDeps } from './context.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { catalogFastPath } from './http/fast-path.js';
import { rejectInvalidText } from './http/valid-text.js';
import { safeLoggerOptions } from './http/safe-logging.js';
// Issue 29 (OpenAPI).
import { registerOpenapi } from './http/openapi.js';
import { openapiRoutes } from './http/openapi-routes.js';
import { rejectCrossSiteWrites } from './http/same-origin.js';
import { securityHeaders } from './http/security-headers.js';
import { validatorCompiler } from './http/zod-validator.js';
import { adminAuthRoutes } from './modules/admin-auth/routes.js';
import { activityAdminRoutes } from './modules/activity/admin-routes.js';
import { adminCatalogRoutes } from './modules/admin-catalog/admin-routes.js';
import { bagFastPath } from './modules/cart/bag-fast-path.js';
import { nonEmptyCartsRoutes } from './modules/cart/admin-routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
// Search (issue 27).
import { searchRoutes } from './modules/search/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { infoAdminRoutes } from './modules/content/admin-routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { homeAdminRoutes } from './modules/home/admin-routes.js';
import { marketingRoutes } from './modules/marketing/routes.js';
import { subscriptionsAdminRoutes } from './modules/marketing/admin-routes.js';
import { newsletterRoutes } from './modules/newsletters/admin-routes.js';
import { adminOrderRoutes } from './modules/orders/admin-routes.js';
import { promotionsAdminRoutes } from './modules/promotions/admin-routes.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { adminReturnRoutes } from './modules/returns/admin-routes.js';
import { returnsRoutes } from './modules/returns/routes.js';
import { orderStatusRoutes } from './modules/order-status/routes.js'; // issue 27
import { shippingLabelRoutes } from './modules/shipping-labels/admin-routes.js';
import { sandboxRoutes } from './modules/sandbox/routes.js';
import { seoRoutes } from './modules/seo/routes.js';
import { settingsAdminRoutes } from './modules/settings/admin-routes.js';
import { shopInfoRoutes } from './modules/settings/shop-info-routes.js';
import { setupAdminRoutes } from './modules/setup/admin-routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { buildServices } from './services.js';
// Reviews from shoppers (issue 27 #6).
import { reviewRoutes } from './modules/reviews/routes.js';
import { reviewsAdminRoutes } from './modules/reviews/admin-routes.js';
// Issue 28 (demand).
import { demandAdminRoutes } from './modules/demand/admin-routes.js';
// Issue 28 (abandoned checkouts).
import { abandonedAdminRoutes } from './modules/abandoned/admin-routes.js';
import { abandonedRoutes } from './modules/abandoned/routes.js';
// Issue 28 (overview).
import { overviewAdminRoutes } from './modules/overview/admin-routes.js';
import { storefrontRenderer, webRoot } from './ssr/storefront-renderer.js';
// Issue 28 (exports and packing slips).
import { exportsAdminRoutes } from './modules/exports/admin-routes.js';
import { packingSlipRoutes } from './modules/packing-slips/admin-routes.js';
import { ssrRoutes } from './ssr/routes.js';
// Issue 29 (payment webhooks).
import { webhookRoutes } from './modules/webhooks/routes.js';
// Issue 29 (metrics).
import { metricsRoutes } from './metrics/metrics-routes.js';

// Route plugins import AppContext from context.ts (importing it from here made every route part of a type cycle through app.ts).
export type { AppContext, AppDeps } from './context.js';

export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 120_000;

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(deps: AppDeps) {
  const headers = securityHeaders(deps.config);
  // Set once the services exist; until then every request goes through Fastify.
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const app = Fastify({
    // A client that trickles its headers, or a body, holds a connection: headers must be in within
    // HEADERS_TIMEOUT_MS and the whole request within REQUEST_TIMEOUT_MS (Node's own defaults are
    // 60 s and 300 s). The latter leaves a 50 MB upload 2 minutes; a balancer in front should buffer.
    serverFactory: (handler) =>
      createServer(
        { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
        (req, res) => fastPath?.(req, res) || handler(req, res),
      ),
    logger: safeLoggerOptions(deps.logger ?? { level: deps.config.logLevel }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // A hop count as proxy-addr reads one: the first n addresses from the shop's side are proxies.
    trustProxy:
      typeof deps.config.trustProxy === 'number' ? hopsTrusted(deps.config.trustProxy) : deps.config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = buildServices(deps, app.log);
  // Issue 29 (metrics): every route counts its answers; the fast path's are timed around it (decision 046).
  const httpMetrics = services.metrics.enabled ? services.metrics.http : undefined;
  if (httpMetrics) app.addHook('onRoute', httpMetrics.onRoute);
  const catalogFast = catalogFastPath(services.catalog, headers.api);
  const bagFast = bagFastPath(services.bags, services.catalog, headers.api);
  // Issue 28 (funnel): a product read served here counts its session (a map lookup, decision 039).
  fastPath = (req, res) => {
    if (!catalogFast(req, res)) return bagFast(req, res);
    if (req.url?.startsWith('/product?')) services.funnel.seenInHeader(req.headers.cookie, 'viewedProduct');
    return true;
  };
  if (httpMetrics) fastPath = httpMetrics.timed(fastPath);
  const ctx: AppContext = { ...deps, services };
  app.decorate('ctx', ctx);

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(httpMetrics ? httpMetrics.unmatched(notFoundHandler) : notFoundHandler);
  // Issue 29 (OpenAPI): before any route, so the document learns every one of them.
  await registerOpenapi(app);

  await app.register(cookie, { secret: deps.config.sessionSecret });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers.api);
  });
  app.addHook('onRequest', rejectCrossSiteWrites(deps.config));
  app.addHook('preValidation', rejectInvalidText);

  // Built web assets have content-hashed names: cache them for a year.
  await app.register(fastifyStatic, {
    root: path.join(webRoot, 'client', 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    wildcard: true,
    decorateReply: false,
  });
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    maxAge: '30d',
    decorateReply: false,
    // Pictures appear in emails: a webmail page (another origin) must be allowed to show them. Opened
    // on their own, files here run nothing and cannot act as the shop's pages, whatever they hold.
    setHeaders: (reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });

  await app.register(healthRoutes, ctx);
  await app.register(metricsRoutes, ctx); // issue 29
  await app.register(sessionRoutes, ctx);
  await app.register(contentRoutes, ctx);
  await app.register(shopInfoRoutes, ctx);
  await app.register(catalogRoutes, ctx);
  // Search (issue 27).
  await app.register(searchRoutes, ctx);
  await app.register(cartRoutes, ctx);
  await app.register(checkoutRoutes, ctx);
  await app.register(marketingRoutes, ctx);
  await app.register(sandboxRoutes, ctx);
  await app.register(seoRoutes, ctx);
  await app.register(adminAuthRoutes, ctx);
  await app.register(adminCatalogRoutes, ctx);
  await app.register(newsletterRoutes, ctx);
  await app.register(infoAdminRoutes, ctx);
  await app.register(nonEmptyCartsRoutes, ctx);
  await app.register(subscriptionsAdminRoutes, ctx);
  await app.register(returnsRoutes, ctx);
  await app.register(orderStatusRoutes, ctx); // issue 27 (order status)
  await app.register(promotionsRoutes, ctx);
  await app.register(promotionsAdminRoutes, ctx);
  await app.register(adminOrderRoutes, ctx);
  await app.register(adminReturnRoutes, ctx);
  await app.register(shippingLabelRoutes, ctx);
  await app.register(homeAdminRoutes, ctx);
  await app.register(settingsAdminRoutes, ctx);
  await app.register(staffRoutes, ctx);
  await app.register(activityAdminRoutes, ctx);
  await app.register(setupAdminRoutes, ctx);
  // Issue 27 #6: reviews from shoppers.
  await app.register(reviewRoutes, ctx);
  await app.register(reviewsAdminRoutes, ctx);
  // Issue 28 (demand).
  await app.register(demandAdminRoutes, ctx);
  // Issue 28 (abandoned checkouts).
  await app.register(abandonedRoutes, ctx);
  await app.register(abandonedAdminRoutes, ctx);
  // Issue 28 (exports and packing slips).
  await app.register(exportsAdminRoutes, ctx);
  await app.register(packingSlipRoutes, ctx);
  // Issue 28 (overview).
  await app.register(overviewAdminRoutes, ctx);
  // Issue 29 (payment webhooks): raw bodies, parsed inside this plugin only.
  await app.register(webhookRoutes, ctx);
  // Issue 29 (OpenAPI): GET /openapi.json and the page that shows it, /docs/api.
  await app.register(openapiRoutes, { documentHeaders: headers.document, secure: deps.config.secureCookies });
  await app.register(ssrRoutes, { ...ctx, renderer: storefrontRenderer(), documentHeaders: headers.document });

  app.addHook('onReady', () => services.readModel.start());
  app.addHook('onClose', () => services.readModel.stop());
  // Issue 28 (funnel): what is counted in memory is written at shutdown (main.ts starts the periodic writes).
  app.addHook('onClose', () => services.funnel.stop());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
