// Checkout calls (spec §7 Checkout): thin handlers over the checkout service; the session is the shopper cookie.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplyPromoAnswerSchema,
  ApplyPromoBodySchema,
  CheckoutConfigAnswerSchema,
  CheckoutSummaryAnswerSchema,
  RemoveBalanceAnswerSchema,
  GetClientSecretAnswerSchema,
  GetClientSecretBodySchema,
  GetShippingOptionsAnswerSchema,
  GetShippingOptionsBodySchema,
  GetTaxRateAnswerSchema,
  GetTaxRateBodySchema,
  PaypalAuthorizationAnswerSchema,
  PaypalAuthorizationBodySchema,
  PaypalCaptureAnswerSchema,
  PaypalCaptureBodySchema,
  PaypalCreateOrderBodySchema,
  PaypalUpdateAnswerSchema,
  PaypalUpdateBodySchema,
  PlaceOrderAnswerSchema,
  PlaceOrderBodySchema,
  PlacedOrderAnswerSchema,
  StageCheckAnswerSchema,
  StageCheckBodySchema,
} from '../../../contract/checkout.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { readSignedCookie, SHOPPER_COOKIE } from '../../http/cookies.js';
import type { ExpressApproval } from './paypal-express.js';

/** Fastify sends a returned string as text; these answers are JSON strings ("pi_…_secret_…"). */
const sendJsonString = (reply: FastifyReply, value: string) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

/** What PayPal approved, in PayPal's own shape (Orders v2), as the spec's /paypal/getAuthorizationDetails answers it. */
const paypalAuthorizationAnswer = ({
  payer,
  shipping: s,
}: ExpressApproval): z.infer<typeof PaypalAuthorizationAnswerSchema> => ({
  purchase_units: [
    {
      shipping: {
        name: { full_name: s.name },
        address: {
          address_line_1: s.address,
          address_line_2: s.address2,
          admin_area_2: s.city,
          admin_area_1: s.state,
          postal_code: s.zip,
          country_code: s.country,
        },
      },
    },
  ],
  payer: { name: { given_name: payer.givenName, surname: payer.surname }, email_address: payer.email },
});

export const checkoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const { checkout, payments } = services;
  const sid = (request: Parameters<typeof readSignedCookie>[0]) => readSignedCookie(request, SHOPPER_COOKIE);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/checkout/config', { schema: { response: { 200: CheckoutConfigAnswerSchema } } }, async () => ({
    card: payments.card.name,
    publishableKey: payments.card.publishableKey,
    express: payments.express.name,
    paypalClientId: payments.express.clientId,
    paypalSdkUrl: config.paypal?.sdkUrl ?? '',
  }));

  app.get('/checkout/summary', { schema: { response: { 200: CheckoutSummaryAnswerSchema } } }, async (request) =>
    checkout.summary(sid(request)),
  );

  app.post('/checkout/removeBalance', { schema: { response: { 200: RemoveBalanceAnswerSchema } } }, async (request) =>
    checkout.removeBalance(sid(request)),
  );

  app.get('/checkout/placed', { schema: { response: { 200: PlacedOrderAnswerSchema } } }, async (request) =>
    checkout.placedOrder(sid(request)),
  );

  app.post(
    '/stageCheck',
    { schema: { body: StageCheckBodySchema, response: { 200: StageCheckAnswerSchema } } },
    async (request) => checkout.stageCheck(sid(request)),
  );

  app.post(
    '/getTaxRate',
    { schema: { body: GetTaxRateBodySchema, response: { 200: GetTaxRateAnswerSchema } } },
    async (request) => ({
      taxRate: await checkout.taxRate(request.body.zipCode),
    }),
  );

  app.post(
    '/applyPromo',
    { schema: { body: ApplyPromoBodySchema, response: { 200: ApplyPromoAnswerSchema } } },
    async (request) => checkout.applyPromo(sid(request), request.body.promo),
  );

  app.post(
    '/order/getShippingOptions',
    { schema: { body: GetShippingOptionsBodySchema, response: { 200: GetShippingOptionsAnswerSchema } } },
    async (request) => checkout.shippingOptions(sid(request), request.body.shippingInfo),
  );

  app.post(
    '/api/getClientSecret',
    { schema: { body: GetClientSecretBodySchema, response: { 200: GetClientSecretAnswerSchema } } },
    async (request, reply) => sendJsonString(reply, await checkout.clientSecret(sid(request), request.body)),
  );

  app.post(
    '/placeOrder',
    { schema: { body: PlaceOrderBodySchema, response: { 200: PlaceOrderAnswerSchema } } },
    async (request, reply) => {
      const sessionId = sid(request);
      const placed = await checkout.placeOrder(sessionId, request.body);
      // The bag became the order: the next /getCart must not be answered from the bag cache.
      if (sessionId) services.bags.changed(reply, sessionId);
      return { success: true as const, ...placed };
    },
  );

  app.post(
    '/paypal/createOrder',
    { schema: { body: PaypalCreateOrderBodySchema, response: { 200: z.string() } } },
    async (request, reply) => sendJsonString(reply, await checkout.paypalCreateOrder(sid(request))),
  );

  app.post(
    '/paypal/getAuthorizationDetails',
    { schema: { body: PaypalAuthorizationBodySchema, response: { 200: PaypalAuthorizationAnswerSchema } } },
    async (request) =>
      paypalAuthorizationAnswer(await checkout.paypalAuthorizationDetails(sid(request), request.body.orderID)),
  );

  app.post(
    '/paypal/updateShippingAndTaxes',
    { schema: { body: PaypalUpdateBodySchema, response: { 200: PaypalUpdateAnswerSchema } } },
    async (request) => checkout.paypalUpdateShippingAndTaxes(sid(request), request.body),
  );

  app.post(
    '/paypal/capture',
    { schema: { body: PaypalCaptureBodySchema, response: { 200: PaypalCaptureAnswerSchema } } },
    async (request) => checkout.paypalCheckApproved(sid(request), request.body.orderId),
  );
};
