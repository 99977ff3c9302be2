// Promotions: the promoter's campaign performance report (spec §2, §3 promo performance row, §7 /promoPerformance).
import { z } from 'zod';

/** POST /promoPerformance: the campaign's code and its 'Performance access pass'. */
export const PromoPerformanceBodySchema = z.object({
  promoCode: z.string().trim().min(1, 'Please enter the promo code').max(60, 'The promo code is too long'),
  password: z.string().min(1, 'Please enter the password').max(200, 'The password is too long'),
});
export type PromoPerformanceBody = z.infer<typeof PromoPerformanceBodySchema>;

/**
 * One order placed with the code. Dollars for `total` (what the shopper paid) and `payout` (the
 * promoter's share). `discount` is a multiplier (0.9 = 10% off): a percentage promo's own rate; for a
 * dollar promo, the share of the order's goods it took off (a $10 promo on $100 is 0.9).
 */
export const PromoPerformanceRowSchema = z.object({
  orderId: z.number(),
  total: z.number(),
  discount: z.number(),
  payout: z.number(),
});
export type PromoPerformanceRow = z.infer<typeof PromoPerformanceRowSchema>;

/** Newest order first. A wrong code or password is a 401 ('Code or password is wrong...'). */
export const PromoPerformanceAnswerSchema = z.array(PromoPerformanceRowSchema);
