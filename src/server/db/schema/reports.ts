// The owner's figures (issue 28, decision 038): summaries of the orders kept by database triggers
// (migration overview-reports), whatever writes an order (checkout, refund, seed:scale, a restore),
// so the Overview adds up a few thousand narrow rows instead of scanning every order. Buckets are
// quarter hours of UTC: every time zone's midnight (whole, half and three-quarter hour offsets)
// falls on one, so any zone's days are exact sums of buckets. The application only reads these.
import { bigint, char, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** Per quarter hour: the orders placed in it (by their creation) and the refunds made in it (by refundedAt). */
export const reportSales = pgTable('report_sales', {
  bucket: timestamp('bucket', { withTimezone: true }).primaryKey(),
  orders: count('orders'),
  /** Pieces of goods (gift cards are not pieces; a set's line counts its quantity). */
  pieces: count('pieces'),
  /** Order totals less the gift cards they sold: goods after discounts, shipping and tax. */
  salesCents: cents('sales_cents'),
  discountCents: cents('discount_cents'),
  shippingCents: cents('shipping_cents'),
  taxCents: cents('tax_cents'),
  /** Gift cards sold (not revenue until spent). */
  giftCardCents: cents('gift_card_cents'),
  refunds: count('refunds'),
  refundCents: cents('refund_cents'),
});

const itemColumns = {
  itemId: char('item_id', { length: 24 }).notNull(),
  size: text('size').notNull(),
  /** The item's title on the latest order line counted here (the Overview prefers the item's current one). */
  title: text('title').notNull().default(''),
  pieces: count('pieces'),
  /** The pieces' prices less their share of the order's discount. */
  salesCents: cents('sales_cents'),
  /** Pieces of these sales refunded since (counted against the sale, whenever the refund came). */
  returned: count('returned'),
};

/** Per quarter hour × item × size: the pieces sold in orders placed then. */
export const reportItemSales = pgTable(
  'report_item_sales',
  { bucket: timestamp('bucket', { withTimezone: true }).notNull(), ...itemColumns },
  (t) => [
    primaryKey({ columns: [t.bucket, t.itemId, t.size] }),
    // The sizes of the few top items of a period.
    index('report_item_sales_item_idx').on(t.itemId, t.bucket),
  ],
);

/**
 * The same by UTC month and item (sizes left out: a year of a large catalogue is tens of thousands
 * of rows either way, and the ranking needs none): a long period ranks its whole months here and
 * only its edges above.
 */
export const reportItemMonths = pgTable(
  'report_item_months',
  {
    month: timestamp('month', { withTimezone: true }).notNull(),
    itemId: itemColumns.itemId,
    title: itemColumns.title,
    pieces: itemColumns.pieces,
    salesCents: itemColumns.salesCents,
    returned: itemColumns.returned,
  },
  (t) => [primaryKey({ columns: [t.month, t.itemId] })],
);
