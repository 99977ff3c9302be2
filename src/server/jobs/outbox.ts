// Email outbox: a change writes its email in the same transaction; this worker delivers it with
// retries, so an SMTP outage delays mail but loses none. Rows are claimed with SKIP LOCKED so
// several server copies never send the same message twice at once.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { MailMessage, Mailer } from '../providers/mail/mailer.js';
import { periodic } from './periodic.js';

export const MAX_ATTEMPTS = 12;

/** nodemailer's error for a permanent refusal of the recipient (reply 5xx to RCPT TO). */
export function recipientRefused(err: unknown): boolean {
  const { responseCode, command } = (err ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && command === 'RCPT TO';
}

/** Enqueue inside the caller's transaction. */
export async function enqueueEmail(tx: Db | Tx, message: MailMessage & { kind: string }) {
  await tx.insert(emailOutbox).values(message);
}

type Claimed = { id: number; to: string; subject: string; html: string; text: string; listUnsubscribe: string | null; attempts: number };

/** Backoff: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

export function outboxWorker(
  db: Db,
  mailer: Mailer,
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void },
  options: { intervalMs?: number; batch?: number } = {},
) {
  const intervalMs = options.intervalMs ?? 1000;
  const batch = options.batch ?? 20;

  async function claim(): Promise<Claimed[]> {
    const result = await db.execute<Claimed>(sql`
      update email_outbox set locked_until = now() + interval '2 minutes', attempts = attempts + 1
      where id in (
        select id from email_outbox
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by id limit ${batch} for update skip locked)
      returning id, "to", subject, html, text, list_unsubscribe as "listUnsubscribe", attempts`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  /** Delivers everything due now; returns how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await mailer.send(row);
          await db.execute(sql`update ${emailOutbox} set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`);
          sent++;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          // A recipient the receiving server refuses for good (5xx at RCPT TO: no such mailbox, a
          // malformed address) will never take it: no retries. Anything else may pass later.
          const failed = recipientRefused(err) || row.attempts >= MAX_ATTEMPTS;
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
