// Promotions: the promoter's campaign performance report (spec §2, §3 promo performance row, §7 /promoPerformance).
import { z } from 'zod';
import {
  PROMO_CODE_PATTERN,
  PROMO_PASS_MIN,
  PROMO_REPORT_PAGE_SIZE,
  PROMO_TYPES,
  PROMOTION_REF_REQUIRED,
} from './values/promotions.js';

// The values live in a Zod-free module the browser can load (values/promotions.ts).
export { PROMO_CODE_PATTERN, PROMO_PASS_MIN, PROMO_REPORT_PAGE_SIZE, PROMO_TYPES, PROMOTION_REF_REQUIRED };

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
  /** A dollar promo's dollars off this order (added: the report shows '-$20', not a percent). Absent for a percentage promo. */
  discountAmount: z.number().optional(),
});
export type PromoPerformanceRow = z.infer<typeof PromoPerformanceRowSchema>;

/** Newest order first. A wrong code or password is a 401 ('Code or password is wrong...'). */
export const PromoPerformanceAnswerSchema = z.array(PromoPerformanceRowSchema);

/**
 * POST /promoReport, the storefront's own call behind the Campaign Performance page: the code and
 * pass of /promoPerformance, and which page of its orders (1 when left out).
 */
export const PromoReportBodySchema = PromoPerformanceBodySchema.extend({
  page: z
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page is too large')
    .optional(),
});
export type PromoReportBody = z.infer<typeof PromoReportBodySchema>;

/**
 * One page of the report (newest order first) with the campaign's totals over every order: a busy
 * code has thousands of orders, which the page shows PROMO_REPORT_PAGE_SIZE at a time. Dollars for
 * `total` and `payout`. A page past the last has no orders.
 */
export const PromoReportAnswerSchema = z.object({
  orders: z.array(PromoPerformanceRowSchema),
  orderCount: z.number().int(),
  total: z.number(),
  payout: z.number(),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
});
export type PromoReportPage = z.infer<typeof PromoReportAnswerSchema>;

// ---- The owner's promotions editor (spec §2 Promotions editor, §4 create/edit mode, §7 Admin) ----

export const PromoTypeSchema = z.enum(PROMO_TYPES, { error: 'choose dollarAmount or percentage' });
export type PromoType = z.infer<typeof PromoTypeSchema>;

/**
 * A campaign promotion as the editor lists it. `discount` is dollars for dollarAmount, a multiplier for
 * percentage (0.9 = 10% off); `payout` is dollars. The pass is never sent, only whether one is set.
 */
export const AdminPromotionSchema = z.object({
  _id: z.number().int(),
  code: z.string(),
  type: PromoTypeSchema,
  discount: z.number(),
  payout: z.number(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;

/** GET /admin/api/getAllPromotions: campaign promotions, newest first, at most 500. */
export const GetAllPromotionsAnswerSchema = z.array(AdminPromotionSchema);

/** A promotion's id: its column is a 32-bit serial, so a larger number names no promotion (a 400, not a database error). */
const PromotionIdSchema = z.number({ error: 'required' }).int().positive().max(2_147_483_647, 'no such promotion');
const DiscountSchema = z
  .number({ error: 'a number is required' })
  .finite()
  .positive('must be more than 0')
  .max(1_000_000, 'too large');
const PayoutSchema = z
  .number({ error: 'a number in dollars is required' })
  .finite()
  .min(0, 'cannot be negative')
  .max(1_000_000, 'too large');
const UsageLimitSchema = z
  .number({ error: 'a whole number' })
  .int('a whole number')
  .min(1, 'at least 1')
  .max(100_000_000)
  .nullable()
  .optional();
const ExpiresAtSchema = z.iso.datetime({ offset: true, error: 'an ISO date and time' }).nullable().optional();
const PasswordSchema = z.string().min(PROMO_PASS_MIN, `at least ${PROMO_PASS_MIN} characters`).max(200, 'too long');

/** POST /admin/api/createPromotions. Empty password (or none) = no pass. */
/** A percentage promo's discount is the rate paid, strictly between 0 and 1 (spec §9: 0.9 is 10 % off). */
export const PERCENT_RATE_RULE = 'A percentage discount is a rate between 0 and 1, e.g. 0.9 for 10% off';
const percentRateOk = (p: { type?: string | undefined; discount?: number | undefined }) =>
  p.type !== 'percentage' || p.discount === undefined || (p.discount > 0 && p.discount < 1);

export const CreatePromotionBodySchema = z
  .object({
    code: z
      .string({ error: 'required' })
      .trim()
      .min(1, 'required')
      .max(60, 'at most 60 characters')
      .regex(PROMO_CODE_PATTERN, 'letters, digits, - and _ only'),
    type: PromoTypeSchema,
    discount: DiscountSchema,
    payout: PayoutSchema.default(0),
    usageLimit: UsageLimitSchema,
    expiresAt: ExpiresAtSchema,
    password: z.union([z.literal(''), PasswordSchema]).optional(),
  })
  .refine(percentRateOk, { message: PERCENT_RATE_RULE, path: ['discount'] });
export type CreatePromotionBody = z.input<typeof CreatePromotionBodySchema>;

/**
 * Names one campaign promotion: by `_id`, or, without one, by its `code` (case-insensitive). The spec
 * sends the promotion itself ({code, discount, type, password, payout}, no id); the code is locked
 * once created (§4), so it names the promotion as well as the id does.
 */
const PromotionRefShape = {
  _id: PromotionIdSchema.optional(),
  code: z.string().trim().max(60, 'at most 60 characters').optional(),
};
const namesPromotion = (ref: { _id?: number | undefined; code?: string | undefined }) =>
  ref._id !== undefined || Boolean(ref.code);
const NAME_IT = { error: PROMOTION_REF_REQUIRED };

/**
 * POST /admin/api/updatePromotions: by `_id` or `code`. With `_id`, `code` and `type` may be sent but
 * must be unchanged (400); the pass changes only when a new non-empty one is given; `usageLimit`/
 * `expiresAt` null clear them.
 */
export const UpdatePromotionBodySchema = z
  .object({
    ...PromotionRefShape,
    type: PromoTypeSchema.optional(),
    discount: DiscountSchema.optional(),
    payout: PayoutSchema.optional(),
    usageLimit: UsageLimitSchema,
    expiresAt: ExpiresAtSchema,
    password: z.union([z.literal(''), PasswordSchema]).optional(),
  })
  .refine(namesPromotion, NAME_IT)
  .refine(percentRateOk, { message: PERCENT_RATE_RULE, path: ['discount'] });
export type UpdatePromotionBody = z.input<typeof UpdatePromotionBodySchema>;

export const PromotionAnswerSchema = z.object({ ok: z.literal(true), promotion: AdminPromotionSchema });

/**
 * POST /admin/api/deletePromotions: by `_id` or `code`, other fields of the promotion ignored. With
 * both, they must name the same promotion. Orders placed with it keep their own copy of the promo.
 */
export const DeletePromotionBodySchema = z.object(PromotionRefShape).refine(namesPromotion, NAME_IT);
export type DeletePromotionBody = z.infer<typeof DeletePromotionBodySchema>;
