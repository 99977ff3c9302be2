// Placing an order, step 5: the capture, once the order exists — and capture recovery, which settles
// what a crash between the order's commit and its capture left authorised but not captured.
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { shopMetrics } from '../../metrics/shop-metrics.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';
import { CAPTURE_GRACE_MS } from './capture-timing.js';
import { NOT_PAID, PaymentRequired } from './checkout-errors.js';
import { checkoutRepository } from './checkout-repository.js';
import type { CheckoutLog } from './checkout-session.js';
import { undoOrder } from './place-order-record.js';
import type { PlacedOrder, VerifiedPayment } from './place-order-types.js';

type Payments = Pick<PaymentProviders, 'card' | 'express'>;
/** A payment to take: an authorised card intent or an approved PayPal order. */
type Capturable = { method: 'card' | 'paypal' | 'none'; id: string };

/**
 * Captures at the provider, or finds that the money was taken already (a time-out may hide a
 * capture; a crash may have come after it). Answers PayPal's capture id (cards have none), or
 * `failed` with the provider's error when the money was not taken.
 */
export async function takePayment(
  payments: Payments,
  paid: Capturable,
  checkoutKey: string,
): Promise<{ reference?: string } | { failed: unknown }> {
  try {
    if (paid.method === 'card') {
      await payments.card.capture(paid.id);
      return {};
    }
    return { reference: (await payments.express.capture(paid.id, checkoutKey)).captureId };
  } catch (failed) {
    try {
      if (paid.method === 'card')
        return (await payments.card.retrieve(paid.id)).status === 'succeeded' ? {} : { failed };
      const paypal = await payments.express.getOrder(paid.id);
      return paypal.status === 'COMPLETED' && paypal.captureId ? { reference: paypal.captureId } : { failed };
    } catch {
      return { failed };
    }
  }
}

/**
 * Step 5: capture now that the order exists, then release its held emails; if the payment cannot be
 * captured, the order is undone (undoOrder), the card authorisation released, and 402 answered.
 */
export async function capturePayment(
  deps: { db: Db; payments: Payments; log: CheckoutLog },
  placed: PlacedOrder,
  paid: VerifiedPayment,
): Promise<void> {
  const { db, payments, log } = deps;
  const repo = checkoutRepository(db);
  const { order } = placed;
  if (paid.id !== undefined) {
    const taken = await takePayment(payments, { method: paid.method, id: paid.id }, order.checkoutKey);
    if ('failed' in taken) {
      log.warn({ err: taken.failed, orderId: order.id }, 'capture failed; the order is undone');
      await undoOrder(db, placed);
      if (paid.method === 'card')
        await payments.card.cancel(paid.id).catch((e: unknown) => log.warn({ err: e }, 'could not cancel'));
      throw new PaymentRequired(taken.failed instanceof PaymentError ? taken.failed.message : NOT_PAID);
    }
    // The money is taken: failing to note it leaves the order to capture recovery, never undoes it.
    await repo
      .markCaptured(order.id, taken.reference)
      .catch((err: unknown) =>
        log.warn({ err, orderId: order.id }, 'could not mark the order captured; capture recovery will'),
      );
  }
  await repo.releaseEmail(placed.emailId);
  if (placed.reward) await repo.releaseEmail(placed.reward.emailId);
  for (const card of placed.giftCards) await repo.releaseEmail(card.emailId);
}

/**
 * Capture recovery: an order saved in the instant before a crash kept its payment authorised but
 * not captured. Orders older than `graceMs` (a checkout in flight in another copy is younger)
 * are captured now, or marked captured when the provider already took the money. One the
 * provider refuses (authorisation expired or cancelled) is logged for the owner and tried again
 * on the next pass. Answers how many orders were settled.
 */
export async function recoverCaptures(
  deps: { db: Db; payments: Payments; clock: Clock; log: CheckoutLog },
  graceMs = CAPTURE_GRACE_MS,
): Promise<number> {
  const { db, payments, clock, log } = deps;
  const repo = checkoutRepository(db);
  const waiting = await repo.awaitingCapture(new Date(clock().getTime() - graceMs), 50);
  let settled = 0;
  for (const order of waiting) {
    const method = order.paymentMethodDetails?.paymentMethod === 'paypal' ? 'paypal' : 'card';
    const taken = await takePayment(payments, { method, id: order.pendingCaptureId! }, order.checkoutKey);
    if ('failed' in taken) {
      shopMetrics.captureRecoveryFailures.inc({ stage: 'capture' });
      log.error(
        { err: taken.failed, orderId: order.id },
        "capture recovery: this order's payment cannot be captured; check it with the provider",
      );
      continue;
    }
    await repo.markCaptured(order.id, taken.reference);
    log.info({ orderId: order.id }, 'capture recovery: settled the payment of an order saved before a crash');
    settled++;
  }
  return settled;
}
