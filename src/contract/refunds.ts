// The owner's refund of a return (spec §4: "a processed order with a returnRequest is shown as a
// return, refunded to store credit or the original payment method"; issue #7 item 2).
import { z } from 'zod';
import { OrderIdSchema } from './orders.js';
import { REFUND_METHODS } from './values/admin.js';

export { REFUND_METHODS };
export const RefundMethodSchema = z.enum(REFUND_METHODS, {
  error: "method must be 'store_credit' or 'original_payment'",
});
export type RefundMethod = z.infer<typeof RefundMethodSchema>;

/** POST /admin/api/refundReturn: refunds the order's return once; `restock` puts the returned pieces back into stock. */
export const RefundReturnBodySchema = z.strictObject({
  orderId: OrderIdSchema,
  method: RefundMethodSchema,
  restock: z.boolean({ error: 'restock must be true or false' }),
  /**
   * The refund the owner saw and confirmed, in dollars: when the return has changed since (the
   * shopper returned another piece), nothing is refunded and the answer (409) says the new amount.
   */
  amount: z
    .number({ error: 'amount must be a number of dollars' })
    .finite()
    .min(0, 'amount cannot be negative')
    .max(10_000_000, 'amount is too large')
    .optional(),
});
export type RefundReturnBody = z.infer<typeof RefundReturnBodySchema>;

export const RefundReturnAnswerSchema = z.object({
  ok: z.literal(true),
  orderId: z.number(),
  method: RefundMethodSchema,
  /** Dollars, as the other calls carry money. */
  refund: z.number(),
  refundedAt: z.string(),
  /** The gift card or store credit code credited (store credit; or the balance part of an original-payment refund). */
  giftCode: z.string().optional(),
  /** Store credit: what the code holds now, dollars. */
  balance: z.number().optional(),
  /** Original payment of an order paid partly from a balance: the dollars that went back to that balance. */
  balanceRestored: z.number().optional(),
  /** Original payment: the provider's refund id. */
  providerRefundId: z.string().optional(),
  /** Pieces put back into stock (tracked sizes only). */
  restocked: z.number().int(),
  /** The shopper was emailed (the code, or the refund notice). */
  emailed: z.boolean(),
});
export type RefundReturnAnswer = z.infer<typeof RefundReturnAnswerSchema>;
