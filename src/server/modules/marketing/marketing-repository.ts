// Marketing's SQL: subscribers (one row per email, case-insensitive), their back-in-stock requests,
// and the codes the shop issues to one email (newsletter welcome, referral gift, referral reward).
// The uniqueness rules live in the database (schema.ts), so concurrent requests cannot break them.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { hexId } from '../../db/ids.js';
import { emailOutbox, orders, promotions, requestedNotifications, subscriptions } from '../../db/schema.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

type Executor = Db | Tx;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotion = Omit<typeof promotions.$inferInsert, 'code'>;
/** `piece` names a set's piece ('Brief', issue 27 item 4); '' for a single item. */
export type RequestedSize = { itemId: string; productType: string; color: string; piece: string; size: string };

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code nobody can guess or mistype: the prefix and 8 characters without 0/O or 1/I. */
export function codeWith(prefix: string): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}-${tail}`;
}

const byEmail = (email: string) => sql`lower(${subscriptions.email}) = lower(${email})`;

export function marketingRepository(db: Db) {
  return {
    /**
     * The subscriber row of `email`, created when missing, and locked until the transaction ends:
     * two sign-ups of one address are handled one after the other.
     */
    async lockSubscriber(tx: Tx, email: string): Promise<SubscriptionRow> {
      await tx.insert(subscriptions).values({ id: hexId(), email }).onConflictDoNothing();
      const [row] = await tx.select().from(subscriptions).where(byEmail(email)).for('update');
      return row!;
    },

    /** Back on the newsletter (a sign-up), or off it for good (unsubscribe). */
    async setNewsletter(tx: Tx, id: string, on: boolean, now: Date) {
      await tx
        .update(subscriptions)
        .set(on ? { newsletter: true, unsubscribedAt: null } : { newsletter: false, unsubscribedAt: now })
        .where(eq(subscriptions.id, id));
    },

    async subscriberById(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },

    /** Unsubscribes once; a second click keeps the first date. False for an unknown id. */
    async unsubscribe(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ newsletter: false, unsubscribedAt: sql`coalesce(${subscriptions.unsubscribedAt}, ${now})` })
        .where(eq(subscriptions.id, id))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /**
     * Adds back-in-stock requests; a size already requested stays one row (and is armed again if
     * it had been notified, since the shopper is asking anew).
     */
    async requestSizes(tx: Tx, subscriptionId: string, requested: RequestedSize[]) {
      if (requested.length === 0) return;
      await tx
        .insert(requestedNotifications)
        .values(requested.map((r) => ({ subscriptionId, ...r })))
        .onConflictDoUpdate({
          target: [
            requestedNotifications.subscriptionId,
            requestedNotifications.itemId,
            requestedNotifications.productType,
            requestedNotifications.color,
            requestedNotifications.piece,
            requestedNotifications.size,
          ],
          set: { notifiedAt: null },
        });
    },

    /** The code of `kind` issued to `email` (newsletter and referral codes exist once per email). */
    async codeIssuedTo(
      executor: Executor,
      kind: 'newsletter' | 'referral',
      email: string,
    ): Promise<PromotionRow | undefined> {
      const [row] = await executor
        .select()
        .from(promotions)
        .where(and(eq(promotions.kind, kind), sql`lower(${promotions.issuedTo}) = lower(${email})`));
      return row;
    },

    /**
     * Inserts a code with a fresh random text. Undefined when a uniqueness rule other than the code's
     * text refused it (e.g. a second welcome code for one email, a second reward for one referral).
     */
    async issueCode(
      tx: Tx,
      prefix: string,
      values: NewPromotion,
      taken: () => Promise<boolean>,
    ): Promise<PromotionRow | undefined> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await tx
          .insert(promotions)
          .values({ ...values, code: codeWith(prefix) })
          .onConflictDoNothing()
          .returning();
        if (row) return row;
        if (await taken()) return undefined;
      }
      throw new Error('Could not find a free promo code');
    },

    async rewardFor(tx: Tx, referralPromoId: number): Promise<PromotionRow | undefined> {
      const [row] = await tx.select().from(promotions).where(eq(promotions.rewardFor, referralPromoId));
      return row;
    },

    async hasOrderFor(executor: Executor, email: string): Promise<boolean> {
      const rows = await executor
        .select({ id: orders.id })
        .from(orders)
        .where(sql`lower(${orders.email}) = lower(${email})`)
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Enqueues an email held back (the outbox skips locked rows) until the caller releases it, e.g.
     * once an order's payment is captured; answers its id so the caller can release or delete it.
     */
    async enqueueHeldEmail(tx: Tx, message: MailMessage & { kind: string }): Promise<number> {
      const [row] = await tx
        .insert(emailOutbox)
        .values({ ...message, lockedUntil: sql`now() + interval '2 minutes'` })
        .returning({ id: emailOutbox.id });
      return row!.id;
    },

    async deletePromotion(tx: Tx, id: number) {
      await tx.delete(promotions).where(eq(promotions.id, id));
    },
  };
}
export type MarketingRepository = ReturnType<typeof marketingRepository>;
