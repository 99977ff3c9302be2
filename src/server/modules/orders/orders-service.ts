// The owner's order processing (spec §2 Placed Orders, §4 order states, §7 Admin). Custom tracking
// marks an order processed and tells the shopper, in one transaction with the email.
import type { AssignCustomTrackingAnswer } from '../../../contract/orders.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { ordersRepository } from './orders-repository.js';
import { trackingEmail, type ShopContact } from './tracking-email.js';

export function ordersService(deps: { db: Db; shop: ShopContact }) {
  const { db, shop } = deps;
  const repo = ordersRepository();
  return {
    /**
     * POST /admin/api/assignCustomTracking: the order is processed with this tracking and the shopper
     * is emailed the link. Assigning again replaces the tracking; the same tracking again sends nothing.
     */
    async assignCustomTracking(input: { orderId: number; trackingNumber: string; trackingUrlLink: string }): Promise<AssignCustomTrackingAnswer> {
      const tracking = { trackingNumber: input.trackingNumber, trackingUrl: input.trackingUrlLink };
      return db.transaction(async (tx) => {
        const order = await repo.lockForShipping(tx, input.orderId);
        if (!order) throw new NotFound(`There is no order #${input.orderId}`);
        const unchanged = order.processed && order.trackingNumber === tracking.trackingNumber && order.trackingUrl === tracking.trackingUrl;
        if (!unchanged) {
          await repo.setTracking(tx, order.id, tracking);
          const updated = order.processed && Boolean(order.trackingNumber);
          const kind = updated ? 'order_tracking_updated' : 'order_shipped';
          await enqueueEmail(tx, { to: order.email, ...trackingEmail(order, tracking, shop, { updated }), kind });
        }
        return { ok: true as const, orderId: order.id, processed: true as const, ...tracking, emailed: !unchanged };
      });
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
