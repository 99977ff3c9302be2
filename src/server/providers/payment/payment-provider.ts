// Card payments behind one interface, shaped like Stripe's PaymentIntents with manual capture:
// the shopper's browser confirms (authorises) the card with a client secret; the server verifies
// the authorised amount, takes stock, creates the order, then captures — or cancels on failure.
export type PaymentStatus = 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';

export type PaymentIntent = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  amountCapturedCents: number;
  currency: string;
  /** e.g. 'Visa •••• 4242', for the order's payment method details. */
  description: string | undefined;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The key the browser needs (Stripe's publishable key; 'sandbox' for the sandbox). */
  readonly publishableKey: string;
  /** One intent per checkout: the same key answers the same intent, with its amount updated. */
  createIntent(input: { amountCents: number; idempotencyKey: string; metadata?: Record<string, string> }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  retrieve(id: string): Promise<PaymentIntent>;
  capture(id: string): Promise<PaymentIntent>;
  /** Releases an authorisation that will not become an order. */
  cancel(id: string): Promise<PaymentIntent>;
  refund(id: string, amountCents?: number): Promise<{ id: string; amountCents: number }>;
}

/** A provider refused or failed; `message` is safe to show to the shopper. */
export class PaymentError extends Error {
  override name = 'PaymentError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Stripe's client secret is '<intent id>_secret_<random>'; the intent id is its prefix. */
export const intentIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';
