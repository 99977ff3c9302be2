// Card payments through Stripe (official SDK): PaymentIntents with manual capture. Stripe's Payment
// Element in the browser confirms the card, wallet or Link with the client secret; this side
// creates, verifies and captures.
import Stripe from 'stripe';
import { STRIPE_PAYMENT_METHOD_TYPES } from '../../../contract/values/checkout.js';
import { PaymentError, type PaymentIntent, type PaymentProvider, type PaymentStatus } from './payment-provider.js';
import { describeStripePaymentMethod } from './stripe-card-description.js';

export type StripeOptions = {
  secretKey: string;
  publishableKey: string;
  /** Only for tests against a local fake of Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

const STATUS: Record<string, PaymentStatus> = {
  requires_capture: 'requires_capture',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const method = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method : undefined;
  return {
    id: pi.id,
    // Anything not yet authorised (requires_action, processing, …) counts as not paid.
    status: STATUS[pi.status] ?? 'requires_payment_method',
    amountCents: pi.amount,
    amountCapturedCents: pi.amount_received,
    currency: pi.currency,
    description: describeStripePaymentMethod(method),
  };
}

/** How long one request to Stripe may take before the SDK gives up on it. */
export const STRIPE_TIMEOUT_MS = 20_000;
/** How many times the SDK tries a request again after a network failure or time-out. */
export const STRIPE_NETWORK_RETRIES = 2;

/** Issue 29: the metadata of the back office's own refunds, so a webhook tells them from refunds made in Stripe's dashboard. */
export const SHOP_REFUND_METADATA = { refunded_by: 'shop' } as const;

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new PaymentError(err.message, err.code ?? err.type);
    throw err;
  }
}

export function stripeCardProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(options.api ?? {}),
  });
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    createIntent: ({ amountCents, idempotencyKey, metadata }) =>
      call(async () => {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            capture_method: 'manual',
            // What the Payment Element offers (issue 29): cards, the wallets that pay by card, Link.
            // Named, not the Dashboard's choice (automatic_payment_methods): docs/decisions/043.
            allowed_payment_method_types: [...STRIPE_PAYMENT_METHOD_TYPES],
            metadata,
          },
          // The amount is part of the key: Stripe refuses a reused key with other parameters.
          { idempotencyKey: `${idempotencyKey}:${amountCents}` },
        );
        return { id: pi.id, clientSecret: pi.client_secret ?? '' };
      }),
    retrieve: (id) =>
      call(async () => toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }))),
    capture: (id) =>
      call(async () => {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status === 'succeeded') return toIntent(current);
        return toIntent(await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture:${id}` }));
      }),
    cancel: (id) =>
      call(async () => {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status === 'canceled') return toIntent(current);
        return toIntent(await stripe.paymentIntents.cancel(id));
      }),
    refund: (id, amountCents) =>
      call(async () => {
        const refund = await stripe.refunds.create({
          payment_intent: id,
          ...(amountCents ? { amount: amountCents } : {}),
          metadata: SHOP_REFUND_METADATA,
        });
        return { id: refund.id, amountCents: refund.amount };
      }),
  };
}
