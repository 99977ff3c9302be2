// Placing an order (spec §7 /placeOrder, ARCHITECTURE "Payment"), as named steps, each a function
// given what it needs: validate → price → verify payment → (one transaction) take stock, use promo,
// create order, enqueue emails, reward a referrer (place-order-record.ts) → capture
// (place-order-capture.ts) → finish — each failure undoing what came before it.
import type { Db } from '../../db/client.js';
import type { SessionData } from '../../db/schema.js';
import { Conflict, Invalid } from '../../http/errors.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import {
  asPaymentRequired,
  BAG_EMPTY,
  INVALID_PROMO,
  NOT_PAID,
  OPTION_UNKNOWN,
  PaymentRequired,
  TOTAL_CHANGED,
} from './checkout-errors.js';
import { checkoutRepository, type OrderRow, type PromotionRow } from './checkout-repository.js';
import { checkBagVersion, checkShippingInfo, refuseBalanceOnGiftCards } from './checkout-rules.js';
import {
  CHECKOUT_KEYS,
  readBag,
  type CheckoutDeps,
  type CheckoutLog,
  type CheckoutSession,
} from './checkout-session.js';
import { capturePayment } from './place-order-capture.js';
import { createOrder } from './place-order-record.js';
import type {
  OrderableBag,
  PaymentClaim,
  PlaceOrderInput,
  PricedCheckout,
  VerifiedPayment,
} from './place-order-types.js';
import { price, pricingReads, type PricingReads } from './pricing.js';

type Payments = Pick<PaymentProviders, 'card' | 'express'>;

/** How the shopper says they paid: by card, with PayPal, or not at all (a balance covers the total). */
export function paymentClaimOf(info: PlaceOrderInput['additionalInfo']): PaymentClaim {
  if (info.paymentIntentId && info.paypalOrderId) throw new Invalid('Pay either by card or with PayPal, not both');
  if (info.paymentIntentId) return { kind: 'card', id: info.paymentIntentId };
  if (info.paypalOrderId) return { kind: 'paypal', id: info.paypalOrderId };
  return { kind: 'none' };
}

/** Step 1: the bag is not empty and still on offer; the shipping info passes the checkout rules. */
export async function validateCheckout(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'catalog' | 'payments'>,
  sessionId: string,
  input: PlaceOrderInput,
  claim: PaymentClaim,
): Promise<{ previous: OrderRow } | { bag: OrderableBag }> {
  checkShippingInfo(input.shippingInfo);
  const bag = await readBag(deps, sessionId);
  if (bag.live.length === 0 || !bag.cartId) {
    // A retried submission whose bag already became an order answers that order.
    const previous = await previousOrderFor(deps, sessionId, claim);
    if (previous) return { previous };
    throw new Invalid(BAG_EMPTY);
  }
  if (bag.stale.length > 0) throw new Conflict('A piece in your bag is no longer available, please review your bag');
  checkBagVersion(bag.live, input.bagVersion);
  return { bag: { cartId: bag.cartId, live: bag.live } };
}

async function previousOrderFor(deps: { db: Db; payments: Payments }, sessionId: string, claim: PaymentClaim) {
  const repo = checkoutRepository(deps.db);
  if (claim.kind === 'card') return repo.orderByPaymentReference(claim.id, sessionId);
  if (claim.kind === 'paypal') {
    const paypal = await deps.payments.express.getOrder(claim.id).catch(() => undefined);
    return paypal?.captureId ? repo.orderByPaymentReference(paypal.captureId, sessionId) : undefined;
  }
  return undefined;
}

/** Step 2: the server's price. Only the session's promo counts, checked again for this email. */
export async function priceCheckout(
  deps: {
    db: Db;
    pricing: Pick<PricingReads, 'usablePromo' | 'optionsFor' | 'taxRateFor' | 'sessionBalance' | 'freeShipping'>;
  },
  session: CheckoutSession,
  bag: OrderableBag,
  input: PlaceOrderInput,
): Promise<PricedCheckout> {
  const { pricing } = deps;
  const { data } = session;
  const info = input.shippingInfo;
  let promo: PromotionRow | undefined;
  if (data.promoCode) {
    const verdict = await pricing.usablePromo(data.promoCode, info.email);
    if (!('promo' in verdict)) {
      // A code of another email or a first-order code says why (issue 24 items 18, 30); an expired or used one needs no more.
      const specific = verdict.reason !== INVALID_PROMO;
      await checkoutRepository(deps.db).patchSession(
        session.id,
        specific ? { promoNotice: `Code ${data.promoCode} was removed: ${verdict.reason}` } : {},
        ['promoCode'],
      );
      throw new Conflict(
        `The promo code ${data.promoCode} cannot be used for this order${specific ? `: ${verdict.reason}` : '.'} ${TOTAL_CHANGED}`,
      );
    }
    promo = verdict.promo;
  }
  const [options, taxRate, balance, freeShipping] = await Promise.all([
    pricing.optionsFor(info, bag),
    pricing.taxRateFor(info),
    pricing.sessionBalance(session),
    pricing.freeShipping(),
  ]);
  refuseBalanceOnGiftCards(bag, balance);
  const { totals, option } = price({
    lines: bag.live,
    promo,
    info,
    options,
    type: input.shippingType,
    taxRate,
    balance,
    freeShipping,
  });
  if (!option) throw new Invalid(OPTION_UNKNOWN);
  return {
    cartId: bag.cartId,
    lines: bag.live,
    shippingInfo: info,
    billingInfo: input.billingInfo,
    option,
    promo,
    balance,
    totals,
  };
}

/** Step 3: the payment is authorised for exactly what is due after the balance (nothing to pay at 0). */
export async function verifyPayment(
  payments: Payments,
  data: SessionData,
  priced: PricedCheckout,
  claim: PaymentClaim,
): Promise<VerifiedPayment> {
  const notPaid = (err: unknown) => asPaymentRequired(err, NOT_PAID);
  const total = priced.totals.dueCents;
  if (total === 0) return { provider: 'none', method: 'none', id: undefined, detail: '' };
  if (claim.kind === 'card') {
    if (claim.id !== data.paymentIntentId) throw new PaymentRequired(NOT_PAID);
    const intent = await payments.card.retrieve(claim.id).catch(notPaid);
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') throw new PaymentRequired(NOT_PAID);
    if (intent.amountCents !== total)
      throw new PaymentRequired(`Your card was not charged: the order total changed. ${TOTAL_CHANGED}`);
    return { provider: payments.card.name, method: 'card', id: intent.id, detail: intent.description ?? 'Card' };
  }
  if (claim.kind === 'paypal') {
    if (claim.id !== data.paypalOrderId) throw new PaymentRequired(NOT_PAID);
    const order = await payments.express.getOrder(claim.id).catch(notPaid);
    if (order.status !== 'APPROVED') throw new PaymentRequired(NOT_PAID);
    if (order.amountCents !== total)
      throw new PaymentRequired(`The PayPal amount does not match your order total. ${TOTAL_CHANGED}`);
    return { provider: payments.express.name, method: 'paypal', id: order.id, detail: order.payer?.email ?? '' };
  }
  // Nothing was paid because a balance covered the total when the shopper saw it; another order has spent from it since.
  if (priced.balance)
    throw new Conflict(
      `The balance of ${priced.balance.code} changed and no longer covers your order. ${TOTAL_CHANGED}`,
    );
  throw new PaymentRequired(NOT_PAID);
}

/** Releases a card authorisation this session made that no order uses, so the shopper's funds are free. */
export async function releaseAuthorisation(
  deps: { db: Db; payments: Payments; log: CheckoutLog },
  { id: sessionId, data }: CheckoutSession,
  claim: PaymentClaim,
): Promise<void> {
  if (claim.kind !== 'card' || claim.id !== data.paymentIntentId) return;
  const repo = checkoutRepository(deps.db);
  try {
    if (await repo.orderByPaymentReference(claim.id)) return;
    await deps.payments.card.cancel(claim.id);
    await repo.patchSession(sessionId, { paymentAttempt: (data.paymentAttempt ?? 0) + 1 }, ['paymentIntentId']);
  } catch (err) {
    deps.log.warn({ err, paymentIntentId: claim.id }, 'could not release a card authorisation');
  }
}

/** Step 6: the session remembers the order for the success page; this checkout's state is cleared. */
export async function finishCheckout(db: Db, sessionId: string, orderId: number): Promise<void> {
  await checkoutRepository(db).patchSession(sessionId, { lastOrderId: orderId }, CHECKOUT_KEYS);
}

/** POST /placeOrder: the steps above, in order; answers the order id (the first one's, for a repeat). */
export async function placeOrder(
  deps: CheckoutDeps,
  session: CheckoutSession,
  input: PlaceOrderInput,
): Promise<{ orderId: number }> {
  const { db, readModel, log } = deps;
  const claim = paymentClaimOf(input.additionalInfo);
  let cartId: string | undefined;
  let committed = false;
  try {
    const valid = await validateCheckout(deps, session.id, input, claim);
    if ('previous' in valid) return { orderId: valid.previous.id };
    cartId = valid.bag.cartId;
    const priced = await priceCheckout({ db, pricing: pricingReads(deps) }, session, valid.bag, input);
    const paid = await verifyPayment(deps.payments, session.data, priced, claim);
    const result = await createOrder(deps, session.id, priced, paid);
    if ('existing' in result) return { orderId: result.existing.id };
    committed = true;
    await capturePayment(deps, result.placed, paid);
    // The storefront shows the size sold out at once, in every copy (the read model is otherwise
    // refreshed by catalog writes only).
    if (result.placed.soldOut)
      await readModel.invalidate().catch((err: unknown) => log.warn({ err }, 'could not refresh the catalog'));
    await finishCheckout(db, session.id, result.placed.order.id);
    return { orderId: result.placed.order.id };
  } catch (err) {
    if (!committed) {
      // A repeated submission that lost the race answers the order the first one made.
      const existing = cartId ? await checkoutRepository(db).orderByCheckoutKey(db, cartId) : undefined;
      if (existing) return { orderId: existing.id };
      await releaseAuthorisation(deps, session, claim);
    }
    throw err;
  }
}
