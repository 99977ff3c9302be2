// The owner's newsletters: create, edit until sending starts, send a test copy, delete.
import {
  ALL_FIELDS_REQUIRED,
  SEND_AT_IN_THE_PAST,
  type CreateNewsletterBody,
  type EditNewsletterBody,
  type Newsletter,
} from '../../../contract/newsletters.js';
import type { Db } from '../../db/client.js';
import { hexId } from '../../db/ids.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import type { ShopContactSource } from '../../email/layout.js';
import { newsletterEmail } from './newsletter-email.js';
import { newsletterRepository, type NewsletterRow } from './newsletter-repository.js';

const toAnswer = (row: NewsletterRow): Newsletter => ({
  _id: row.id,
  subject: row.subject,
  emailContent: row.emailContent,
  status: row.status,
  scheduledAt: row.scheduledAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  deliveredCount: row.deliveredCount,
});

/** Spec §5: subject, body and date all required; the date must be a real instant. */
function checked(body: CreateNewsletterBody) {
  const subject = body.subject.trim();
  const emailContent = body.emailContent.trim();
  if (!subject || !emailContent || !body.scheduledAt.trim()) throw new Invalid(ALL_FIELDS_REQUIRED);
  const scheduledAt = new Date(body.scheduledAt);
  if (Number.isNaN(scheduledAt.getTime())) throw new Invalid('Send at is not a date and time');
  return { subject, emailContent, status: body.status, scheduledAt };
}

/** The editor picks minutes and the owner takes a moment to save: a time this close behind still counts as now. */
const SEND_AT_GRACE_MS = 2 * 60_000;
const SENDING_STARTED = 'This newsletter is already being sent and can no longer be edited';

/**
 * Spec §2: 'Send at' has the current time as its minimum, whatever the status. An old newsletter
 * edited without touching its date may keep it, unless it is being approved: an Approved one with a
 * past time would go out at once.
 */
function notInThePast({ status, scheduledAt }: { status: string; scheduledAt: Date }, now: Date, stored?: Date) {
  if (scheduledAt.getTime() >= now.getTime() - SEND_AT_GRACE_MS) return;
  const unchanged = stored !== undefined && stored.getTime() === scheduledAt.getTime();
  if (status === 'Approved' || !unchanged) throw new Invalid(SEND_AT_IN_THE_PAST);
}

export function newsletterService(db: Db, shop: ShopContactSource, clock: () => Date = () => new Date()) {
  const repo = newsletterRepository(db);

  async function found(id: string) {
    const row = await repo.find(id);
    if (!row) throw new NotFound('No such newsletter');
    return row;
  }

  return {
    async list(): Promise<Newsletter[]> {
      return (await repo.list()).map(toAnswer);
    },

    async create(body: CreateNewsletterBody): Promise<Newsletter> {
      const id = hexId();
      const row = checked(body);
      notInThePast(row, clock());
      await repo.insert({ id, ...row });
      return toAnswer(await found(id));
    },

    async edit(body: EditNewsletterBody): Promise<Newsletter> {
      const set = checked(body);
      const current = await found(body.id);
      // Checked before the date: once sending has started, that is the answer whatever the date.
      if (current.sentAt || current.deliveredCount > 0) throw new Conflict(SENDING_STARTED);
      notInThePast(set, clock(), current.scheduledAt);
      if (!(await repo.update(body.id, set))) throw new Conflict(SENDING_STARTED);
      return toAnswer(await found(body.id));
    },

    /** One copy to `email` now, through the outbox, marked as a test in its subject. */
    async sendTest(id: string, email: string) {
      const row = await found(id);
      const message = newsletterEmail(row, await shop())();
      await enqueueEmail(db, { ...message, subject: `[Test] ${message.subject}`, to: email, kind: 'newsletter_test' });
    },

    async cancel(id: string) {
      if (!(await repo.delete(id))) throw new NotFound('No such newsletter');
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
