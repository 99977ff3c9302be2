// A provider's event once its signature is checked and it is read: what the service stores and applies.
import type { PaymentEventProvider } from '../../db/schema.js';
import type { PaymentFact } from './payment-state.js';

export type ReceivedEvent = {
  provider: PaymentEventProvider;
  /** The provider's event id: stored once. */
  id: string;
  type: string;
  /** When the provider says it happened. */
  at: Date;
  objectId?: string | undefined;
  /** The provider's ids of the payment it is about (Stripe's payment intent; PayPal's capture and order). */
  paymentIds?: string[];
  /** What it says of that payment; absent: a kind of event the shop does not use (stored, ignored). */
  facts?: PaymentFact[];
};

/** The providers as the owner reads them (Activity's who, the Orders tab). */
export const PROVIDER_NAMES = { stripe: 'Stripe', paypal: 'PayPal' } as const satisfies Record<
  PaymentEventProvider,
  string
>;
