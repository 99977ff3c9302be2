// buildServices(deps): every service of the app, built once, each given the clock and the shop's contact details it needs.
// Route plugins take them from ctx.services; none builds its own.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ShopContactSource } from './email/layout.js';
import { rateLimiter } from './http/rate-limit.js';
import { adminAuthService, SIGNIN_LIMITS } from './modules/admin-auth/admin-auth-service.js';
import { adminCatalogService } from './modules/admin-catalog/admin-catalog-service.js';
import { backInStockService } from './modules/admin-catalog/back-in-stock-service.js';
import { bulkService } from './modules/admin-catalog/bulk-service.js';
import { bagCacheFor } from './modules/cart/bag-cache.js';
import { cartService } from './modules/cart/cart-service.js';
import { catalogService } from './modules/catalog/catalog-service.js';
import { checkoutService } from './modules/checkout/checkout-service.js';
import { contentService } from './modules/content/content-service.js';
import { infoAdminService } from './modules/content/info-admin-service.js';
import { marketingService } from './modules/marketing/marketing-service.js';
import { newsletterService } from './modules/newsletters/newsletter-service.js';
import { ordersService } from './modules/orders/orders-service.js';
import { promotionsAdmin } from './modules/promotions/promotions-admin.js';
import { promotionsService } from './modules/promotions/promotions-service.js';
import { returnsService } from './modules/returns/returns-service.js';
// Issue 27 (order status).
import { orderStatusLinker } from './modules/order-status/order-status-link.js';
import { orderStatusService } from './modules/order-status/order-status-service.js';
import { refundService } from './modules/returns/refund-service.js';
import { settingsService } from './modules/settings/settings-service.js';
import { shopContactOf, shopInfoOf } from './modules/settings/shop-contact.js';
import { setupService } from './modules/setup/setup-service.js';
import { shippingLabelsService } from './modules/shipping-labels/shipping-labels-service.js';
import { sessionService } from './modules/session/session-service.js';
import { staffService } from './modules/staff/staff-service.js';
import { paymentProviders } from './providers/payment/index.js';
import { shippingProvider } from './providers/shipping/index.js';
import { taxProvider } from './providers/tax/index.js';
import { createReadModel } from './read-model.js';
// Reviews from shoppers (issue 27 #6).
import { reviewInviter } from './modules/reviews/review-links.js';
import { reviewsService } from './modules/reviews/reviews-service.js';
// Issue 28: the funnel.
import { funnelService } from './modules/funnel/funnel-service.js';
// Issue 28 (demand).
import { demandService } from './modules/demand/demand-service.js';
// Issue 28 (abandoned checkouts).
import { abandonedService } from './modules/abandoned/abandoned-service.js';
// Issue 28 (exports and packing slips).
import path from 'node:path';
import { exportsService } from './modules/exports/exports-service.js';
import { packingSlipsService } from './modules/packing-slips/packing-slips-service.js';
import { slipPictures } from './modules/packing-slips/slip-pictures.js';
// Issue 28 (overview).
import { overviewService } from './modules/overview/overview-service.js';
// Search (issue 27).
import { searchService } from './modules/search/search-service.js';
// Issue 29 (payment webhooks).
import { paypalVerifier } from './modules/webhooks/paypal-events.js';
import { webhooksService } from './modules/webhooks/webhooks-service.js';
import { paypalApi } from './providers/payment/paypal-orders.js';
// Issue 29 (metrics and health).
import { metricsService } from './metrics/metrics-service.js';
import { readinessCheck } from './modules/health/readiness.js';

export function buildServices(deps: { config: Config; database: Database; clock?: Clock }, log: FastifyBaseLogger) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const readModel = createReadModel(deps.database, log);
  const limiter = rateLimiter(db);
  const sessions = sessionService(db, clock);
  const catalog = catalogService(db, readModel);
  const payments = paymentProviders(deps.config, db);
  const shopSettings = settingsService(db, readModel);
  // Checkout options, thresholds and tax overrides come from the owner's Settings (read-model cached).
  const shipping = shippingProvider(deps.config, db, clock, async () => (await shopSettings.read()).shipping);
  // The shop's name, address, support email and social links as the settings say now (issue 26): each
  // email reads them as it is written, before its transaction; pages through shopInfo (GET /shopInfo).
  // Issue 27 (order status): the order emails carry the signed /order-status address.
  const orderStatusUrl = orderStatusLinker(deps.config, clock);
  const shop: ShopContactSource = async () => ({
    ...shopContactOf(await shopSettings.read(), deps.config),
    orderStatusUrl,
  });
  const offer = async () => (await shopSettings.read()).marketing;
  const adminAuth = adminAuthService(db, sessions, limiter, {
    ...SIGNIN_LIMITS,
    perAddress: deps.config.signinLimitPerAddress ?? SIGNIN_LIMITS.perAddress,
  });
  // Issue 27 #6: the tracking email's 'Write a review' links, signed with the session secret.
  const reviewInvites = reviewInviter(deps.config.sessionSecret, clock);
  // Issue 28 (abandoned checkouts): the bag's writes go through the cart service.
  const cart = cartService(db, catalog, clock);
  return {
    settings: shopSettings,
    shopContact: shop,
    shopInfo: async () => shopInfoOf(await shopSettings.read(), deps.config),
    offer,
    setup: setupService({ db, config: deps.config, settings: shopSettings }),
    payments,
    shipping,
    checkout: checkoutService({
      db,
      catalog,
      readModel,
      clock,
      payments,
      tax: taxProvider(deps.config, async () => (await shopSettings.read()).tax.overrides, log),
      shipping,
      settings: shopSettings,
      shop,
      offer,
      log,
    }),
    readModel,
    limiter,
    sessions,
    content: contentService(db, readModel),
    catalog,
    // Search (issue 27).
    search: searchService({ db, catalog, readModel }),
    adminCatalog: adminCatalogService({ db, readModel }),
    backInStock: backInStockService({ db, shop }),
    bulk: bulkService({ db, readModel }),
    infoAdmin: infoAdminService(db, readModel),
    cart,
    bags: bagCacheFor(deps.config),
    newsletters: newsletterService(db, shop, clock),
    adminAuth,
    staff: staffService({ db, clock, limiter, shop, adminAuth, sessions }),
    marketing: marketingService({
      db,
      catalog,
      clock,
      limiter,
      shop,
      offer,
    }),
    returns: returnsService({ db, limiter, clock, shop, shipping, log }),
    refunds: refundService({ db, clock, payments, readModel, shop, log }),
    promotions: promotionsService({ db, limiter }),
    promotionsAdmin: promotionsAdmin(db, clock),
    orders: ordersService({ db, shop, reviewInvites }),
    shippingLabels: shippingLabelsService({ db, shipping, shop, settings: shopSettings, reviewInvites }),
    // Issue 27 #6: reviews from shoppers and their moderation.
    reviews: reviewsService({ db, readModel, secret: deps.config.sessionSecret, clock }),
    // Issue 27 (order status).
    orderStatus: orderStatusService({ db, limiter, clock, sessionSecret: deps.config.sessionSecret }),
    // Issue 28: the funnel's counts (in memory, written in batches).
    funnel: funnelService({
      db,
      clock,
      secret: deps.config.sessionSecret,
      timeZone: async () => (await shopSettings.read()).insights.timeZone,
      log,
    }),
    // Issue 28 (demand): the Demand tab's lists; the low-stock level is the owner's setting.
    demand: demandService({
      db,
      readModel,
      lowStockThreshold: async () => (await shopSettings.read()).insights.lowStockThreshold,
    }),
    // Issue 28 (abandoned checkouts).
    abandoned: abandonedService({
      db,
      clock,
      catalog,
      cart,
      settings: shopSettings,
      shop,
      secret: deps.config.sessionSecret,
      abandonAfterSeconds: deps.config.abandonAfterSeconds,
    }),
    // Issue 28 (exports and packing slips): the owner's CSVs and the slips' PDFs.
    exports: exportsService({ db, clock, timeZone: async () => (await shopSettings.read()).insights.timeZone }),
    packingSlips: packingSlipsService({
      db,
      clock,
      settings: shopSettings,
      picture: slipPictures({
        uploadsDir: path.join(deps.config.dataDir, 'uploads'),
        remoteBase: deps.config.storage.kind === 's3' ? deps.config.storage.publicUrl : undefined,
      }),
    }),
    // Issue 28 (overview): the owner's figures (its route hands it services.funnel).
    overview: overviewService({ db, clock, settings: shopSettings }),
    // Issue 29 (payment webhooks): Stripe's and PayPal's events, each endpoint off (404) until its secret is set.
    webhooks: webhooksService({
      db,
      shop,
      log,
      stripeSecret: deps.config.webhooks?.stripeSecret,
      paypal:
        deps.config.paypal && deps.config.webhooks?.paypalWebhookId
          ? paypalVerifier(
              paypalApi({
                clientId: deps.config.paypal.clientId,
                clientSecret: deps.config.paypal.clientSecret,
                baseUrl: deps.config.paypal.apiBase,
              }),
              deps.config.webhooks.paypalWebhookId,
            )
          : undefined,
    }),
    // Issue 29: GET /metrics's figures, and what GET /readyz checks.
    metrics: metricsService({ config: deps.config, database: deps.database, readModel }),
    readiness: readinessCheck({ database: deps.database, readModel }),
  };
}

export type Services = ReturnType<typeof buildServices>;
