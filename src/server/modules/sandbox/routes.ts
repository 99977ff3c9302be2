// The sandbox payment providers' browser-facing calls: what Stripe.js and PayPal's window do
// against the real services. Registered only when the sandbox is the provider (no keys set).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { Conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';

export const sandboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { sandboxCard, sandboxPaypal } = services.payments;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  if (sandboxCard) {
    // Like Stripe.js confirmCardPayment: a decline is an answer ({ error }), not a failed call.
    route(app, calls.sandboxCardConfirm, async (request) => sandboxCard.confirm(request.body));
    // Issue 29: the sandbox wallet, like a wallet in Stripe's Payment Element, pays with the card it holds.
    route(app, calls.sandboxCardWallet, async (request) => sandboxCard.confirmWallet(request.body));
    // Like Stripe.js retrievePaymentIntent: the intent's state, to whoever holds its client secret.
    route(app, calls.sandboxCardRetrieve, async (request) => sandboxCard.retrieveBySecret(request.body.clientSecret));
  }

  if (sandboxPaypal) {
    route(app, calls.sandboxPaypalApprove, async (request) => {
      try {
        const order = await sandboxPaypal.approve(request.body);
        return { id: order.id, status: order.status };
      } catch (err) {
        if (err instanceof PaymentError) throw new Conflict(err.message);
        throw err;
      }
    });
  }
};
