// Reviews from shoppers: the order a link names, the review it made, and the owner's queue.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { items, orders, reviews } from '../../db/schema.js';
import type { ReviewStatus } from '../../../domain/review-fit.js';

type Executor = Db | Tx;

export function reviewsRepository(db: Db) {
  const withItem = () =>
    db
      .select({ review: reviews, itemTitle: items.title, itemUrl: items.url, pictures: items.pictures })
      .from(reviews)
      .innerJoin(items, eq(reviews.itemId, items.id));
  return {
    /** The order a review link names: its lines, email and first name. */
    async order(orderId: number) {
      const [row] = await db
        .select({ id: orders.id, lines: orders.lines, email: orders.email, shippingInfo: orders.shippingInfo })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    async itemExists(itemId: string) {
      const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
      return Boolean(row);
    },

    /** The review already written for this item of this order, if any. */
    async reviewOf(orderId: number, itemId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(reviews)
        .where(and(eq(reviews.orderId, orderId), eq(reviews.itemId, itemId)));
      return row;
    },

    /** Inserts the review; undefined when this item of this order already has one. */
    async insert(row: typeof reviews.$inferInsert) {
      const [inserted] = await db
        .insert(reviews)
        .values(row)
        .onConflictDoNothing({ target: [reviews.orderId, reviews.itemId] })
        .returning();
      return inserted;
    },

    /** Shoppers' reviews in one state with their item, oldest first for the queue, newest first otherwise. */
    list: (status: ReviewStatus, limit: number) =>
      withItem()
        .where(and(eq(reviews.source, 'shopper'), eq(reviews.status, status)))
        .orderBy(status === 'pending' ? asc(reviews.createdAt) : desc(reviews.createdAt), asc(reviews.id))
        .limit(limit),

    async pendingCount() {
      const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
      return row?.n ?? 0;
    },

    /** The review with its item, locked for the decision. */
    async lock(tx: Tx, id: string) {
      const [row] = await tx
        .select({ review: reviews, itemTitle: items.title, itemUrl: items.url, pictures: items.pictures })
        .from(reviews)
        .innerJoin(items, eq(reviews.itemId, items.id))
        .where(eq(reviews.id, id))
        .for('update', { of: reviews });
      return row;
    },

    async setStatus(tx: Tx, id: string, status: ReviewStatus) {
      await tx.update(reviews).set({ status }).where(eq(reviews.id, id));
    },
  };
}
export type ReviewWithItem = NonNullable<Awaited<ReturnType<ReturnType<typeof reviewsRepository>['lock']>>>;
