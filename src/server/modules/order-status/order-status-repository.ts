// Order status's SQL: one order with what its timeline needs (never the street address or payment
// details), the label's carrier and the return label's tracking.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, returnLabels, shippingLabels } from '../../db/schema.js';

export function orderStatusRepository() {
  return {
    async orderForStatus(db: Db, id: number) {
      const [row] = await db
        .select({
          id: orders.id,
          email: orders.email,
          city: sql<string>`coalesce(${orders.shippingInfo}->>'city', '')`,
          country: sql<string>`coalesce(${orders.shippingInfo}->>'country', '')`,
          lines: orders.lines,
          totalCents: orders.totalCents,
          paymentMethod: sql<string | null>`${orders.paymentMethodDetails}->>'paymentMethod'`,
          processed: orders.processed,
          trackingNumber: orders.trackingNumber,
          trackingUrl: orders.trackingUrl,
          shippedAt: orders.shippedAt,
          returnRequest: orders.returnRequest,
          createdAt: orders.createdAt,
          labelCarrier: sql<string | null>`${shippingLabels.rate}->>'provider'`,
        })
        .from(orders)
        .leftJoin(shippingLabels, eq(shippingLabels.orderId, orders.id))
        .where(eq(orders.id, id));
      return row;
    },

    /** The newest bought return label of the order, for its tracking. */
    async returnLabelTracking(db: Db, orderId: number) {
      const [row] = await db
        .select({ trackingNumber: returnLabels.trackingNumber, trackingUrl: returnLabels.trackingUrl })
        .from(returnLabels)
        .where(and(eq(returnLabels.orderId, orderId), eq(returnLabels.status, 'bought')))
        .orderBy(desc(returnLabels.createdAt))
        .limit(1);
      return row;
    },
  };
}
export type StatusOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof orderStatusRepository>['orderForStatus']>>>;
