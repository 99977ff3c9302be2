// Orders' SQL for the owner's order processing.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';

export function ordersRepository() {
  return {
    /** The order, locked until the transaction ends so two assignments do not interleave. */
    async lockForShipping(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          id: orders.id,
          email: orders.email,
          lines: orders.lines,
          shippingInfo: orders.shippingInfo,
          processed: orders.processed,
          trackingNumber: orders.trackingNumber,
          trackingUrl: orders.trackingUrl,
          labelUrl: orders.labelUrl,
        })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      return row;
    },

    async setTracking(
      tx: Tx,
      id: number,
      tracking: { trackingNumber: string; trackingUrl: string; labelUrl?: string | null },
    ) {
      await tx
        .update(orders)
        // shippedAt (issue 27, order status): the first time only; a replaced tracking keeps the date.
        .set({ processed: true, ...tracking, shippedAt: sql`coalesce(${orders.shippedAt}, now())` })
        .where(eq(orders.id, id));
    },
  };
}
