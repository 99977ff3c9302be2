// Returns (spec §2 return page, §4 return flow, §7 /orderDetailsById and /requestReturn).
// The lookup answers what the page shows of each piece and nothing else: no name, address, email or payment.
import { z } from 'zod';
import { OrderIdSchema } from './orders.js';

/** POST /orderDetailsById */
export const OrderDetailsBodySchema = z.object({ orderId: OrderIdSchema });
export type OrderDetailsBody = z.infer<typeof OrderDetailsBodySchema>;

/** One piece of the order (a line of quantity 2 is two pieces, each with its own checkbox). */
export const ReturnPieceSchema = z.object({
  /** The order line the piece belongs to (what /requestReturn names). */
  index: z.number().int(),
  /** Which of the line's pieces, from 0. */
  piece: z.number().int(),
  product_type: z.string(),
  /** The product type's display name ('Bra + Brief Set'). */
  product_name: z.string(),
  title: z.string(),
  url: z.string(),
  /** The line's main picture; the page shows its preview (spec §9). */
  picture: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  /** Dollars. */
  price: z.number(),
  is_final_sale: z.boolean(),
  /** The item has been deleted from the shop since (the piece is shown as bought, without a link). */
  item_removed: z.boolean().optional(),
  /** A return was already requested for this piece. */
  return_requested: z.boolean(),
  /** Added: a gift card the order sold ('A $100 gift card for Anna, sent on 3 Dec'); always final sale. */
  gift_card: z.string().optional(),
});
export type ReturnPiece = z.infer<typeof ReturnPieceSchema>;

/** `status: 'fail'` means not found ('Order not found...'); then the rest is empty. */
export const OrderDetailsAnswerSchema = z.object({
  status: z.enum(['success', 'fail']),
  country: z.string(),
  /** Spec §4: the country is not one of the US spellings. */
  international: z.boolean(),
  /** SPEC-NOTES: only a processed (shipped) order can be returned. */
  shipped: z.boolean(),
  /** The order's return was refunded (or is being refunded): no further piece can be returned here. */
  refunded: z.boolean(),
  orderData: z.array(ReturnPieceSchema),
});
export type OrderDetailsAnswer = z.infer<typeof OrderDetailsAnswerSchema>;

/** Pieces of one order line to return. */
export const ReturnItemSchema = z.object({
  index: z.number({ error: 'Each item needs the index of its order line' }).int().min(0).max(999),
  quantity: z.number().int().min(1).max(999).default(1),
});

/**
 * POST /requestReturn. `creditSelected` is always false on the storefront (a refund to the original
 * payment method). `international` is what the page was told; the server decides it from the order.
 */
export const RequestReturnBodySchema = z.object({
  creditSelected: z.literal(false, { error: 'Store credit cannot be chosen here' }).default(false),
  orderId: OrderIdSchema,
  items: z.array(ReturnItemSchema).min(1, 'Select at least one item to return').max(200, 'Too many items'),
  international: z.boolean().optional(),
});
export type RequestReturnBody = z.input<typeof RequestReturnBodySchema>;

/** Dollars: what this request refunds once the pieces are back (shipping is not refunded). */
export const RequestReturnAnswerSchema = z.object({
  success: z.literal(true),
  refund: z.object({ subtotal: z.number(), discount: z.number(), tax: z.number(), total_refund: z.number() }),
});
export type RequestReturnAnswer = z.infer<typeof RequestReturnAnswerSchema>;
