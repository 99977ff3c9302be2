// Email outbox: a change writes its email in the same transaction; this worker delivers it with
// retries, so an SMTP outage delays mail but loses none. Rows are claimed with SKIP LOCKED so
// several server copies never send the same message twice at once.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import { shopMetrics } from '../metrics/shop-metrics.js';
import { savedShopName } from '../modules/settings/shop-contact.js';
import type { MailMessage, Mailer } from '../providers/mail/mailer.js';
import { periodic } from './periodic.js';

export const MAX_ATTEMPTS = 12;

/** nodemailer's error for a permanent refusal of the recipient (reply 5xx to RCPT TO). */
export function recipientRefused(err: unknown): boolean {
  const { responseCode, command } = (err ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && command === 'RCPT TO';
}

/** Enqueue inside the caller's transaction; answers the new row's id (to hold, release or delete it). */
export async function enqueueEmail(tx: Db | Tx, message: MailMessage & { kind: string }): Promise<number> {
  const [row] = await tx.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
  return row!.id;
}

type Claimed = {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  listUnsubscribe: string | null;
  attempts: number;
};

/** Backoff: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

export function outboxWorker(
  db: Db,
  mailer: Mailer,
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void },
  options: {
    intervalMs?: number;
    batch?: number;
    /** The time a message's `next_attempt_at` (its 'not before', e.g. a gift card's send date) is compared with; the database's now() by default. */
    now?: () => Date;
    /** The From name of this batch (issue 26: the shop's name from the settings, once saved). */
    senderName?: () => Promise<string | undefined>;
  } = {},
) {
  const intervalMs = options.intervalMs ?? 1000;
  const batch = options.batch ?? 20;
  const senderName = options.senderName ?? (() => savedShopName(db));
  const dueBy = () => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`);

  /**
   * The next messages due, the shop's own mail first: a newsletter of 20,000 queued before an order
   * confirmation would otherwise hold it back for as long as the newsletter takes to send. An
   * address's own mail leaves in the order it was written: a message waits while an earlier one to
   * the same address is still pending (retrying, or being sent by another copy), so a refund never
   * arrives before the return it refunds. Marketing mail neither waits for nor holds back the rest,
   * nor does a gift card waiting for the day its buyer chose.
   */
  async function claim(): Promise<Claimed[]> {
    const result = await db.execute<Claimed>(sql`
      update email_outbox set locked_until = now() + interval '2 minutes', attempts = attempts + 1
      where id in (
        select o.id from email_outbox o
        where o.status = 'pending' and o.next_attempt_at <= ${dueBy()} and (o.locked_until is null or o.locked_until < now())
          and (o.list_unsubscribe is not null or not exists (
                select 1 from email_outbox e
                 where e."to" = o."to" and e.status = 'pending' and e.list_unsubscribe is null and e.id < o.id
                   and e.kind <> 'gift_card'))
        order by (o.list_unsubscribe is not null), o.id limit ${batch} for update of o skip locked)
      returning id, "to", subject, html, text, list_unsubscribe as "listUnsubscribe", attempts`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  /** Delivers everything due now; returns how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      const fromName = await senderName();
      // In the claim's order (an UPDATE's RETURNING keeps none).
      rows.sort(
        (a, b) =>
          Number(a.listUnsubscribe !== null) - Number(b.listUnsubscribe !== null) || Number(a.id) - Number(b.id),
      );
      for (const row of rows) {
        try {
          await mailer.send(row, { fromName });
          await db.execute(
            sql`update ${emailOutbox} set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
          );
          sent++;
          shopMetrics.mailSent.inc();
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          // A recipient the receiving server refuses for good (5xx at RCPT TO: no such mailbox, a
          // malformed address) will never take it: no retries. Anything else may pass later.
          const failed = recipientRefused(err) || row.attempts >= MAX_ATTEMPTS;
          shopMetrics.mailFailed.inc({ outcome: failed ? 'given_up' : 'retry' });
          log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'email delivery failed');
          await db.execute(sql`
            update ${emailOutbox} set locked_until = null, last_error = ${message},
              status = ${failed ? 'failed' : 'pending'},
              next_attempt_at = now() + ${`${retryDelayMs(row.attempts)} milliseconds`}::interval
            where id = ${row.id}`);
        }
      }
    }
  }

  return { runOnce, ...periodic(runOnce, intervalMs, (err) => log.warn({ err }, 'outbox worker pass failed')) };
}
export type OutboxWorker = ReturnType<typeof outboxWorker>;
