// Reviews from shoppers (issue 27 #6): the review page's link and form, and the owner's moderation.
// A shopper's review comes through a signed link from the tracking email (one per item of an order),
// waits for the owner, and only once approved is shown and counted.
import { z } from 'zod';
import {
  REVIEW_FITS,
  REVIEW_LINK_INVALID,
  REVIEW_MESSAGES as M,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
} from '../domain/review-fit.js';
import { HexIdSchema } from './common.js';

export {
  ALREADY_REVIEWED,
  FIT_LABELS,
  REVIEW_FITS,
  REVIEW_LINK_INVALID,
  type ReviewFit,
  type ReviewStatus,
} from '../domain/review-fit.js';

/** A review link's token as signLink writes it: three URL-safe parts. */
const TokenSchema = z
  .string({ error: REVIEW_LINK_INVALID })
  .trim()
  .max(400, REVIEW_LINK_INVALID)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, REVIEW_LINK_INVALID);

export const FitSchema = z.enum(REVIEW_FITS, { error: M.fit });

/** GET /reviewLink?t= : what the review page shows of the piece before the shopper writes. */
export const ReviewLinkQuerySchema = z.object({ t: TokenSchema });
export const ReviewLinkAnswerSchema = z.object({
  orderId: z.number(),
  item: z.object({
    _id: z.string(),
    title: z.string(),
    /** The product page (/product/{url}). */
    url: z.string(),
    /** The picture of the piece as bought (its colour); the page shows its preview. */
    picture: z.string().nullable(),
    color: z.string(),
    size: z.string(),
  }),
  /** The order's first name, to prefill the form's name. */
  name: z.string(),
});
export type ReviewLinkAnswer = z.infer<typeof ReviewLinkAnswerSchema>;

const requiredText = (empty: string, max: number, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);

/** POST /submitReview: the review, stored as typed and shown as text once the owner approves it. */
export const SubmitReviewBodySchema = z.object({
  token: TokenSchema,
  rating: z.number({ error: M.rating }).int(M.rating).min(1, M.rating).max(5, M.rating),
  title: requiredText(M.title, REVIEW_TITLE_MAX, M.titleTooLong),
  text: requiredText(M.text, REVIEW_TEXT_MAX, M.textTooLong),
  name: requiredText(M.name, REVIEW_NAME_MAX, M.nameTooLong),
  /** Optional: a shopper may not want to say. */
  fit: FitSchema.nullable().optional(),
});
export type SubmitReviewBody = z.infer<typeof SubmitReviewBodySchema>;
export const SubmitReviewAnswerSchema = z.object({ ok: z.literal(true), status: z.literal('pending') });

// ---------- the back office: Reviews tab ----------

export const ModerationStatusSchema = z.enum(REVIEW_STATUSES, { error: 'Status is approved, pending or rejected' });

/** GET /admin/api/reviews?status= : shoppers' reviews in one state (pending by default), up to a page. */
export const AdminReviewsQuerySchema = z.object({ status: ModerationStatusSchema.default('pending') });
export const ShopperReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  itemTitle: z.string(),
  itemUrl: z.string(),
  picture: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  rating: z.number().int(),
  authorName: z.string(),
  fit: FitSchema.nullable(),
  status: ModerationStatusSchema,
  orderId: z.number().nullable(),
  /** ISO time the shopper sent it. */
  createdAt: z.string(),
});
export type ShopperReview = z.infer<typeof ShopperReviewSchema>;
export const ADMIN_REVIEWS_LIMIT = 100;
export const AdminReviewsAnswerSchema = z.object({
  reviews: z.array(ShopperReviewSchema),
  /** How many wait for a decision (for the tab's count). */
  pending: z.number().int(),
});
export type AdminReviewsAnswer = z.infer<typeof AdminReviewsAnswerSchema>;

/** POST /admin/api/moderateReview: approve (shown and counted) or reject (kept, never shown). */
export const ModerateReviewBodySchema = z.object({
  id: HexIdSchema,
  decision: z.enum(['approve', 'reject'], { error: 'Decision is approve or reject' }),
});
export const ModerateReviewAnswerSchema = z.object({ ok: z.literal(true), review: ShopperReviewSchema });
