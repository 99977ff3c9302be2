// Checkout calls (spec §7 Checkout): thin handlers over the checkout service; the session is the shopper cookie.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CallAnswer, calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { readSignedCookie, SHOPPER_COOKIE } from '../../http/cookies.js';
import { route } from '../../http/route.js';
import type { ExpressApproval } from './paypal-express.js';

/** Fastify sends a returned string as text; these answers are JSON strings ("pi_…_secret_…"). */
const sendJsonString = (reply: FastifyReply, value: string) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

/** What PayPal approved, in PayPal's own shape (Orders v2), as the spec's /paypal/getAuthorizationDetails answers it. */
const paypalAuthorizationAnswer = ({
  payer,
  shipping: s,
}: ExpressApproval): CallAnswer<'/paypal/getAuthorizationDetails'> => ({
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

  route(app, calls.checkoutConfig, async () => ({
    card: payments.card.name,
    publishableKey: payments.card.publishableKey,
    express: payments.express.name,
    paypalClientId: payments.express.clientId,
    paypalSdkUrl: config.paypal?.sdkUrl ?? '',
    // Issue 28 (abandoned checkouts): the contact step offers a reminder while the owner sends them.
    reminders: (await services.settings.read()).insights.checkoutReminders,
  }));

  route(app, calls.checkoutSummary, async (request) => checkout.summary(sid(request)));

  route(app, calls.removeBalance, async (request) => checkout.removeBalance(sid(request)));

  route(app, calls.placedOrder, async (request) => checkout.placedOrder(sid(request)));

  route(app, calls.stageCheck, async (request) => checkout.stageCheck(sid(request)));

  route(app, calls.getTaxRate, async (request) => ({
    taxRate: await checkout.taxRate(request.body.zipCode),
  }));

  route(app, calls.applyPromo, async (request) => checkout.applyPromo(sid(request), request.body.promo));

  route(app, calls.getShippingOptions, async (request) => {
    const options = await checkout.shippingOptions(sid(request), request.body.shippingInfo);
    services.funnel.seen(request.cookies[SHOPPER_COOKIE], 'gaveShipping'); // Issue 28 (funnel)
    // Issue 28 (abandoned checkouts): the bag gave an email (and maybe asked for a reminder).
    await services.abandoned.record(sid(request), request.body.shippingInfo.email, request.body.remindMe);
    return options;
  });

  route(app, calls.getClientSecret, async (request, reply) =>
    sendJsonString(reply, await checkout.clientSecret(sid(request), request.body)),
  );

  route(app, calls.placeOrder, async (request, reply) => {
    const sessionId = sid(request);
    const placed = await checkout.placeOrder(sessionId, request.body);
    services.funnel.seen(request.cookies[SHOPPER_COOKIE], 'placedOrder'); // Issue 28 (funnel)
    // The bag became the order: the next /getCart must not be answered from the bag cache.
    if (sessionId) services.bags.changed(reply, sessionId);
    return { success: true as const, ...placed };
  });

  route(app, calls.paypalCreateOrder, async (request, reply) =>
    sendJsonString(reply, await checkout.paypalCreateOrder(sid(request))),
  );

  route(app, calls.paypalAuthorizationDetails, async (request) =>
    paypalAuthorizationAnswer(await checkout.paypalAuthorizationDetails(sid(request), request.body.orderID)),
  );

  route(app, calls.paypalUpdateShippingAndTaxes, async (request) => {
    const answer = await checkout.paypalUpdateShippingAndTaxes(sid(request), request.body);
    services.funnel.seen(request.cookies[SHOPPER_COOKIE], 'gaveShipping'); // Issue 28 (funnel): PayPal's sheet gave them
    return answer;
  });

  route(app, calls.paypalCapture, async (request) => checkout.paypalCheckApproved(sid(request), request.body.orderId));
};
