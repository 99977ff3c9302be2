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
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { fieldChanges, listed, quoted } from '../activity/changes.js';
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

/** '2026-12-01 09:00 UTC': when a newsletter goes out, as the Activity summary says it. */
const whenOf = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

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

    async create(actor: Actor, body: CreateNewsletterBody): Promise<Newsletter> {
      const id = hexId();
      const row = checked(body);
      notInThePast(row, clock());
      await db.transaction(async (tx) => {
        await repo.insert({ id, ...row }, tx);
        const approved = row.status === 'Approved';
        await recordActivity(tx, actor, {
          kind: approved ? 'newsletter.approved' : 'newsletter.created',
          summary: `${approved ? 'Created and approved' : 'Created'} the newsletter ${quoted(row.subject)} (${row.status}, to go out ${whenOf(row.scheduledAt)})`,
          detail: {
            newsletterId: id,
            subject: row.subject,
            status: row.status,
            scheduledAt: row.scheduledAt.toISOString(),
          },
        });
      });
      return toAnswer(await found(id));
    },

    async edit(actor: Actor, body: EditNewsletterBody): Promise<Newsletter> {
      const set = checked(body);
      const current = await found(body.id);
      // Checked before the date: once sending has started, that is the answer whatever the date.
      if (current.sentAt || current.deliveredCount > 0) throw new Conflict(SENDING_STARTED);
      notInThePast(set, clock(), current.scheduledAt);
      await db.transaction(async (tx) => {
        if (!(await repo.update(body.id, set, tx))) throw new Conflict(SENDING_STARTED);
        const { fields, changes } = fieldChanges(
          { ...current, scheduledAt: current.scheduledAt.toISOString() },
          { ...current, ...set, scheduledAt: set.scheduledAt.toISOString() },
          { subject: 'subject', emailContent: 'text', status: 'status', scheduledAt: 'send time' },
        );
        if (fields.length === 0) return;
        const approved = set.status === 'Approved' && current.status !== 'Approved';
        await recordActivity(tx, actor, {
          kind: approved ? 'newsletter.approved' : 'newsletter.updated',
          summary: approved
            ? `Approved the newsletter ${quoted(set.subject)} to go out ${whenOf(set.scheduledAt)}`
            : `Changed the newsletter ${quoted(set.subject)}: ${listed(fields)}`,
          detail: { newsletterId: body.id, subject: set.subject, fields, changes },
        });
      });
      return toAnswer(await found(body.id));
    },

    /** One copy to `email` now, through the outbox, marked as a test in its subject. */
    async sendTest(actor: Actor, id: string, email: string) {
      const row = await found(id);
      const message = newsletterEmail(row, await shop())();
      await db.transaction(async (tx) => {
        await enqueueEmail(tx, {
          ...message,
          subject: `[Test] ${message.subject}`,
          to: email,
          kind: 'newsletter_test',
        });
        await recordActivity(tx, actor, {
          kind: 'newsletter.testSent',
          summary: `Sent a test of the newsletter ${quoted(row.subject)} to ${email}`,
          detail: { newsletterId: id, subject: row.subject, to: email },
        });
      });
    },

    async cancel(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const gone = await repo.delete(id, tx);
        if (!gone) throw new NotFound('No such newsletter');
        await recordActivity(tx, actor, {
          kind: 'newsletter.canceled',
          summary: `Canceled the newsletter ${quoted(gone.subject)}`,
          detail: { newsletterId: id, subject: gone.subject },
        });
      });
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
