// Shipping labels' SQL: one label per order (the primary key), claimed before the carrier is called
// and completed with its tracking, PDF or the carrier's address of it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, shippingLabels } from '../../db/schema.js';

/** A claim older than this is a purchase that died with its server copy; another may take over. */
export const STALE_CLAIM_SECONDS = 300;

export function shippingLabelsRepository() {
  return {
    async orderToShip(db: Db, id: number) {
      const [row] = await db
        .select({
          id: orders.id,
          lines: orders.lines,
          shippingInfo: orders.shippingInfo,
          email: orders.email,
          shippingType: orders.shippingType,
        })
        .from(orders)
        .where(eq(orders.id, id));
      return row;
    },

    async labelOf(db: Db | Tx, orderId: number) {
      const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.orderId, orderId));
      return row;
    },

    async claim(tx: Tx, label: { orderId: number; provider: string; rateId: string }) {
      await tx.insert(shippingLabels).values({ ...label, status: 'buying' });
    },

    /** Takes over a claim left 'buying' for longer than STALE_CLAIM_SECONDS; true when taken. */
    async takeOverStaleClaim(tx: Tx, label: { orderId: number; provider: string; rateId: string }) {
      const taken = await tx
        .update(shippingLabels)
        .set({ provider: label.provider, rateId: label.rateId, createdAt: sql`now()` })
        .where(
          and(
            eq(shippingLabels.orderId, label.orderId),
            eq(shippingLabels.status, 'buying'),
            sql`${shippingLabels.createdAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`,
          ),
        )
        .returning({ orderId: shippingLabels.orderId });
      return taken.length > 0;
    },

    /** The carrier refused: the claim goes, so the owner can choose another rate. */
    async releaseClaim(db: Db, orderId: number) {
      await db
        .delete(shippingLabels)
        .where(and(eq(shippingLabels.orderId, orderId), eq(shippingLabels.status, 'buying')));
    },

    async complete(
      tx: Tx,
      orderId: number,
      label: Pick<typeof shippingLabels.$inferInsert, 'rate' | 'trackingNumber' | 'trackingUrl' | 'pdf' | 'remoteUrl'>,
    ) {
      await tx
        .update(shippingLabels)
        .set({ ...label, status: 'bought' })
        .where(eq(shippingLabels.orderId, orderId));
    },
  };
}
