// Order status (issue 27 item 5): an order's timeline for the shopper: placed, shipped (carrier and
// tracking), return requested, refunded. Opened with the order number and its email, or with the
// signed link of its emails. Every way of not matching (no such order, another email, a forged or
// expired link) answers the same 'Order not found...', and every try counts against the same
// per-client limits as the return page's lookup, so neither numbers nor emails can be tried in bulk.
import type { OrderStatusAnswer, OrderStatusStep } from '../../../contract/order-status.js';
import { toDollars } from '../../../domain/money.js';
import { ORDER_NOT_FOUND } from '../../../domain/returns.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { RETURN_CALLS_PER_WINDOW, RETURN_WINDOW_MS } from '../returns/returns-service.js';
import { carrierTracking, safeHttpUrl } from './carrier-tracking.js';
import { orderIdOfToken } from './order-status-link.js';
import { orderStatusRepository, type StatusOrder } from './order-status-repository.js';

export type OrderStatusDeps = { db: Db; limiter: RateLimiter; clock: Clock; sessionSecret: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How a refund went back, in the shopper's words. */
function refundMethodText(order: StatusOrder): string {
  const request = order.returnRequest!;
  if (request.refundMethod === 'store_credit') return 'Store credit';
  const paid =
    order.paymentMethod === 'paypal' ? 'PayPal' : order.paymentMethod === 'card' ? 'Card' : 'Original payment';
  return (request.balanceRestoredCents ?? 0) > 0 ? `${paid} and gift card / store credit` : paid;
}

export function orderStatusService(deps: OrderStatusDeps) {
  const { db, limiter, clock } = deps;
  const repo = orderStatusRepository();
  const keyOf = (ip: string) => `order-status:ip:${ip}`;

  async function answer(order: StatusOrder): Promise<OrderStatusAnswer> {
    const steps: OrderStatusStep[] = [{ kind: 'placed', at: order.createdAt.toISOString() }];
    if (order.processed) {
      const tracking = carrierTracking(order.trackingNumber, order.labelCarrier, order.trackingUrl);
      steps.push({
        kind: 'shipped',
        at: order.shippedAt?.toISOString() ?? null,
        carrier: tracking.carrier,
        trackingNumber: order.trackingNumber,
        trackingUrl: tracking.url,
      });
    }
    const request = order.returnRequest;
    if (request) {
      const label = request.trackingNumber ? undefined : await repo.returnLabelTracking(db, order.id);
      const trackingNumber = request.trackingNumber ?? label?.trackingNumber ?? null;
      steps.push({
        kind: 'return_requested',
        at: request.requestedAt,
        pieces: request.items.reduce((n, item) => n + item.quantity, 0),
        trackingNumber,
        trackingUrl: safeHttpUrl(request.trackingUrlProvider ?? label?.trackingUrl ?? null),
      });
      if (request.refundedAt) {
        steps.push({
          kind: 'refunded',
          at: request.refundedAt,
          amount: toDollars(request.totalRefundCents),
          method: refundMethodText(order),
        });
      } else if (request.refundPendingAt) steps.push({ kind: 'refund_pending', at: request.refundPendingAt });
    }
    return {
      orderId: order.id,
      status: steps[steps.length - 1]!.kind,
      destination: { city: order.city, country: order.country },
      total: toDollars(order.totalCents),
      lines: order.lines.map((line) => ({
        title: line.title,
        url: line.url,
        product_name: line.productName,
        color: line.color,
        size: line.size,
        quantity: line.quantity,
        picture: line.picture,
      })),
      steps,
    };
  }

  return {
    /** POST /orderStatus: the order's number and its email. */
    async byEmail(input: { orderId: number; email: string }, ip: string): Promise<OrderStatusAnswer> {
      await limiter.hit(keyOf(ip), RETURN_CALLS_PER_WINDOW, RETURN_WINDOW_MS);
      const order = await repo.orderForStatus(db, input.orderId);
      if (!order || !sameEmail(order.email, input.email)) throw new NotFound(ORDER_NOT_FOUND);
      return answer(order);
    },

    /** GET /orderStatusByLink?t=: the signed link of the order's emails. */
    async byLink(token: string, ip: string): Promise<OrderStatusAnswer> {
      await limiter.hit(keyOf(ip), RETURN_CALLS_PER_WINDOW, RETURN_WINDOW_MS);
      const orderId = orderIdOfToken(deps.sessionSecret, token, clock());
      const order = orderId === null ? undefined : await repo.orderForStatus(db, orderId);
      if (!order) throw new NotFound(ORDER_NOT_FOUND);
      return answer(order);
    },
  };
}
export type OrderStatusService = ReturnType<typeof orderStatusService>;
