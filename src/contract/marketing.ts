// Marketing calls (spec §7): newsletter and back-in-stock sign-up, the referral gift, unsubscribe.
import { z } from 'zod';
import { SelectionSchema } from './cart.js';
import { EmailSchema, HexIdSchema } from './common.js';
import { SUBSCRIPTIONS_PAGE } from './values/admin.js';

export { SUBSCRIPTIONS_PAGE };

/** A back-in-stock request: the product page's selection of a sold-out size, with the picture it showed. */
export const NotifySelectionSchema = SelectionSchema.extend({
  picture: z.string().max(500).optional(),
  /** Added (issue 27 item 4): for a set, the piece whose sold-out `size` is awaited ('Brief'). */
  piece: z.string().trim().max(60).optional(),
});
export type NotifySelection = z.infer<typeof NotifySelectionSchema>;

/**
 * POST /newsletterSub. Without itemData: the newsletter (a welcome email with a 15%-off code).
 * With itemData: back-in-stock requests for those sizes (no newsletter, no code).
 */
export const NewsletterSubBodySchema = z.object({
  email: EmailSchema,
  itemData: z
    .array(NotifySelectionSchema)
    .min(1, 'Choose at least one size')
    .max(20, 'Too many sizes at once')
    .optional(),
});
export type NewsletterSubBody = z.infer<typeof NewsletterSubBodySchema>;
/**
 * `success: false` is 'Email already exists' (a plain sign-up of a subscribed email). `message`, when
 * present, is what to tell a subscriber who gets no new discount code (spec §8's text otherwise).
 */
export const NewsletterSubAnswerSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type NewsletterSubAnswer = z.infer<typeof NewsletterSubAnswerSchema>;

/** POST /referral-promo: `email` is the friend's, `refEmail` the sender's; they must differ. */
export const ReferralBodySchema = z
  .object({ email: EmailSchema, refEmail: EmailSchema })
  .refine((b) => b.email.toLowerCase() !== b.refEmail.toLowerCase(), {
    message: 'You cannot send a gift card to yourself',
    path: ['email'],
  });
export type ReferralBody = z.infer<typeof ReferralBodySchema>;
export const ReferralAnswerSchema = z.object({ success: z.literal(true) });

/** POST /unsubscribe: the subscriber's 24-character id from the email's link. */
export const UnsubscribeBodySchema = z.object({ userId: HexIdSchema });
export const UnsubscribeAnswerSchema = z.object({ success: z.literal(true) });

// ---------- the owner's Subscriptions tab (spec §2 Subscriptions list, §7 getAllSubscriptions) ----------

export const SubscriptionSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** On the newsletter list (false after unsubscribing, or for back-in-stock requests only). */
  newsletter: z.boolean(),
  unsubscribed: z.boolean(),
  createdAt: z.string(),
  requestedNotifications: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      product_type: z.string(),
      color: z.string(),
      size: z.string(),
      notified: z.boolean(),
    }),
  ),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
/** GET /admin/api/getAllSubscriptions[?before=ISO]: newest first, 200 at most; `before` pages back. */
export const SubscriptionsQuerySchema = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const GetAllSubscriptionsAnswerSchema = z.array(SubscriptionSchema);

/** GET /admin/api/getBackInStockDemand: shoppers still waiting, per item × style × colour × size, most wanted first. */
export const BackInStockDemandSchema = z.array(
  z.object({
    title: z.string(),
    url: z.string(),
    product_type: z.string(),
    color: z.string(),
    size: z.string(),
    waiting: z.number().int(),
  }),
);
export type BackInStockDemand = z.infer<typeof BackInStockDemandSchema>;
