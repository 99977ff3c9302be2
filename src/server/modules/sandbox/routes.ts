// The sandbox payment providers' browser-facing calls: what Stripe.js and PayPal's window do
// against the real services. Registered only when the sandbox is the provider (no keys set).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SandboxCardConfirmAnswerSchema,
  SandboxCardConfirmBodySchema,
  SandboxCardRetrieveAnswerSchema,
  SandboxCardRetrieveBodySchema,
  SandboxPaypalApproveAnswerSchema,
  SandboxPaypalApproveBodySchema,
} from '../../../contract/checkout.js';
import type { AppContext } from '../../context.js';
import { Conflict } from '../../http/errors.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';

export const sandboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { sandboxCard, sandboxPaypal } = services.payments;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  if (sandboxCard) {
    // Like Stripe.js confirmCardPayment: a decline is an answer ({ error }), not a failed call.
    app.post(
      '/sandbox/card/confirm',
      { schema: { body: SandboxCardConfirmBodySchema, response: { 200: SandboxCardConfirmAnswerSchema } } },
      async (request) => sandboxCard.confirm(request.body),
    );
    // Like Stripe.js retrievePaymentIntent: the intent's state, to whoever holds its client secret.
    app.post(
      '/sandbox/card/retrieve',
      { schema: { body: SandboxCardRetrieveBodySchema, response: { 200: SandboxCardRetrieveAnswerSchema } } },
      async (request) => sandboxCard.retrieveBySecret(request.body.clientSecret),
    );
  }

  if (sandboxPaypal) {
    app.post(
      '/sandbox/paypal/approve',
      { schema: { body: SandboxPaypalApproveBodySchema, response: { 200: SandboxPaypalApproveAnswerSchema } } },
      async (request) => {
        try {
          const order = await sandboxPaypal.approve(request.body);
          return { id: order.id, status: order.status };
        } catch (err) {
          if (err instanceof PaymentError) throw new Conflict(err.message);
          throw err;
        }
      },
    );
  }
};
