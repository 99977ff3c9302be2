// The owner refunds a return (spec §4, issue #7 item 2), once: to store credit (a balance, emailed
// through the outbox: the gift card or store credit the order was paid with, else the shopper's own
// store credit, else a new one) or to the original payment (the payment provider's refund of what was
// charged; the part a balance paid goes back to that balance). Optionally the returned pieces go back
// into stock.
// Once-only (docs/decisions/013): the order row is locked while the return is checked; a store-credit
// refund is then one transaction; a provider refund first claims the return (refundPendingAt), asks
// the provider outside any transaction, then records the refund — or releases the claim on failure.
import type { RefundMethod, RefundReturnAnswer } from '../../../contract/refunds.js';
import { formatMoney, formatPrice, toCents, toDollars } from '../../../domain/money.js';
import type { Db, Tx } from '../../db/client.js';
import type { ReturnRequest } from '../../db/schema.js';
import { AppError, Conflict, NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';
import type { ReadModel } from '../../read-model.js';
import { balancesRepository } from '../balances/balances-repository.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import type { Clock } from '../../clock.js';
import { refundEmail } from './refund-email.js';
import type { ShopContact, ShopContactSource } from '../../email/layout.js';
import { returnsRepository } from './returns-repository.js';
// Issue 29: refunds made in the provider's dashboard, reported by its webhooks.
import { refundedOutsideShop } from '../webhooks/provider-payments.js';

/** 422: the payment provider refused the refund; its message is shown to the owner. */
export class RefundFailed extends AppError {
  constructor(message: string) {
    super(422, 'refund_failed', message);
  }
}

export type RefundDeps = {
  db: Db;
  clock: Clock;
  payments: PaymentProviders;
  readModel: Pick<ReadModel, 'invalidate'>;
  shop: ShopContactSource;
  log: { error: (o: object, m: string) => void };
};

type RefundOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof returnsRepository>['orderForRefund']>>>;
type Payment = { provider: 'card' | 'express'; reference: string; paidWith: string };
type RefundInput = { orderId: number; method: RefundMethod; restock: boolean; amount?: number | undefined };

export function refundService(deps: RefundDeps) {
  const { db, clock, payments, readModel, log } = deps;
  const repo = returnsRepository();
  const balances = balancesRepository();

  /** The order and its return, locked; refused unless the return can be refunded now. */
  async function refundable(
    tx: Tx,
    orderId: number,
    confirmedCents?: number,
  ): Promise<RefundOrder & { returnRequest: ReturnRequest }> {
    const order = await repo.orderForRefund(tx, orderId);
    if (!order) throw new NotFound(`There is no order #${orderId}`);
    const request = order.returnRequest;
    if (!request || request.items.length === 0) throw new Conflict(`Order #${orderId} has no return to refund`);
    if (request.refundedAt) {
      const how =
        request.refundMethod === 'store_credit'
          ? `to store credit${request.giftCode ? ` (${request.giftCode})` : ''}`
          : 'to the original payment';
      throw new Conflict(
        `The return of order #${orderId} was already refunded ${how} on ${request.refundedAt.slice(0, 10)}`,
      );
    }
    if (request.refundPendingAt) {
      throw new Conflict(
        `A refund of the return of order #${orderId} to the original payment was started at ${request.refundPendingAt} and is not confirmed yet; check the payment provider before doing anything else`,
      );
    }
    if (confirmedCents !== undefined && confirmedCents !== request.totalRefundCents) {
      throw new Conflict(
        `The return of order #${orderId} changed since it was shown: the refund is now ${formatPrice(request.totalRefundCents)}, not ${formatPrice(confirmedCents)}. Nothing was refunded; review it and refund again.`,
      );
    }
    // Issue 29: money the provider refunded outside the shop (its dashboard) counts against this refund,
    // so the shopper never gets back more than was paid; all of it refunded there: nothing more goes out.
    const outside = await refundedOutsideShop(tx, orderId);
    if (!outside) return { ...order, returnRequest: request };
    if (order.totalCents - outside.outsideCents <= 0)
      throw new Conflict(
        `Order #${orderId} was already refunded in full through ${outside.provider} (${formatMoney(outside.outsideCents)}, in its dashboard); nothing was refunded again`,
      );
    return { ...order, returnRequest: { ...request, providerRefundedCents: outside.outsideCents } };
  }

  /** What the return's refund comes to now: never more than the order's total less what the provider refunded outside the shop. */
  const dueOf = (order: RefundOrder, request: ReturnRequest) =>
    request.providerRefundedCents
      ? Math.min(request.totalRefundCents, Math.max(0, order.totalCents - request.providerRefundedCents))
      : request.totalRefundCents;

  /**
   * What a refund of `refundCents` gives back to the card or PayPal, and what to the balance that paid
   * part of the order: the charged money first, the rest to the balance (never lost).
   */
  function splitRefund(order: RefundOrder, refundCents: number, refundedOutsideCents = 0) {
    // What the provider refunded outside the shop already went back to the card or PayPal (issue 29).
    const chargedCents = Math.max(0, order.totalCents - order.balanceCents - refundedOutsideCents);
    const toPaymentCents = Math.min(refundCents, chargedCents);
    return { toPaymentCents, toBalanceCents: refundCents - toPaymentCents };
  }

  /**
   * Credits a balance: the gift card or store credit the order was paid with when it has one, else
   * the shopper's own store credit (topped up: one code to remember), else a new one.
   */
  async function creditBalance(tx: Tx, order: RefundOrder, amountCents: number, note: string) {
    const existing =
      (order.balanceCode ? await balances.byCode(tx, order.balanceCode) : undefined) ??
      (await balances.storeCreditOf(tx, order.email));
    if (existing) {
      const balanceCents = await balances.credit(tx, existing.id, amountCents, {
        kind: 'restored',
        orderId: order.id,
        note,
      });
      return { code: existing.code, balanceCents };
    }
    const issued = await balances.issue(tx, {
      kind: 'store_credit',
      issuedTo: order.email,
      amountCents,
      orderId: order.id,
      note,
    });
    return { code: issued.code, balanceCents: issued.remainingCents };
  }

  function paymentOf(order: RefundOrder): Payment {
    const method = order.paymentMethodDetails?.paymentMethod;
    const detail = order.paymentMethodDetails?.detail?.trim();
    if (method === 'card' && order.paymentReference && order.paymentProvider === payments.card.name) {
      return {
        provider: 'card',
        reference: order.paymentReference,
        paidWith: detail ? `your card (${detail})` : 'your card',
      };
    }
    if (method === 'paypal' && order.paymentReference && order.paymentProvider === payments.express.name) {
      return { provider: 'express', reference: order.paymentReference, paidWith: 'your PayPal account' };
    }
    if (method === 'none' || order.totalCents === 0)
      throw new Conflict(`Order #${order.id} was not paid with a card or PayPal; refund it to store credit`);
    throw new Conflict(
      `Order #${order.id} was paid through ${order.paymentProvider}, which this shop cannot refund now; refund it to store credit`,
    );
  }

  /** The returned pieces as order lines, for the email and the stock. */
  const piecesOf = (order: RefundOrder, request: ReturnRequest) =>
    request.items.flatMap(({ index, quantity }) => {
      const line = order.lines[index];
      if (!line) return [];
      const key = { itemId: line.itemId, productType: line.productType, color: line.color };
      // A returned set goes back piece by piece, and counts as one returned set (issue 27 item 4).
      if (line.pieces?.length)
        return line.pieces.map((p, i) => ({
          ...key,
          piece: p.piece,
          size: p.size,
          quantity,
          units: i === 0 ? quantity : 0,
        }));
      return [{ ...key, size: line.size, quantity }];
    });

  async function record(
    tx: Tx,
    actor: Actor,
    order: RefundOrder,
    request: ReturnRequest,
    outcome: {
      method: RefundMethod;
      restock: boolean;
      /** The shop's name and contact for the email, read before the transaction. */
      shop: ShopContact;
      /** Store credit: the code credited and what it holds now. */
      credited?: { code: string; balanceCents: number };
      providerRefundId?: string;
      paidWith?: string;
    },
  ): Promise<RefundReturnAnswer> {
    const refundedAt = clock().toISOString();
    const restocked = outcome.restock ? await repo.restock(tx, piecesOf(order, request)) : 0;
    // Issue 29: capped by what the provider refunded outside the shop (the return keeps what was refunded).
    const dueCents = dueOf(order, request);
    const capped = dueCents < request.totalRefundCents;
    // Original payment: the part a balance paid goes back to it, in this transaction.
    const { toBalanceCents } = splitRefund(order, dueCents, request.providerRefundedCents);
    const toBalance =
      outcome.method === 'original_payment' && toBalanceCents > 0
        ? {
            amountCents: toBalanceCents,
            ...(await creditBalance(tx, order, toBalanceCents, `Refund of the return of order #${order.id}`)),
          }
        : undefined;
    const giftCode = outcome.credited?.code;
    const { refundPendingAt: _released, ...rest } = request;
    await repo.saveReturnRequest(tx, order.id, {
      ...rest,
      totalRefundCents: dueCents,
      creditSelected: outcome.method === 'store_credit',
      refundedAt,
      refundMethod: outcome.method,
      ...(giftCode ? { giftCode } : {}),
      ...(toBalance ? { giftCode: toBalance.code, balanceRestoredCents: toBalance.amountCents } : {}),
      ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
      restocked,
    });
    const amount = formatPrice(dueCents);
    const to =
      outcome.method === 'store_credit'
        ? `to store credit${giftCode ? ` (${giftCode})` : ''}`
        : `to the original payment${toBalance ? ` (${formatPrice(toBalance.amountCents)} of it to ${toBalance.code})` : ''}`;
    await recordActivity(tx, actor, {
      kind: 'refund.made',
      summary: `Refunded ${amount} ${to} for order ${order.id}${
        capped
          ? ` (of ${formatPrice(request.totalRefundCents)}: ${formatPrice(request.providerRefundedCents ?? 0)} was refunded outside the shop)`
          : ''
      }`,
      detail: {
        orderId: order.id,
        amount: toDollars(dueCents),
        ...(request.providerRefundedCents ? { providerRefunded: toDollars(request.providerRefundedCents) } : {}),
        method: outcome.method,
        restocked,
        ...(giftCode ? { giftCode } : {}),
        ...(toBalance ? { balanceCode: toBalance.code, toBalance: toDollars(toBalance.amountCents) } : {}),
        ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
      },
    });
    const base = { order, pieces: request.items, refundCents: dueCents };
    // A return with nothing to refund (the pieces were paid for by a code) is closed without a refund email.
    const nothingDue = dueCents === 0;
    if (!nothingDue) {
      const email =
        outcome.method === 'store_credit'
          ? refundEmail(
              {
                ...base,
                method: 'store_credit',
                giftCode: outcome.credited!.code,
                balanceCents: outcome.credited!.balanceCents,
              },
              outcome.shop,
            )
          : refundEmail(
              {
                ...base,
                method: 'original_payment',
                paidWith: outcome.paidWith ?? 'your original payment method',
                toBalance,
              },
              outcome.shop,
            );
      await enqueueEmail(tx, {
        to: order.email,
        ...email,
        kind: outcome.method === 'store_credit' ? 'store_credit' : 'refund',
      });
    }
    return {
      ok: true,
      orderId: order.id,
      method: outcome.method,
      refund: toDollars(dueCents),
      refundedAt,
      ...(giftCode ? { giftCode } : {}),
      ...(toBalance ? { giftCode: toBalance.code, balanceRestored: toDollars(toBalance.amountCents) } : {}),
      ...(outcome.credited ? { balance: toDollars(outcome.credited.balanceCents) } : {}),
      ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
      restocked,
      emailed: !nothingDue,
    };
  }

  /** One transaction: the code, the stock, the return marked refunded, the email. */
  async function toStoreCredit(
    shop: ShopContact,
    actor: Actor,
    orderId: number,
    restock: boolean,
    confirmedCents?: number,
  ): Promise<RefundReturnAnswer> {
    return db.transaction(async (tx) => {
      const order = await refundable(tx, orderId, confirmedCents);
      const request = order.returnRequest;
      // A return that comes to $0 (its pieces were paid for by a code) is closed without a code.
      const dueCents = dueOf(order, request);
      if (dueCents === 0) return record(tx, actor, order, request, { method: 'store_credit', restock, shop });
      const credited = await creditBalance(tx, order, dueCents, `Store credit for the return of order #${order.id}`);
      return record(tx, actor, order, request, { method: 'store_credit', restock, credited, shop });
    });
  }

  async function toOriginalPayment(
    shop: ShopContact,
    actor: Actor,
    orderId: number,
    restock: boolean,
    confirmedCents?: number,
  ): Promise<RefundReturnAnswer> {
    // 1. Claim the return, so no other refund of it can start. A return that comes to $0 (its pieces
    // were paid for by a code) is closed there and then: there is nothing to ask the provider.
    const claim = await db.transaction(
      async (tx): Promise<{ closed: RefundReturnAnswer } | { payment: Payment; amountCents: number }> => {
        const order = await refundable(tx, orderId, confirmedCents);
        // Nothing charged to refund (the pieces were paid for by a code, or all by a balance, which
        // record() credits back): closed there and then.
        const { toPaymentCents } = splitRefund(
          order,
          dueOf(order, order.returnRequest),
          order.returnRequest.providerRefundedCents,
        );
        if (toPaymentCents === 0)
          return {
            closed: await record(tx, actor, order, order.returnRequest, { method: 'original_payment', restock, shop }),
          };
        const payment = paymentOf(order);
        await repo.saveReturnRequest(tx, order.id, { ...order.returnRequest, refundPendingAt: clock().toISOString() });
        return { payment, amountCents: toPaymentCents };
      },
    );
    if ('closed' in claim) return claim.closed;
    // 2. The provider's refund, outside any transaction (it may take seconds; it is not ours to roll back).
    let refund: { id: string; amountCents: number };
    try {
      refund =
        claim.payment.provider === 'card'
          ? await payments.card.refund(claim.payment.reference, claim.amountCents)
          : await payments.express.refund(claim.payment.reference, claim.amountCents);
    } catch (err) {
      await release(orderId);
      if (err instanceof PaymentError)
        throw new RefundFailed(`The payment provider refused the refund: ${err.message}`);
      log.error({ err, orderId }, 'refund: the payment provider failed');
      throw new RefundFailed(
        `The payment provider could not be reached; nothing was refunded. Please try again. (${err instanceof Error ? err.message : String(err)})`,
      );
    }
    // 3. Record it with the stock and the email.
    try {
      return await db.transaction(async (tx) => {
        const order = await repo.orderForRefund(tx, orderId);
        const request = order?.returnRequest;
        if (!order || !request?.refundPendingAt) throw new Error('the refund claim disappeared');
        return record(tx, actor, order, request, {
          method: 'original_payment',
          restock,
          shop,
          providerRefundId: refund.id,
          paidWith: claim.payment.paidWith,
        });
      });
    } catch (err) {
      log.error({ err, orderId, providerRefundId: refund.id }, 'refund: refunded by the provider but not recorded');
      throw new Conflict(
        `${formatPrice(refund.amountCents)} was refunded by the payment provider (${refund.id}), but the shop could not record it; do not refund again`,
      );
    }
  }

  /** Gives the return back after a refused provider refund, so it can be refunded again. */
  async function release(orderId: number) {
    await db.transaction(async (tx) => {
      const order = await repo.orderForRefund(tx, orderId);
      const request = order?.returnRequest;
      if (!order || !request?.refundPendingAt || request.refundedAt) return;
      // The next try reads what the provider refunded outside the shop afresh (issue 29).
      const { refundPendingAt: _released, providerRefundedCents: _outside, ...rest } = request;
      await repo.saveReturnRequest(tx, order.id, rest);
    });
  }

  return {
    /** POST /admin/api/refundReturn */
    async refundReturn(actor: Actor, input: RefundInput): Promise<RefundReturnAnswer> {
      const confirmed = input.amount === undefined ? undefined : toCents(input.amount);
      const shop = await deps.shop();
      const answer =
        input.method === 'store_credit'
          ? await toStoreCredit(shop, actor, input.orderId, input.restock, confirmed)
          : await toOriginalPayment(shop, actor, input.orderId, input.restock, confirmed);
      // A size back in stock is news to the storefront's read model (this copy and the others).
      if (answer.restocked > 0) await readModel.invalidate();
      return answer;
    },
  };
}
export type RefundService = ReturnType<typeof refundService>;
