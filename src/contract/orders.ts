// Orders: the order number as the calls carry it, and the owner's order processing (spec §7 Admin).
import { z } from 'zod';

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
  .refine((v) => /^https?:\/\/[^\s/?#]+/i.test(v) && URL.canParse(v), 'The tracking link must be an http:// or https:// address');

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
