// Payments: the sandbox provider's records and the checkout's payment holds.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The sandbox payment provider's own records, kept like a card network would: in the database, so
 * every server copy sees the same authorisations. Real providers (Stripe, PayPal) keep theirs.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['card', 'paypal'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_capture', 'succeeded', 'canceled'],
    })
      .notNull()
      .default('requires_payment_method'),
    /** What the payer entered that a real provider would keep: last four digits, name, PayPal payer. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    amountCapturedCents: integer('amount_captured_cents').notNull().default(0),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_payments_idempotency_unique').on(t.idempotencyKey)],
);

/**
 * Every payment the checkout opened with a provider (a card intent, a PayPal order): an open hold
 * that no order took is released by the payment-holds job once it is old enough (issue 24 item 28:
 * a crash mid-checkout must not leave a shopper's funds held). `closedAt` ends its watch.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    /** The provider's id: card intent id or PayPal order id. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'paypal'] }).notNull(),
    method: text('method', { enum: ['card', 'paypal'] }).notNull(),
    /** The shopper session that opened it (no foreign key: sessions are purged, holds outlive them). */
    sessionId: text('session_id'),
    checkoutKey: text('checkout_key').notNull(),
    createdAt: createdAt(),
    /** Last time the checkout asked for this payment again (the job measures age from here). */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** released (by the job or the checkout), ordered (an order took it), captured (taken with no order: for the owner). */
    outcome: text('outcome', { enum: ['released', 'ordered', 'captured', 'missing'] }),
  },
  (t) => [index('payment_holds_open_idx').on(t.touchedAt).where(sql`${t.closedAt} is null`)],
);
