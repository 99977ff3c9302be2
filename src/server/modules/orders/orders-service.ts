// The owner's order processing (spec §2 Placed Orders, §4 order states, §7 Admin). Custom tracking
// marks an order processed and tells the shopper, in one transaction with the email.
import type { AssignCustomTrackingAnswer } from '../../../contract/orders.js';
import type { Db, Tx } from '../../db/client.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { ordersRepository } from './orders-repository.js';
import { baseUrl, type ShopContact, type ShopContactSource } from '../../email/layout.js';
import { trackingEmail, type Tracking } from './tracking-email.js';
import type { ReviewInviter } from '../reviews/review-links.js';

export function ordersService(deps: {
  db: Db;
  shop: ShopContactSource;
  /** Issue 27 #6: the tracking email's 'Write a review' links. */
  reviewInvites?: ReviewInviter;
}) {
  const { db, shop } = deps;
  const repo = ordersRepository();
  return {
    /**
     * POST /admin/api/assignCustomTracking: the order is processed with this tracking and the shopper
     * is emailed the link. Assigning again replaces the tracking; the same tracking again sends nothing.
     * An order with a bought label keeps the label's tracking (409).
     */
    async assignCustomTracking(
      actor: Actor,
      input: {
        orderId: number;
        trackingNumber: string;
        trackingUrlLink: string;
      },
    ): Promise<AssignCustomTrackingAnswer> {
      const tracking = { trackingNumber: input.trackingNumber, trackingUrl: input.trackingUrlLink };
      const contact = await shop();
      return db.transaction(async (tx) => {
        const order = await repo.lockForShipping(tx, input.orderId);
        if (!order) throw new NotFound(`There is no order #${input.orderId}`);
        // A bought label is the parcel's tracking: typing another one over it would send the shopper
        // a number that is not on the parcel while the label still prints the first.
        if (order.labelUrl) {
          throw new Conflict(
            `Order #${order.id} already has a shipping label (tracking ${order.trackingNumber ?? 'on the label'}); its tracking cannot be replaced by hand`,
          );
        }
        const unchanged =
          order.processed &&
          order.trackingNumber === tracking.trackingNumber &&
          order.trackingUrl === tracking.trackingUrl;
        if (!unchanged) {
          await markShipped(tx, order, tracking, contact, deps.reviewInvites);
          const carrier = carrierOf(tracking.trackingUrl);
          await recordActivity(tx, actor, {
            kind: 'tracking.assigned',
            summary: `Custom tracking ${tracking.trackingNumber} (${carrier}) for order ${order.id}`,
            detail: {
              orderId: order.id,
              carrier,
              trackingNumber: tracking.trackingNumber,
              trackingUrl: tracking.trackingUrl,
              ...(order.trackingNumber ? { replaced: order.trackingNumber } : {}),
            },
          });
        }
        return { ok: true as const, orderId: order.id, processed: true as const, ...tracking, emailed: !unchanged };
      });
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;

/** The carrier of a tracking link, as its site's name ('usps.com'); the owner types no carrier. */
export function carrierOf(trackingUrl: string): string {
  try {
    return new URL(trackingUrl).hostname.replace(/^(www|tools|wwwapps|m)\./, '');
  } catch {
    return 'link';
  }
}

type LockedOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepository>['lockForShipping']>>>;

/**
 * The one way an order becomes processed (custom tracking or a bought label): the tracking (and the
 * label's address) on the order, and the shopper's tracking email in the outbox, in the caller's
 * transaction with the order locked by lockForShipping.
 */
export async function markShipped(
  tx: Tx,
  order: LockedOrder,
  tracking: Tracking & { labelUrl?: string | null },
  shop: ShopContact,
  reviewInvites?: ReviewInviter,
) {
  await ordersRepository().setTracking(tx, order.id, tracking);
  const updated = order.processed && Boolean(order.trackingNumber);
  const kind = updated ? 'order_tracking_updated' : 'order_shipped';
  const link = { trackingNumber: tracking.trackingNumber, trackingUrl: tracking.trackingUrl };
  // Issue 27 #6: the first 'on its way' email invites a review of each piece (not a changed tracking's).
  const reviews = !updated && reviewInvites ? reviewInvites(order, baseUrl(shop.publicUrl)) : [];
  await enqueueEmail(tx, { to: order.email, ...trackingEmail(order, link, shop, { updated, reviews }), kind });
}
