// What the providers' webhooks reported of orders' payments, as the rest of the shop reads it: the
// back office's refund (what was refunded outside the shop, so nothing goes out twice) and the
// Orders tab (the refund, the dispute flag, a payment not captured).
import type { PlacedOrder } from '../../../contract/orders.js';
import { toDollars } from '../../../domain/money.js';
import type { Db, Tx } from '../../db/client.js';
import type { PaymentEventProvider } from '../../db/schema.js';
import { refundTotals } from './payment-state.js';
import { PROVIDER_NAMES } from './received-event.js';
import { webhooksRepository } from './webhooks-repository.js';

const repo = webhooksRepository();

/**
 * What the order's provider refunded outside the shop (in its dashboard), in cents, and who; read
 * inside the refund's transaction, after the order row is locked (a webhook locks it too).
 */
export async function refundedOutsideShop(
  tx: Tx,
  orderId: number,
): Promise<{ outsideCents: number; provider: (typeof PROVIDER_NAMES)[PaymentEventProvider] } | undefined> {
  const [found] = [...(await repo.statesOf(tx, [orderId])).values()];
  if (!found) return undefined;
  const { outsideCents } = refundTotals(found.state);
  return outsideCents > 0 ? { outsideCents, provider: PROVIDER_NAMES[found.provider] } : undefined;
}

type ProviderPaymentNote = NonNullable<PlacedOrder['providerPayment']>;

/** The Orders tab's note of each order the providers reported something of (refunds outside the shop, disputes, a lost capture). */
export async function providerPaymentNotes(
  db: Db,
  list: { id: number; totalCents: number; balanceCents: number; pendingCaptureId: string | null }[],
): Promise<Map<number, ProviderPaymentNote>> {
  const states = await repo.statesOf(
    db,
    list.map((o) => o.id),
  );
  const notes = new Map<number, ProviderPaymentNote>();
  for (const order of list) {
    const found = states.get(order.id);
    if (!found) continue;
    const { state, provider } = found;
    const { outsideCents } = refundTotals(state);
    const disputes = Object.entries(state.disputes).map(([id, d]) => ({
      id,
      status: d.status,
      open: d.open,
      ...(d.outcome ? { outcome: d.outcome } : {}),
      reason: d.reason,
      amount: toDollars(d.amountCents),
      ...(d.dueBy ? { dueBy: d.dueBy } : {}),
    }));
    const lost =
      order.pendingCaptureId && state.capture && state.capture.status !== 'captured'
        ? { status: state.capture.status, message: state.capture.message ?? state.capture.status }
        : undefined;
    if (outsideCents === 0 && disputes.length === 0 && !lost) continue;
    notes.set(order.id, {
      provider: PROVIDER_NAMES[provider],
      refundedOutside: toDollars(outsideCents),
      fullyRefunded: outsideCents > 0 && outsideCents >= order.totalCents - order.balanceCents,
      disputes,
      ...(lost ? { notCaptured: lost } : {}),
    });
  }
  return notes;
}
