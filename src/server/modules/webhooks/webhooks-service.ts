// Stripe's and PayPal's events, once their signature is checked: each is stored once by its id and
// applied to the order its payment belongs to in the same transaction (the order row locked, as the
// back office's refund locks it), so a replay, a second delivery or a late arrival changes nothing
// twice. A capture reported settles an order a crash left pending; a refund made in the provider's
// dashboard and a dispute are recorded on the order, in Activity (as done by the provider) and, for a
// dispute, emailed to the owners through the outbox.
import { formatMoney, toDollars } from '../../../domain/money.js';
import type { Db, Tx } from '../../db/client.js';
import type { PaymentEventOutcome, ProviderPaymentState } from '../../db/schema.js';
import type { ShopContact, ShopContactSource } from '../../email/layout.js';
import { NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { recordProviderActivity } from '../activity/activity-log.js';
import { disputeEmail } from './dispute-email.js';
import { applyPaymentFacts, emptyPaymentState, liveRefund, type PaymentChange } from './payment-state.js';
import { assertJson, type PaypalVerifier, readPaypalEvent } from './paypal-events.js';
import { PROVIDER_NAMES, type ReceivedEvent } from './received-event.js';
import { readStripeEvent } from './stripe-events.js';
import { webhooksRepository } from './webhooks-repository.js';

export type WebhookOutcome = PaymentEventOutcome | 'duplicate';

export type WebhooksDeps = {
  db: Db;
  shop: ShopContactSource;
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** STRIPE_WEBHOOK_SECRET; unset: POST /webhooks/stripe answers 404. */
  stripeSecret: string | undefined;
  /** PayPal's signature check with PAYPAL_WEBHOOK_ID; unset: POST /webhooks/paypal answers 404. */
  paypal: PaypalVerifier | undefined;
};

type LockedOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof webhooksRepository>['lockOrderOfPayment']>>>;

export function webhooksService(deps: WebhooksDeps) {
  const { db, log } = deps;
  const repo = webhooksRepository();

  /** Activity and email for what changed; the capture an order was waiting for. */
  async function act(
    tx: Tx,
    order: LockedOrder,
    event: ReceivedEvent,
    changes: PaymentChange[],
    shop: ShopContact | undefined,
  ) {
    const who = PROVIDER_NAMES[event.provider];
    for (const change of changes) {
      switch (change.kind) {
        case 'capture-lost':
          // Only an order still waiting for its capture is at risk (a failure before it was placed is no news).
          if (order.pendingCaptureId)
            await recordProviderActivity(tx, who, {
              kind: 'payment.failed',
              summary: `${who} ${change.status === 'canceled' ? 'canceled' : 'refused'} the payment of order ${order.id} before it was captured (${change.message ?? change.status}): the order is not paid`,
              detail: { orderId: order.id, provider: event.provider, status: change.status, eventId: event.id },
            });
          break;
        case 'refund': {
          // The back office's own refunds are in Activity already (refund.made).
          if (change.byShop) break;
          const amount = formatMoney(change.amountCents);
          const summary = liveRefund(change)
            ? `${who} refunded ${amount} of order ${order.id}${change.status === 'pending' ? ' (pending)' : ''}, outside the shop (in ${who}’s dashboard)`
            : `A ${who} refund of ${amount} on order ${order.id} ${change.status === 'failed' ? 'failed' : 'was canceled'}`;
          await recordProviderActivity(tx, who, {
            kind: 'payment.refunded',
            summary,
            detail: {
              orderId: order.id,
              provider: event.provider,
              refundId: change.refundId,
              amount: toDollars(change.amountCents),
              status: change.status,
            },
          });
          break;
        }
        case 'dispute-opened':
        case 'dispute-closed': {
          const { dispute } = change;
          const amount = formatMoney(dispute.amountCents);
          await recordProviderActivity(tx, who, {
            kind: 'payment.disputed',
            summary: dispute.open
              ? `${who}: the payment of order ${order.id} is disputed (${amount}, ${dispute.reason})`
              : `${who}: the dispute of ${amount} on order ${order.id} is closed${dispute.outcome && dispute.outcome !== 'closed' ? ` (${dispute.outcome})` : ''}`,
            detail: {
              orderId: order.id,
              provider: event.provider,
              disputeId: change.disputeId,
              amount: toDollars(dispute.amountCents),
              status: dispute.status,
              ...(dispute.outcome ? { outcome: dispute.outcome } : {}),
            },
          });
          if (!shop) break;
          const email = disputeEmail(shop, { orderId: order.id, provider: who, dispute });
          for (const to of await repo.ownerEmails(tx))
            await enqueueEmail(tx, { to, ...email, kind: 'payment_dispute' });
          break;
        }
      }
    }
  }

  /** Stores the event once and applies it; answers what became of it. */
  async function receive(event: ReceivedEvent): Promise<{ received: true; outcome: WebhookOutcome }> {
    // The shop's contact for a dispute email is read before the transaction (PGlite runs one query at a time).
    const shop = event.facts?.some((f) => f.kind === 'dispute') ? await deps.shop() : undefined;
    const result = await db.transaction(async (tx): Promise<{ outcome: WebhookOutcome; orderId?: number }> => {
      if (!(await repo.storeEvent(tx, event))) return { outcome: 'duplicate' };
      if (!event.facts) return { outcome: 'ignored' };
      const order = await repo.lockOrderOfPayment(tx, event.provider, event.paymentIds ?? []);
      if (!order) {
        await repo.setOutcome(tx, event, 'unknown_order', null);
        return { outcome: 'unknown_order' };
      }
      const current: ProviderPaymentState = (await repo.state(tx, order.id)) ?? emptyPaymentState();
      const { state, changes } = applyPaymentFacts(current, event.facts, event.at);
      const changed = JSON.stringify(state) !== JSON.stringify(current);
      if (changed) await repo.saveState(tx, order.id, event.provider, state);
      // A crash between the order's commit and its capture left it pending: the provider says the money is taken.
      const capture = event.facts.find((f) => f.kind === 'capture' && f.status === 'captured');
      const settles = capture !== undefined && state.capture?.status === 'captured' && order.pendingCaptureId !== null;
      if (settles) await repo.markCaptured(tx, order.id, capture.kind === 'capture' ? capture.captureId : undefined);
      await act(tx, order, event, changes, shop);
      const outcome = changed || settles || changes.length > 0 ? 'applied' : 'unchanged';
      await repo.setOutcome(tx, event, outcome, order.id);
      return { outcome, orderId: order.id };
    });
    const where = { provider: event.provider, eventId: event.id, type: event.type, orderId: result.orderId };
    if (result.outcome === 'unknown_order') log.warn(where, 'webhook: no order of the shop has this payment');
    else log.info({ ...where, outcome: result.outcome }, 'webhook received');
    return { received: true, outcome: result.outcome };
  }

  return {
    receive,
    /** POST /webhooks/stripe: the raw body and its Stripe-Signature header. */
    async stripe(rawBody: string, signature: string | undefined) {
      if (!deps.stripeSecret)
        throw new NotFound(
          'Stripe webhooks are not set up on this shop: set STRIPE_WEBHOOK_SECRET to the endpoint’s signing secret (docs/operations.md)',
        );
      return receive(readStripeEvent(rawBody, signature, deps.stripeSecret));
    },
    /** POST /webhooks/paypal: the raw body and PayPal's transmission headers. */
    async paypal(rawBody: string, headers: Record<string, string | string[] | undefined>) {
      if (!deps.paypal)
        throw new NotFound(
          'PayPal webhooks are not set up on this shop: set PAYPAL_WEBHOOK_ID to the webhook’s id (docs/operations.md)',
        );
      assertJson(rawBody);
      await deps.paypal({ headers, rawBody });
      return receive(readPaypalEvent(rawBody));
    },
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;
