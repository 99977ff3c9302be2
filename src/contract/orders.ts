// Orders: the order number as the calls carry it, and the owner's order processing (spec §7 Admin).
import { z } from 'zod';
import { PLACED_ORDERS_LIMIT } from './values/admin.js';
import { OrderFilterSchema, PLACED_ORDERS_MAX_PAGE } from './orders-to-act.js';

export { PLACED_ORDERS_LIMIT };

/**
 * An order number (10 random digits, src/server/db/ids.ts) as a number, or as the digits a shopper
 * typed. Anything else is refused with a message the page can show.
 */
export const OrderIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v.trim()) : v),
  z
    .number({ error: 'Please enter your order number (digits only)' })
    .int('Please enter your order number (digits only)')
    .positive('Please enter your order number (digits only)')
    .max(Number.MAX_SAFE_INTEGER, 'Please enter your order number (digits only)'),
);

/** An http(s) address, written out in full (a carrier's tracking page). */
const HttpUrlSchema = z
  .string()
  .trim()
  .min(1, 'Tracking link is required')
  .max(2000, 'The tracking link is too long')
  .refine(
    (v) => /^https?:\/\/[^\s/?#]+/i.test(v) && URL.canParse(v),
    'The tracking link must be an http:// or https:// address',
  );

/**
 * POST /admin/api/assignCustomTracking: the owner ships an order with a carrier of their own. The
 * order becomes processed with this tracking and the shopper gets the link by email; a second call
 * updates the tracking (and emails the new link when it changed).
 */
export const AssignCustomTrackingBodySchema = z.object({
  orderId: OrderIdSchema,
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'The tracking number is too long')
    .regex(/^[^\p{Cc}]+$/u, 'The tracking number has characters a carrier would not use'),
  trackingUrlLink: HttpUrlSchema,
});
export type AssignCustomTrackingBody = z.infer<typeof AssignCustomTrackingBodySchema>;

export const AssignCustomTrackingAnswerSchema = z.object({
  ok: z.literal(true),
  orderId: z.number(),
  processed: z.literal(true),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** Whether the shopper was emailed (not when the same tracking is assigned again). */
  emailed: z.boolean(),
});
export type AssignCustomTrackingAnswer = z.infer<typeof AssignCustomTrackingAnswerSchema>;

// ---------- the owner's Orders tab (spec §2 Placed Orders list, §3 Order, §7 getPlacedOrders) ----------

/** GET /admin/api/getPlacedOrders[?search=]: the newest orders, or the matches of an order id or shipping last name; 10 at most. */
export const PlacedOrdersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  // Issue 28 #6 (orders to act on), additive: only the orders to ship or the returns to handle, and
  // a 0-based page of 10. Without them the call answers what spec §7 says (the first 10 of all).
  filter: OrderFilterSchema.optional(),
  page: z.coerce.number().int().min(0).max(PLACED_ORDERS_MAX_PAGE).optional(),
});

const AddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  address2: z.string().optional(),
  email: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().optional(),
  country: z.string(),
});

export const PlacedOrderSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  email: z.string(),
  /**
   * The lines as bought (the order keeps title, type, colour, size, price and picture). `item_removed`
   * says the item has since been deleted from the catalog; 'failed to load item' is the title only
   * when the order kept none (spec §8).
   */
  cart: z.array(
    z.object({
      title: z.string(),
      item_removed: z.boolean().optional(),
      /** Added: a gift card the order sold ('A $100 gift card for Anna, sent on 3 Dec'), sent by email. */
      gift_card: z.string().optional(),
      url: z.string(),
      product_type: z.string(),
      product_name: z.string(),
      color: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      picture: z.string().nullable(),
    }),
  ),
  shippingInfo: AddressSchema.extend({
    shippingType: z.string(),
    /** The service the shopper chose, as checkout named it ('Standard (3–5 business days)'); added. */
    shippingService: z.string().optional(),
    paymentMethodDetails: z.object({ paymentMethod: z.string(), detail: z.string() }).nullable(),
  }),
  billingInfo: AddressSchema.partial().extend({ cardholderName: z.string().optional() }).nullable(),
  promo: z.object({ code: z.string(), type: z.string(), discount: z.number() }).nullable(),
  /** Dollars. */
  locals: z.object({
    subtotal: z.number(),
    discount: z.number(),
    shippingFee: z.number(),
    tax: z.number(),
    total: z.number(),
  }),
  /** The part of the total paid from a gift card or store credit (dollars), and its code; absent when none. */
  paidFromBalance: z.object({ code: z.string(), amount: z.number() }).optional(),
  processed: z.boolean(),
  trackingNumber: z.string().nullable(),
  trackingInfo: z.object({ label_url: z.string().nullable(), tracking_url: z.string().nullable() }),
  returnRequest: z
    .object({
      /** Whether the return was refunded to store credit: false while requested (the storefront never chooses credit). */
      creditSelected: z.boolean(),
      items: z.array(z.object({ index: z.number().int(), quantity: z.number().int() })),
      subtotal: z.number(),
      discount: z.number(),
      tax: z.number(),
      total_refund: z.number(),
      /** The shopper's parcel back to the shop; null when the return carries none (no call records one yet). */
      tracking_number: z.string().nullable(),
      tracking_url_provider: z.string().nullable(),
      international: z.boolean(),
      requestedAt: z.string(),
      refundedAt: z.string().optional(),
      refundMethod: z.enum(['store_credit', 'original_payment']).optional(),
      giftCode: z.string().optional(),
      providerRefundId: z.string().optional(),
      restocked: z.number().int().optional(),
      /** A refund through the payment provider was started and not yet recorded. */
      refundPending: z.boolean().optional(),
      /** Issue 29: what the provider had refunded outside the shop when this return was refunded (dollars); the refund was capped by it. */
      providerRefunded: z.number().optional(),
    })
    .nullable(),
  /**
   * Issue 29 (payment webhooks), added: what Stripe or PayPal reported of the payment — refunds made
   * in its dashboard (dollars), disputes, a payment it failed or canceled before capture. Absent when
   * it reported none of these.
   */
  providerPayment: z
    .object({
      provider: z.enum(['Stripe', 'PayPal']),
      refundedOutside: z.number(),
      /** Everything charged to the card or PayPal was refunded outside the shop. */
      fullyRefunded: z.boolean(),
      disputes: z.array(
        z.object({
          id: z.string(),
          status: z.string(),
          open: z.boolean(),
          outcome: z.enum(['won', 'lost', 'closed']).optional(),
          reason: z.string(),
          amount: z.number(),
          dueBy: z.string().optional(),
        }),
      ),
      notCaptured: z.object({ status: z.enum(['failed', 'canceled']), message: z.string() }).optional(),
    })
    .optional(),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;
export const GetPlacedOrdersAnswerSchema = z.array(PlacedOrderSchema);
