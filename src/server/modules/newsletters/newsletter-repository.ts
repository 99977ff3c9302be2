// Newsletters' SQL. Sending is claimed per newsletter row with FOR UPDATE SKIP LOCKED, and every
// copy sent is recorded in newsletter_deliveries in the same transaction as its outbox email, so a
// subscriber gets each newsletter once whatever the number of server copies or restarts.
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';

type Executor = Db | Tx;
import { newsletters } from '../../db/schema.js';

export type NewsletterRow = typeof newsletters.$inferSelect & { deliveredCount: number };
type NewNewsletter = typeof newsletters.$inferInsert;

const deliveredCount = sql<number>`(select count(*)::int from newsletter_deliveries d where d.newsletter_id = ${newsletters.id})`;

/** A newsletter as the back office lists it, with how many subscribers it has reached. */
const newsletterColumns = {
  id: newsletters.id,
  subject: newsletters.subject,
  emailContent: newsletters.emailContent,
  status: newsletters.status,
  scheduledAt: newsletters.scheduledAt,
  sentAt: newsletters.sentAt,
  createdAt: newsletters.createdAt,
  deliveredCount,
};

export function newsletterRepository(db: Db) {
  return {
    async list(): Promise<NewsletterRow[]> {
      return db
        .select(newsletterColumns)
        .from(newsletters)
        .orderBy(desc(newsletters.scheduledAt), desc(newsletters.createdAt))
        .limit(500);
    },

    async find(id: string, executor: Executor = db): Promise<NewsletterRow | undefined> {
      const [row] = await executor.select(newsletterColumns).from(newsletters).where(eq(newsletters.id, id));
      return row;
    },

    async insert(row: NewNewsletter, executor: Executor = db) {
      await executor.insert(newsletters).values(row);
    },

    /** Edits a newsletter not sent yet; false when it is gone or already (being) sent. */
    async update(
      id: string,
      set: Pick<NewNewsletter, 'subject' | 'emailContent' | 'status' | 'scheduledAt'>,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(newsletters)
        .set(set)
        .where(sql`${newsletters.id} = ${id} and ${newsletters.sentAt} is null
          and not exists (select 1 from newsletter_deliveries d where d.newsletter_id = ${id})`)
        .returning({ id: newsletters.id });
      return rows.length > 0;
    },

    /** Deletes the newsletter; answers its subject, or undefined when there was none. */
    async delete(id: string, executor: Executor = db): Promise<{ subject: string } | undefined> {
      const [row] = await executor
        .delete(newsletters)
        .where(eq(newsletters.id, id))
        .returning({ subject: newsletters.subject });
      return row;
    },

    /** Inside the sender's transaction: one Approved newsletter that is due and not finished, locked for this copy. */
    async claimDue(tx: Tx) {
      const result = await tx.execute(sql`
        select id, subject, email_content as "emailContent" from newsletters
         where status = 'Approved' and scheduled_at <= now() and sent_at is null
         order by scheduled_at, id
         limit 1
         for update skip locked`);
      return rowsOf<{ id: string; subject: string; emailContent: string }>(result)[0];
    },

    /**
     * Inside the sender's transaction: records the next `batch` subscribers who have not had this
     * newsletter, and answers who they are (id and email). Unsubscribed addresses are skipped.
     */
    async recordNextDeliveries(tx: Tx, newsletterId: string, batch: number) {
      const result = await tx.execute(sql`
        insert into newsletter_deliveries (newsletter_id, subscription_id)
        select ${newsletterId}, s.id from subscriptions s
         where s.newsletter and s.unsubscribed_at is null
           and not exists (select 1 from newsletter_deliveries d where d.newsletter_id = ${newsletterId} and d.subscription_id = s.id)
         order by s.id
         limit ${batch}
        on conflict do nothing
        returning subscription_id as id, (select email from subscriptions where id = subscription_id) as email`);
      return rowsOf<{ id: string; email: string }>(result);
    },

    async markSent(tx: Tx, newsletterId: string) {
      await tx.update(newsletters).set({ sentAt: sql`now()` }).where(eq(newsletters.id, newsletterId));
    },
  };
}
