// Order status (issue 27 item 5): the shopper's timeline of one order, opened with its number and
// email (POST /orderStatus) or with the signed link of the order's emails (GET /orderStatusByLink).
// The answer is an allowlist of what a shopper may see: no street address, no payment details beyond
// the method, no other customer's data. A wrong pair, a missing order and a bad link all answer the
// same 404 'Order not found...'.
import { z } from 'zod';
import { EmailSchema } from './common.js';
import { OrderIdSchema } from './orders.js';

/** POST /orderStatus: both the order number and the order's email are needed. */
export const OrderStatusBodySchema = z.object({
  orderId: OrderIdSchema,
  email: z
    .string({ error: 'Please enter the email you ordered with' })
    .trim()
    .min(1, 'Please enter the email you ordered with')
    .pipe(EmailSchema),
});
export type OrderStatusBody = z.input<typeof OrderStatusBodySchema>;

/** GET /orderStatusByLink?t=: the token of the signed /order-status?t= address. */
export const OrderStatusLinkQuerySchema = z.object({
  t: z
    .string({ error: 'The link is incomplete' })
    .trim()
    .min(1, 'The link is incomplete')
    .max(400, 'The link is too long'),
});

const Iso = z.string();

/** One step of the timeline, oldest first. */
export const OrderStatusStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('placed'), at: Iso }),
  z.object({
    kind: z.literal('shipped'),
    /** Null for orders shipped before the shop kept the date. */
    at: Iso.nullable(),
    /** 'USPS', 'UPS', 'FedEx', 'DHL', or the tracking site's name; null when nothing was tracked (gift cards). */
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    /** The carrier's tracking page for this parcel (https only). */
    trackingUrl: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('return_requested'),
    at: Iso,
    /** Pieces asked back. */
    pieces: z.number().int(),
    /** The prepaid return label's tracking, when one was bought. */
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  }),
  z.object({ kind: z.literal('refund_pending'), at: Iso }),
  z.object({
    kind: z.literal('refunded'),
    at: Iso,
    /** Dollars. */
    amount: z.number(),
    /** 'Store credit', 'Card', 'PayPal', with 'and gift card / store credit' when part went back there. */
    method: z.string(),
  }),
]);
export type OrderStatusStep = z.infer<typeof OrderStatusStepSchema>;

export const OrderStatusLineSchema = z.object({
  title: z.string(),
  url: z.string(),
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  picture: z.string().nullable(),
});

export const OrderStatusAnswerSchema = z.object({
  orderId: z.number(),
  /** Where the latest step is: the page's headline. */
  status: z.enum(['placed', 'shipped', 'return_requested', 'refund_pending', 'refunded']),
  /** City and country only. */
  destination: z.object({ city: z.string(), country: z.string() }),
  /** Dollars. */
  total: z.number(),
  lines: z.array(OrderStatusLineSchema),
  steps: z.array(OrderStatusStepSchema),
});
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;
