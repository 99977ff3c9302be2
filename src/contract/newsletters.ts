// The owner's newsletters (spec §2 Newsletter manager, §5 newsletter save, §7 Admin newsletter calls).
import { z } from 'zod';
import { EmailSchema, HexIdSchema } from './common.js';
import { ALL_FIELDS_REQUIRED, NEWSLETTER_STATUSES, SEND_AT_IN_THE_PAST } from './values/admin.js';

// The statuses and the manager's messages live in a Zod-free module (values/admin.ts).
export { ALL_FIELDS_REQUIRED, NEWSLETTER_STATUSES, SEND_AT_IN_THE_PAST };
export const NewsletterStatusSchema = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>;

/** A newsletter as the manager lists it. `scheduledAt` and `sentAt` are ISO instants. */
export const NewsletterSchema = z.object({
  _id: HexIdSchema,
  subject: z.string(),
  emailContent: z.string(),
  status: NewsletterStatusSchema,
  scheduledAt: z.string(),
  /** Set once every subscriber has been sent it; it can no longer be edited. */
  sentAt: z.string().nullable(),
  /** Subscribers it has been sent to so far. */
  deliveredCount: z.number().int(),
});
export type Newsletter = z.infer<typeof NewsletterSchema>;

/** GET /admin/api/getNewsletters: newest scheduled first. */
export const GetNewslettersAnswerSchema = z.array(NewsletterSchema);

/**
 * POST /admin/api/createNewsletter. Empty fields pass the schema so the answer can be the spec's own
 * 'All fields are required.'; `scheduledAt` is an instant (the browser turns its local datetime into ISO).
 */
export const CreateNewsletterBodySchema = z.object({
  subject: z.string().max(300),
  emailContent: z.string().max(100_000),
  scheduledAt: z.string().max(40),
  status: NewsletterStatusSchema,
});
export type CreateNewsletterBody = z.infer<typeof CreateNewsletterBodySchema>;

/** POST /admin/api/editNewsletter */
export const EditNewsletterBodySchema = CreateNewsletterBodySchema.extend({ id: HexIdSchema });
export type EditNewsletterBody = z.infer<typeof EditNewsletterBodySchema>;

export const NewsletterAnswerSchema = z.object({ ok: z.literal(true), newsletter: NewsletterSchema });

/** POST /admin/api/sendTestNewsletter: the page alerts 'Test email sent!' on success. */
export const SendTestNewsletterBodySchema = z.object({ id: HexIdSchema, email: EmailSchema });
export const SendTestNewsletterAnswerSchema = z.object({ success: z.literal(true) });

/** POST /admin/api/cancelNewsletter: deletes it (spec: "(delete)"); deliveries already made stay made. */
export const CancelNewsletterBodySchema = z.object({ id: HexIdSchema });
