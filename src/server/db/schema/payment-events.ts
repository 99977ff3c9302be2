// Issue 29 (payment webhooks): every event Stripe or PayPal sent, kept once by its id, and what the
// providers reported of each order's payment (refunds made in their dashboards, disputes, a payment
// they failed or canceled), merged by the providers' own states so a late or repeated event changes
// nothing twice (docs/decisions/044-payment-webhooks.md).
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { orders } from './orders.js';

export const PAYMENT_EVENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type PaymentEventProvider = (typeof PAYMENT_EVENT_PROVIDERS)[number];

/** What became of an event: applied to its order, already known (nothing changed), not a kind the shop uses, or about no order of the shop. */
export const PAYMENT_EVENT_OUTCOMES = ['applied', 'unchanged', 'ignored', 'unknown_order'] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: PAYMENT_EVENT_PROVIDERS }).notNull(),
    /** The provider's event id (evt_… at Stripe, WH-… at PayPal): a replay or a second delivery finds it here. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The provider's object the event is about (payment intent, charge, refund, dispute, capture). */
    objectId: text('object_id'),
    /** The order it was applied to; null when no order of the shop has that payment (no foreign key: the record outlives an undone order). */
    orderId: bigint('order_id', { mode: 'number' }),
    /** When the provider says it happened (its own clock, not the arrival). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: PAYMENT_EVENT_OUTCOMES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/** A refund the provider reported, by its id. `byShop`: made by the back office's own refund (tagged when asked for). */
export type ProviderRefund = {
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  byShop: boolean;
  /** The provider's time of the state kept. */
  at: string;
};
export type ProviderDispute = {
  status: string;
  open: boolean;
  /** Once closed: won, lost, or closed (neither, e.g. withdrawn). */
  outcome?: 'won' | 'lost' | 'closed';
  reason: string;
  amountCents: number;
  /** When the shop must answer by, when the provider says. */
  dueBy?: string;
  at: string;
};
/** What the provider reported of an order's payment, merged from its events (src/server/modules/webhooks/payment-state.ts). */
export type ProviderPaymentState = {
  capture?: { status: 'captured' | 'failed' | 'canceled'; amountCents: number; message?: string; at: string };
  /** The provider's running total of refunds on the payment (Stripe's charge.amount_refunded, PayPal's total_refunded_amount). */
  refunded?: { totalCents: number; at: string };
  refunds: Record<string, ProviderRefund>;
  disputes: Record<string, ProviderDispute>;
};

export const orderPayments = pgTable('order_payments', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: PAYMENT_EVENT_PROVIDERS }).notNull(),
  state: jsonb('state').$type<ProviderPaymentState>().notNull(),
  updatedAt: updatedAt(),
});
