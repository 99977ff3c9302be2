// The bag: carts, their lines, and gift cards in them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { items } from './catalog.js';

export const carts = pgTable(
  'carts',
  {
    id: char('id', { length: 24 }).primaryKey(),
    sessionId: text('session_id').notNull(),
    /** Set once the bag became an order; the admin's Non-Empty Carts list shows it. */
    orderId: bigint('order_id', { mode: 'number' }),
    /** When the shopper last went to checkout with this bag (POST /requestCheckout); Non-Empty Carts shows it. */
    checkoutRequestedAt: timestamp('checkout_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_session_idx').on(t.sessionId), index('carts_created_idx').on(t.createdAt)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: char('cart_id', { length: 24 })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_unique').on(t.cartId, t.itemId, t.productType, t.color, t.size),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Gift cards in a bag (issue 24 item 3): money for a recipient, not goods, so no stock, size or item.
 * /getCart shows each after the bag's pieces, as a line with a `giftCard` field.
 */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    id: serial('id').primaryKey(),
    cartId: char('cart_id', { length: 24 })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    /** The day the recipient gets it, YYYY-MM-DD. */
    sendOn: text('send_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_gift_cards_cart_idx').on(t.cartId),
    check('cart_gift_cards_amount', sql`${t.amountCents} between 5000 and 50000`),
  ],
);
