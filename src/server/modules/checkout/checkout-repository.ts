// Checkout's SQL: the session's checkout state, promo codes, stock taken and given back, orders.
// Statements that must hold under concurrency are conditional updates, never read-then-write.
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { carts, emailOutbox, orders, promotions, sessions, type SessionData } from '../../db/schema.js';

type Executor = Db | Tx;
export type PromotionRow = typeof promotions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
/** One line's stock to take: which size, how many. */
/** A size row to take stock from: `piece` names a set's piece (issue 27 item 4), '' for a single item. */
export type StockPick = {
  itemId: string;
  productType: string;
  color: string;
  piece?: string;
  size: string;
  quantity: number;
};

export function checkoutRepository(db: Db) {
  return {
    /** A live shopper session's checkout state; undefined without one. */
    async sessionData(sessionId: string, now: Date): Promise<SessionData | undefined> {
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.kind, 'shopper'), gt(sessions.expiresAt, now)));
      return row?.data;
    },

    /** Merges `set` into the session's data and drops `unset`, in one statement (other keys are kept). */
    async patchSession(sessionId: string, set: Partial<SessionData>, unset: (keyof SessionData)[] = []) {
      let data = sql`${sessions.data} || ${JSON.stringify(set)}::jsonb`;
      for (const key of unset) data = sql`(${data}) - ${key}::text`;
      await db.update(sessions).set({ data }).where(eq(sessions.id, sessionId));
    },

    /** Codes are matched case-insensitively (the unique index is on lower(code)). */
    async promoByCode(code: string): Promise<PromotionRow | undefined> {
      const [row] = await db.select().from(promotions).where(sql`lower(${promotions.code}) = lower(${code})`);
      return row;
    },

    async hasOrderFor(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`lower(${orders.email}) = lower(${email})`)
        .limit(1);
      return rows.length > 0;
    },

    async orderById(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    async orderByCheckoutKey(executor: Executor, checkoutKey: string): Promise<OrderRow | undefined> {
      const [row] = await executor.select().from(orders).where(eq(orders.checkoutKey, checkoutKey));
      return row;
    },

    /**
     * The order of this session paid with `reference` (a retried placeOrder after the bag became an
     * order), or any order at all with that reference when `sessionId` is omitted.
     */
    async orderByPaymentReference(reference: string, sessionId?: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select({ order: orders })
        .from(orders)
        .leftJoin(carts, eq(carts.id, orders.cartId))
        .where(and(eq(orders.paymentReference, reference), sessionId ? eq(carts.sessionId, sessionId) : undefined))
        .limit(1);
      return row?.order;
    },

    /**
     * Takes each pick's `quantity` of its size if it is on offer and has that many, in one
     * statement whatever the number of lines: the conditional update is what sells the last unit
     * once, and the sizes are locked in id order first so that two bags sharing sizes cannot
     * deadlock. A tracked size that reaches 0 becomes sold out. Answers, per pick, the size id, or
     * undefined when it could not be taken (the caller then rolls the transaction back).
     */
    async takeStock(tx: Tx, picks: StockPick[]): Promise<{ sizeIds: (number | undefined)[]; soldOut: boolean }> {
      if (picks.length === 0) return { sizeIds: [], soldOut: false };
      const wanted = sql.join(
        picks.map(
          (pick, i) =>
            sql`(${i}::int, ${pick.itemId}::bpchar, ${pick.productType}::text, ${pick.color}::text, ${pick.piece ?? ''}::text, ${pick.size}::text, ${pick.quantity}::int)`,
        ),
        sql`, `,
      );
      const result = await tx.execute<{ id: number; pick: number }>(sql`
        with wanted (pick, item_id, type, color, piece, size, quantity) as (values ${wanted}),
        target as (
          select s.id, w.pick, w.quantity
            from wanted w
            join product_types p on p.item_id = w.item_id and p.type = w.type
            join colors c on c.product_type_id = p.id and c.color_name = w.color
            join sizes s on s.color_id = c.id and s.piece = w.piece and s.name = w.size
           order by s.id
             for update of s
        )
        update sizes s
           set stock = s.stock - t.quantity,
               sold_out = case when s.stock is null then s.sold_out else s.stock - t.quantity = 0 end
          from target t
         where s.id = t.id and not s.sold_out and (s.stock is null or s.stock >= t.quantity)
        returning s.id, t.pick, s.sold_out`);
      const rows = rowsOf<{ id: number; pick: number; sold_out: boolean }>(result);
      const byPick = new Map(rows.map((r) => [Number(r.pick), Number(r.id)]));
      // soldOut: this order took the last piece of some size, so the storefront must show it sold out.
      return { sizeIds: picks.map((_, i) => byPick.get(i)), soldOut: rows.some((r) => r.sold_out) };
    },

    /** Gives back stock taken by an order that did not go through. */
    async restoreStock(tx: Tx, sizeId: number, quantity: number) {
      await tx.execute(sql`
        update sizes set stock = stock + ${quantity}, sold_out = false
         where id = ${sizeId} and stock is not null`);
    },

    /** One more use of a promo, only while under its limit. */
    async takePromoUse(tx: Tx, promoId: number): Promise<boolean> {
      const rows = await tx
        .update(promotions)
        .set({ usedCount: sql`${promotions.usedCount} + 1` })
        .where(
          and(
            eq(promotions.id, promoId),
            sql`(${promotions.usageLimit} is null or ${promotions.usedCount} < ${promotions.usageLimit})`,
          ),
        )
        .returning({ id: promotions.id });
      return rows.length > 0;
    },

    async releasePromo(tx: Tx, promoId: number) {
      await tx
        .update(promotions)
        .set({ usedCount: sql`greatest(${promotions.usedCount} - 1, 0)` })
        .where(eq(promotions.id, promoId));
    },

    /** Inserts the order unless its id or its checkout key is taken; undefined then. */
    async insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow | undefined> {
      const [row] = await tx.insert(orders).values(order).onConflictDoNothing().returning();
      return row;
    },

    async markCartOrdered(tx: Tx, cartId: string, orderId: number | null) {
      await tx.update(carts).set({ orderId }).where(eq(carts.id, cartId));
    },

    /**
     * Holds emails enqueued in this transaction (the outbox skips locked rows) for `forMs` from now,
     * until the payment is captured: the capture releases them, a failed capture deletes them unsent.
     */
    async holdEmails(tx: Tx, emailIds: number[], { forMs }: { forMs: number }) {
      if (emailIds.length === 0) return;
      await tx
        .update(emailOutbox)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${forMs / 1000})` })
        .where(inArray(emailOutbox.id, emailIds));
    },

    async releaseEmail(emailId: number) {
      await db.update(emailOutbox).set({ lockedUntil: null }).where(eq(emailOutbox.id, emailId));
    },

    async deleteEmail(tx: Tx, emailId: number) {
      await tx.delete(emailOutbox).where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, 'pending')));
    },

    async deleteOrder(tx: Tx, orderId: number) {
      await tx.delete(orders).where(eq(orders.id, orderId));
    },

    /** The payment is captured: nothing is pending any more (PayPal's reference is its capture id, known now). */
    async markCaptured(orderId: number, reference?: string) {
      await db
        .update(orders)
        .set({ pendingCaptureId: null, ...(reference === undefined ? {} : { paymentReference: reference }) })
        .where(eq(orders.id, orderId));
    },

    /** Orders saved before `before` whose payment was never captured (a crash between the two), oldest first. */
    async awaitingCapture(before: Date, limit: number) {
      return db
        .select({
          id: orders.id,
          checkoutKey: orders.checkoutKey,
          pendingCaptureId: orders.pendingCaptureId,
          paymentProvider: orders.paymentProvider,
          paymentMethodDetails: orders.paymentMethodDetails,
        })
        .from(orders)
        .where(and(isNotNull(orders.pendingCaptureId), lt(orders.createdAt, before)))
        .orderBy(asc(orders.createdAt))
        .limit(limit);
    },
  };
}
export type CheckoutRepository = ReturnType<typeof checkoutRepository>;

/** node-postgres and PGlite both answer `{ rows }` from execute(). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
