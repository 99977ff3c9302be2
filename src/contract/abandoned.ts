// Abandoned checkouts (issue 28 #4). ReminderStats is part of the Overview's answer (overview.ts); the
// Abandoned tab lists checkouts that gave an email and placed no order; a reminder's signed links
// bring the bag back (/restore-bag) and stop reminders (/stop-reminders).
import { z } from 'zod';

export const ReminderStatsSchema = z.object({
  /** Reminders sent in the period. */
  sent: z.number().int().min(0),
  /** Orders placed in the period through a reminder's link (or by a reminded bag), and their revenue. */
  recoveredOrders: z.number().int().min(0),
  recoveredRevenue: z.number().min(0),
});
export type ReminderStats = z.infer<typeof ReminderStatsSchema>;

/** Checkouts a page of the Abandoned tab. */
export const ABANDONED_PAGE = 20;

/** GET /admin/api/abandonedCheckouts?page= (0-based). */
export const AbandonedCheckoutsQuerySchema = z.object({
  page: z.coerce.number().int('page: a whole number').min(0, 'page: from 0').max(100_000).optional(),
});

/**
 * Where a checkout's reminder stands: the shopper did not ask for one; one will go once the
 * checkout is abandoned (or reminders are off in Settings); it was sent; the address asked for no
 * more; or it was too old to send when the job first saw it.
 */
export const REMINDER_STATES = ['not-asked', 'waiting', 'off', 'sent', 'unsubscribed', 'too-old'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

export const AbandonedPieceSchema = z.object({
  title: z.string(),
  /** The product page's address ('' for a gift card or a piece no longer in the shop). */
  url: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
});
export type AbandonedPiece = z.infer<typeof AbandonedPieceSchema>;

export const AbandonedCheckoutSchema = z.object({
  cartId: z.string(),
  email: z.string(),
  /** When the shopper last sent the contact step with this bag (ISO). */
  emailGivenAt: z.string(),
  /** The bag as it is now. */
  pieces: z.array(AbandonedPieceSchema),
  /** The bag's value at today's prices, dollars. */
  value: z.number(),
  reminder: z.enum(REMINDER_STATES),
  remindedAt: z.string().nullable(),
  /** The reminder's link was last opened (ISO). */
  restoredAt: z.string().nullable(),
});
export type AbandonedCheckout = z.infer<typeof AbandonedCheckoutSchema>;

export const AbandonedCheckoutsAnswerSchema = z.object({
  checkouts: z.array(AbandonedCheckoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Settings › Reports and reminders, as the list was counted. */
  abandonAfterMinutes: z.number().int(),
  remindersOn: z.boolean(),
});
export type AbandonedCheckoutsAnswer = z.infer<typeof AbandonedCheckoutsAnswerSchema>;

/** A reminder's signed link: three URL-safe parts (src/server/http/signed-link.ts). */
const TokenSchema = z
  .string()
  .trim()
  .min(1, 'This link is not complete')
  .max(400, 'This link is not valid')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This link is not valid');

/** POST /restoreBag {t}: the reminder's bag into this visitor's bag (a session is made if need be). */
export const RestoreBagBodySchema = z.object({ t: TokenSchema });
export const RestoreBagAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('restored'),
    /** Pieces in the visitor's bag now. */
    count: z.number().int(),
    /** Pieces that could not come back (sold out, no longer in the shop), as 'Title (Colour, size S)'. */
    missing: z.array(z.string()),
  }),
  /** The bag already became an order: nothing is brought back. */
  z.object({ status: z.literal('ordered') }),
]);
export type RestoreBagAnswer = z.infer<typeof RestoreBagAnswerSchema>;

/** POST /stopReminders {t}: no more checkout reminders to the address the reminder went to. */
export const StopRemindersBodySchema = z.object({ t: TokenSchema });
export const StopRemindersAnswerSchema = z.object({ ok: z.literal(true) });
