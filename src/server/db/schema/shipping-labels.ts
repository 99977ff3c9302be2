// Shipping and return labels bought for orders.
import { bigint, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { orders } from './orders.js';

/** Raw bytes (a PDF): Buffer from node-postgres, Uint8Array from PGlite; Uint8Array here. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The shipping label of an order (issue 7): one per order (the key), so a repeated or concurrent
 * purchase finds it instead of buying another. The row is claimed ('buying') before the carrier is
 * called, outside any transaction, and completed ('bought') with the tracking. The table provider's
 * PDF is kept here (it carries the shopper's address, so it is served only behind the admin gate);
 * Shippo keeps its own at `remoteUrl`.
 */
export const shippingLabels = pgTable('shipping_labels', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['buying', 'bought'] })
    .notNull()
    .default('buying'),
  provider: text('provider').notNull(),
  rateId: text('rate_id').notNull(),
  /** What was bought, in the provider's words, when known: carrier, service, amount in cents. */
  rate: jsonb('rate').$type<{ provider: string; service: string; amountCents: number; currency: string } | null>(),
  trackingNumber: text('tracking_number'),
  trackingUrl: text('tracking_url'),
  pdf: bytea('pdf'),
  remoteUrl: text('remote_url'),
  createdAt: createdAt(),
});

/**
 * The prepaid return label of a US return request (issue 24 item 4): bought from the shipping
 * provider when the return is requested, from the shopper's address to the ship-from address. Its
 * id is the unguessable key of the shopper's link (/return-label/<id>.pdf). 'pending' when the
 * purchase failed: opening the link tries again; 'buying' while one request holds the purchase.
 */
export const returnLabels = pgTable(
  'return_labels',
  {
    id: text('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'buying', 'bought'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    /** Pieces in the parcel (its weight follows). */
    pieces: integer('pieces').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    pdf: bytea('pdf'),
    remoteUrl: text('remote_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('return_labels_order_idx').on(t.orderId)],
);
