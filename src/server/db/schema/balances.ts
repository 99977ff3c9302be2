// Balances: store credit and gift cards, with their ledger.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/**
 * A balance a shopper spends like a payment (ARCHITECTURE "Balances"), named by its code: store
 * credit from a refund, or a gift card bought in the shop. `remainingCents` is the sum of its
 * ledger (balance_entries), kept here so that spending is one conditional update that can never go
 * below zero or spend the same money twice.
 */
export const balances = pgTable(
  'balances',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['store_credit', 'gift_card'] }).notNull(),
    /** Store credit: the shopper it was refunded to. Gift card: its recipient. The code alone spends it. */
    issuedTo: text('issued_to'),
    remainingCents: integer('remaining_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('balances_code_lower_unique').on(sql`lower(${t.code})`),
    index('balances_issued_to_idx').on(sql`lower(${t.issuedTo})`, t.kind),
    check('balances_remaining_nonnegative', sql`${t.remainingCents} >= 0`),
  ],
);

/** The ledger of a balance: every amount issued to it, spent from it by an order, or restored to it. */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => balances.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issued', 'spent', 'restored'] }).notNull(),
    /** Always positive; `kind` says which way it went. */
    amountCents: integer('amount_cents').notNull(),
    /** The order that spent it, bought it, or whose refund or failure restored it. */
    orderId: bigint('order_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_entries_balance_idx').on(t.balanceId, t.id),
    check('balance_entries_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
