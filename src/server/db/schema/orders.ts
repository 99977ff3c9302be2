// Orders, with the lines, addresses and return request they keep.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** What an order keeps of a gift card it sold (OrderLine.giftCard). */
export type OrderGiftCard = {
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  sendOn: string;
};

export type OrderLine = {
  itemId: string;
  title: string;
  url: string;
  productType: string;
  productName: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  picture: string | null;
  /** Set on a gift card line: final sale, no stock, sent by email. */
  giftCard?: OrderGiftCard;
  /** Set on a set's line (issue 27 item 4): each piece's size, in the set's order; `size` reads 'Bra 34C · Brief M'. */
  pieces?: { piece: string; size: string }[];
};
export type Address = {
  firstName: string;
  lastName: string;
  address: string;
  address2?: string;
  email?: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  country: string;
};
export type ReturnRequest = {
  creditSelected: boolean;
  items: { index: number; quantity: number }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalRefundCents: number;
  international: boolean;
  trackingNumber?: string;
  trackingUrlProvider?: string;
  requestedAt: string;
  refundedAt?: string;
  refundMethod?: 'store_credit' | 'original_payment';
  /** Set while the payment provider is asked for the refund, so a second refund waits for none (docs/decisions/013). */
  refundPendingAt?: string;
  /** The balance code a store-credit refund was credited to (a single-use promo code before balances). */
  giftCode?: string;
  /** The part of the refund that went back to the gift card or store credit the order was partly paid with. */
  balanceRestoredCents?: number;
  /** The payment provider's id of an original-payment refund. */
  providerRefundId?: string;
  /** Pieces put back into stock with the refund (0 when the owner did not restock). */
  restocked?: number;
  /**
   * Issue 29: what the payment provider had refunded outside the shop (its dashboard) when the refund
   * was claimed; the refund was capped so the shopper never gets back more than was paid.
   */
  providerRefundedCents?: number;
};

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** Makes a repeated submission of the same checkout one order. */
    checkoutKey: text('checkout_key').notNull(),
    cartId: char('cart_id', { length: 24 }),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    email: text('email').notNull(),
    shippingInfo: jsonb('shipping_info').$type<Address>().notNull(),
    billingInfo: jsonb('billing_info').$type<Address & { cardholderName?: string }>(),
    shippingType: text('shipping_type').notNull(),
    /** The promo as applied (spec §3), and the code's payout to its promoter at the time (cents). */
    promo: jsonb('promo').$type<{ code: string; type: string; discount: number; payoutCents?: number } | null>(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** The part of the total paid from a gift card or store credit balance; the rest was charged. */
    balanceCents: integer('balance_cents').notNull().default(0),
    balanceCode: text('balance_code'),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference'),
    paymentMethodDetails: jsonb('payment_method_details').$type<{ paymentMethod: string; detail: string }>(),
    /**
     * The provider's payment (card intent / PayPal order) while it is authorised but not captured:
     * set with the order, cleared by the capture. One left behind by a crash is captured by the
     * capture-recovery job (docs/decisions/017-capture-recovery.md).
     */
    pendingCaptureId: text('pending_capture_id'),
    processed: boolean('processed').notNull().default(false),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    returnRequest: jsonb('return_request').$type<ReturnRequest>(),
    /** When the order first became processed (issue 27: the order-status timeline); null before it kept the date. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_checkout_key_unique').on(t.checkoutKey),
    index('orders_created_idx').on(t.createdAt),
    index('orders_last_name_idx').on(sql`lower(${t.shippingInfo}->>'lastName')`),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    // The promoter's report reads a code's orders from `orders_promo_report_idx`, made by migration
    // 0006 and not declared here: it INCLUDEs the report's columns (an index-only scan, newest first),
    // which Drizzle's index builder cannot express.
    index('orders_pending_capture_idx').on(t.createdAt).where(sql`${t.pendingCaptureId} is not null`),
    // The payment-holds job asks, per open hold, whether an order took that payment.
    index('orders_payment_reference_idx').on(t.paymentReference).where(sql`${t.paymentReference} is not null`),
    index('orders_pending_capture_id_idx').on(t.pendingCaptureId).where(sql`${t.pendingCaptureId} is not null`),
  ],
);
