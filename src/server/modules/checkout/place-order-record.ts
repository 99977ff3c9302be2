// Placing an order, step 4 and its undo: the one transaction that turns a priced, paid-for bag into
// an order (stock, promo, balance, order row, held emails, referral reward, gift cards), and the one
// that takes all of it back when the payment cannot be captured.
import { eq } from 'drizzle-orm';
import type { BillingInfo, ShippingInfo } from '../../../contract/checkout.js';
import { formatPrice, toCents } from '../../../domain/money.js';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { orderNumber } from '../../db/ids.js';
import { balances as balancesTable, type Address, type OrderLine } from '../../db/schema.js';
import type { ShopContactSource } from '../../email/layout.js';
import type { CheckoutDeps } from './checkout-session.js';
import { Conflict, Invalid } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { balancesRepository } from '../balances/balances-repository.js';
import { issueGiftCard } from '../balances/gift-cards.js';
import { cartRepository, type StoredBag } from '../cart/cart-repository.js';
import type { BagLine } from '../cart/cart-service.js';
import { demandOf, rowKeyOf, sizeRowsOf } from '../cart/set-lines.js';
import { issueReferralReward, withdrawReferralReward } from '../marketing/referral-reward.js';
import { CONFIRMATION_HOLD_MS } from './capture-timing.js';
import { abandonedRepository } from '../abandoned/abandoned-repository.js'; // issue 28
import { BagChanged, SESSION_GONE, TOTAL_CHANGED } from './checkout-errors.js';
import { checkoutRepository, type NewOrder, type OrderRow } from './checkout-repository.js';
import { isGiftCardsOnly } from './checkout-rules.js';
import { orderConfirmationEmail } from './order-email.js';
import type { PlacedOrder, PricedCheckout, VerifiedPayment } from './place-order-types.js';
import { promoAnswer } from './pricing.js';

const addressOf = (info: ShippingInfo): Address => ({
  firstName: info.firstName,
  lastName: info.lastName,
  address: info.address,
  address2: info.address2,
  email: info.email,
  city: info.city,
  state: info.state,
  zip: info.zip,
  phone: info.phone,
  country: info.country,
});

/** The billing address as given, or the shipping address ('Use shipping address as billing address'). */
function billingOf(billing: BillingInfo | undefined, shipping: ShippingInfo): Address & { cardholderName?: string } {
  const cardholderName = billing?.cardholderName || `${shipping.firstName} ${shipping.lastName}`.trim();
  if (!billing || billing.address.trim() === '') return { ...addressOf(shipping), cardholderName };
  const { cardholderName: _, ...address } = billing;
  return { ...address, email: shipping.email, cardholderName };
}

/** A bag line as an order keeps it (and as the emails draw it). */
export const orderLineOf = ({ stored, line }: BagLine): OrderLine => ({
  itemId: stored.itemId,
  title: line.title,
  url: line.url,
  productType: stored.productType,
  productName: line.product_name,
  color: stored.color,
  size: stored.size,
  quantity: stored.quantity,
  unitPriceCents: toCents(line.price),
  picture: line.pictures[0] ?? null,
  // A set's line keeps each piece's size (issue 27 item 4); `size` reads 'Bra 34C · Brief M'.
  ...(line.piece_sizes ? { pieces: line.piece_sizes } : {}),
  ...(stored.giftCard ? { giftCard: stored.giftCard } : {}),
});

const orderLinesOf = (lines: BagLine[]): OrderLine[] => lines.map(orderLineOf);

const byLockOrder = (a: BagLine, b: BagLine) => {
  const ka = [a.stored.itemId, a.stored.productType, a.stored.color, a.stored.size].join('\u0000');
  const kb = [b.stored.itemId, b.stored.productType, b.stored.color, b.stored.size].join('\u0000');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

const sameBag = (bag: StoredBag, priced: PricedCheckout) =>
  bag.cartId === priced.cartId &&
  bag.lines.length === priced.lines.length &&
  priced.lines.every((p) => bag.lines.some((l) => l.id === p.stored.id && l.quantity === p.stored.quantity));

/** The order row for a priced checkout and its verified payment. */
function orderValues(priced: PricedCheckout, paid: VerifiedPayment, now: Date): Omit<NewOrder, 'id'> {
  const { totals, shippingInfo } = priced;
  return {
    checkoutKey: priced.cartId,
    cartId: priced.cartId,
    lines: orderLinesOf(priced.lines),
    email: shippingInfo.email,
    shippingInfo: addressOf(shippingInfo),
    billingInfo: billingOf(priced.billingInfo, shippingInfo),
    shippingType: priced.option.type,
    // The promoter's payout for this order is kept with it (the report shows what was earned then).
    promo: priced.promo ? { ...promoAnswer(priced.promo), payoutCents: priced.promo.payoutCents } : null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    balanceCents: totals.balanceCents,
    balanceCode: totals.balanceCents > 0 ? (priced.balance?.code ?? null) : null,
    paymentProvider: paid.provider,
    // PayPal's reference is its capture id, known after the capture.
    paymentReference: paid.method === 'card' ? (paid.id ?? null) : null,
    paymentMethodDetails: { paymentMethod: paid.method, detail: paid.detail },
    pendingCaptureId: paid.id ?? null,
    // Nothing to ship for gift cards only: the order is done once its emails are queued, no label to buy.
    ...(isGiftCardsOnly(priced.lines) ? { processed: true } : {}),
    createdAt: now,
  };
}

export type RecordDeps = { db: Db; clock: Clock; shop: ShopContactSource; offer: CheckoutDeps['offer'] };

/**
 * Step 4, one transaction: take stock for every line (one statement), use the promo, create the order, mark the
 * bag ordered, enqueue the confirmation, reward a referrer, issue gift cards; the order's emails are held
 * for CONFIRMATION_HOLD_MS (the capture releases them). Any refusal rolls all of it back. A second
 * submission of the same checkout waits on the session lock and then finds the first one's order.
 */
export async function createOrder(
  deps: RecordDeps,
  sessionId: string,
  priced: PricedCheckout,
  paid: VerifiedPayment,
): Promise<{ existing: OrderRow } | { placed: PlacedOrder }> {
  const { db, clock } = deps;
  const repo = checkoutRepository(db);
  const carts = cartRepository(db);
  // The settings as they are now, read before the transaction (the emails and the referrer's reward).
  const [shop, offer] = await Promise.all([deps.shop(), deps.offer()]);
  return db.transaction(async (tx) => {
    const now = clock();
    if (!(await carts.lockSession(tx, sessionId, now))) throw new Invalid(SESSION_GONE);
    const existing = await repo.orderByCheckoutKey(tx, priced.cartId);
    if (existing) return { existing };
    if (!sameBag(await carts.openBag(tx, sessionId), priced)) throw new BagChanged();

    const taken: PlacedOrder['taken'] = [];
    const lines = priced.lines.filter((l) => !l.stored.giftCard).sort(byLockOrder);
    // One pick per size row: a set's line takes each of its pieces' sizes, and lines sharing a row
    // (two sets with the same bra size) take it once for both; any row refused refuses the order.
    const demand = [
      ...demandOf(lines.map((l) => ({ key: l.stored, pieceSizes: l.line.piece_sizes, quantity: l.stored.quantity }))),
    ];
    const { sizeIds, soldOut } = await repo.takeStock(
      tx,
      demand.map(([, d]) => ({ ...d.row, quantity: d.quantity })),
    );
    const sizeIdOf = new Map(demand.map(([key], i) => [key, sizeIds[i]]));
    for (const { stored, line } of lines) {
      if (sizeRowsOf(stored, line.piece_sizes).some((row) => sizeIdOf.get(rowKeyOf(row)) === undefined))
        throw new Conflict(`${line.title} in size ${stored.size} just sold out`);
    }
    for (const [i, [, d]] of demand.entries()) taken.push({ sizeId: sizeIds[i]!, quantity: d.quantity });
    if (priced.promo && !(await repo.takePromoUse(tx, priced.promo.id))) {
      throw new Conflict(`The promo code ${priced.promo.code} cannot be used any more. ${TOTAL_CHANGED}`);
    }

    const values = orderValues(priced, paid, now);
    let order: OrderRow | undefined;
    for (let attempt = 0; !order && attempt < 5; attempt++) {
      order = await repo.insertOrder(tx, { ...values, id: orderNumber() });
      // Nothing inserted: the checkout key (a duplicate, answered by the caller) or, rarely, the number was taken.
      if (!order && (await repo.orderByCheckoutKey(tx, priced.cartId)))
        throw new Conflict('This order was already placed');
    }
    if (!order) throw new Error('Could not find a free order number');

    const balanceLeft = await spendBalance(tx, priced, order);
    await repo.markCartOrdered(tx, priced.cartId, order.id);
    // Issue 28 (abandoned checkouts): the bag is no longer abandoned, and is never reminded after this.
    await abandonedRepository(db).markOrdered(tx, priced.cartId, order.id);
    const paidFromBalance = balanceLeft === undefined ? undefined : { remainingCents: balanceLeft };
    const emailId = await enqueueEmail(tx, {
      to: order.email,
      ...orderConfirmationEmail(order, shop, priced.option.description, paidFromBalance),
      kind: 'order_confirmation',
    });
    const reward = await issueReferralReward(db, tx, { promo: priced.promo, orderEmail: order.email, shop, offer });
    const giftCards: PlacedOrder['giftCards'] = [];
    for (const { stored } of priced.lines) {
      if (!stored.giftCard) continue;
      const issued = await issueGiftCard(tx, { card: stored.giftCard, orderId: order.id, now, shop });
      giftCards.push({ balanceId: issued.balance.id, emailId: issued.emailId });
    }
    await repo.holdEmails(tx, [emailId, ...(reward ? [reward.emailId] : []), ...giftCards.map((g) => g.emailId)], {
      forMs: CONFIRMATION_HOLD_MS,
    });
    const spent =
      priced.balance && order.balanceCents > 0
        ? { balanceId: priced.balance.id, amountCents: order.balanceCents }
        : undefined;
    return { placed: { order, taken, promoId: priced.promo?.id, spent, emailId, reward, soldOut, giftCards } };
  });
}

/**
 * Step 4: the balance pays its part of the total, in the order's transaction. A balance another
 * checkout spent meanwhile no longer holds enough: the order is refused (the card was authorised
 * for the rest only) and the shopper sees the new total. Answers what the balance holds after.
 */
async function spendBalance(tx: Tx, priced: PricedCheckout, order: OrderRow): Promise<number | undefined> {
  if (!priced.balance || order.balanceCents === 0) return undefined;
  const left = await balancesRepository().spend(tx, priced.balance.id, order.balanceCents, order.id);
  if (left === undefined) {
    throw new Conflict(
      `The balance of ${priced.balance.code} changed: it no longer covers ${formatPrice(order.balanceCents)} of this order. ${TOTAL_CHANGED}`,
    );
  }
  return left;
}

/** Undo of step 4 when the capture fails: stock back, promo use back, no order, no email, the bag open again. */
export async function undoOrder(db: Db, placed: PlacedOrder): Promise<void> {
  const repo = checkoutRepository(db);
  const balances = balancesRepository();
  await db.transaction(async (tx) => {
    for (const t of placed.taken) await repo.restoreStock(tx, t.sizeId, t.quantity);
    if (placed.promoId !== undefined) await repo.releasePromo(tx, placed.promoId);
    if (placed.spent) {
      await balances.credit(tx, placed.spent.balanceId, placed.spent.amountCents, {
        kind: 'restored',
        orderId: placed.order.id,
        note: `Order #${placed.order.id} was not paid`,
      });
    }
    await repo.deleteEmail(tx, placed.emailId);
    for (const card of placed.giftCards) {
      await repo.deleteEmail(tx, card.emailId);
      await tx.delete(balancesTable).where(eq(balancesTable.id, card.balanceId));
    }
    if (placed.reward) {
      await withdrawReferralReward(db, tx, placed.reward);
      await repo.deleteEmail(tx, placed.reward.emailId);
    }
    if (placed.order.cartId) await repo.markCartOrdered(tx, placed.order.cartId, null);
    await abandonedRepository(db).unmarkOrdered(tx, placed.order.id); // issue 28 (abandoned checkouts)
    await repo.deleteOrder(tx, placed.order.id);
  });
}
