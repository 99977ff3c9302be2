// Sends each Approved newsletter at its time to every subscriber, once. A pass claims one due
// newsletter (FOR UPDATE SKIP LOCKED: another server copy takes another one, or waits its turn) and,
// in one transaction, records the next batch of deliveries and writes their emails to the outbox.
// A crash rolls both back; the next pass continues after the last committed batch, so nobody gets a
// second copy. When no subscriber is left, the newsletter is marked sent.
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { ShopContactSource } from '../email/layout.js';
import { newsletterEmail } from '../modules/newsletters/newsletter-email.js';
import { newsletterRepository } from '../modules/newsletters/newsletter-repository.js';
import { periodic } from './periodic.js';

export function newsletterSender(
  db: Db,
  shop: ShopContactSource,
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void },
  options: { intervalMs?: number; batch?: number } = {},
) {
  const repo = newsletterRepository(db);
  const batch = options.batch ?? 200;

  /** One batch of one due newsletter; false when nothing is due. */
  async function sendBatch(): Promise<boolean> {
    const contact = await shop();
    return db.transaction(async (tx) => {
      const due = await repo.claimDue(tx);
      if (!due) return false;
      const recipients = await repo.recordNextDeliveries(tx, due.id, batch);
      if (recipients.length === 0) {
        await repo.markSent(tx, due.id);
        log.info({ newsletterId: due.id }, 'newsletter sent to every subscriber');
        return true;
      }
      const emailFor = newsletterEmail(due, contact);
      await tx
        .insert(emailOutbox)
        .values(recipients.map((r) => ({ ...emailFor(r.id), to: r.email, kind: 'newsletter' })));
      return true;
    });
  }

  /** Sends everything due now; returns how many batches were written. */
  async function runOnce(): Promise<number> {
    let batches = 0;
    while (await sendBatch()) batches++;
    return batches;
  }

  return {
    runOnce,
    sendBatch,
    ...periodic(runOnce, options.intervalMs ?? 5_000, (err) => log.warn({ err }, 'newsletter pass failed')),
  };
}
export type NewsletterSender = ReturnType<typeof newsletterSender>;
