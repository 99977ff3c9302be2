// Checkout (spec §4 checkout stage, §5 checkout rules, §7 Checkout calls, §9 money): the session's
// checkout state, prices computed on the server only, and placing an order as named steps —
// validate → price → verify payment → (one transaction) take stock, use promo, create order,
// enqueue email, reward a referrer → capture — each failure undoing what came before it
// (ARCHITECTURE "Payment").
import type {
  BillingInfo,
  CheckoutShippingOption,
  CheckoutStep,
  PlacedOrderAnswer,
  Promo,
  ShippingInfo,
} from '../../../contract/checkout.js';
import { BAG_CHANGED, BAG_CHANGED_CODE, SKIP_PAYMENT } from '../../../contract/checkout.js';
import { bagVersion } from '../../../domain/bag-version.js';
import { checkoutContactComplete, isUsAddress, isUsCountry, isUsZip, zipLengthOk } from '../../../domain/geo.js';
import {
  applyFreeShipping,
  computeTotals,
  formatPrice,
  qualifiesForFreeShipping,
  toCents,
  toDollars,
  type Totals,
  type TotalsPromo,
} from '../../../domain/money.js';
import type { Db, Tx } from '../../db/client.js';
import { orderNumber } from '../../db/ids.js';
import { balances as balancesTable, type Address, type OrderLine, type SessionData } from '../../db/schema.js';
import { issueGiftCard } from '../balances/gift-cards.js';
import { eq } from 'drizzle-orm';
import { AppError, Conflict, Invalid } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import type { ExpressAmount } from '../../providers/payment/express-provider.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';
import type {
  CheckoutShippingOption as ProviderOption,
  ShippingProvider,
} from '../../providers/shipping/shipping-provider.js';
import type { TaxProvider } from '../../providers/tax/tax-provider.js';
import { balancesRepository, type BalanceRow } from '../balances/balances-repository.js';
import { cartRepository, type StoredBag } from '../cart/cart-repository.js';
import { describeBag, type BagLine } from '../cart/cart-service.js';
import type { ReadModel } from '../../read-model.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { issueReferralReward, withdrawReferralReward, type IssuedReward } from '../marketing/referral-reward.js';
import type { Clock } from '../../clock.js';
import { checkoutRepository, type NewOrder, type OrderRow, type PromotionRow } from './checkout-repository.js';
import { orderConfirmationEmail } from './order-email.js';
import { HOLD_RELEASE_AFTER_MS, paymentHoldsRepository, releaseOrphanHolds } from './payment-holds.js';

/** 402: the payment was not authorised, not for this amount, or could not be captured. */
export class PaymentRequired extends AppError {
  constructor(message: string) {
    super(402, 'payment_required', message);
  }
}

/** 409 `bag_changed`: the bag is not the one the shopper's screen showed (another tab changed it). */
export class BagChanged extends AppError {
  constructor() {
    super(409, BAG_CHANGED_CODE, BAG_CHANGED);
  }
}

/** Step: the bag the browser showed (its version, when sent) is the bag now; no payment for lines not shown. */
export function checkBagVersion(live: readonly BagLine[], shown: string | undefined): void {
  if (shown !== undefined && shown !== bagVersion(live.map((l) => l.line))) throw new BagChanged();
}

export const INVALID_PROMO = 'Invalid Promo Code';
/** Issue 24 item 30: a welcome or referral code is for the email it was sent to. */
export const PROMO_OTHER_EMAIL =
  'This code was sent to another email address. Use that email address at checkout to apply it.';
/** Issue 24 item 18: the welcome code is for a first order. */
export const PROMO_FIRST_ORDER_ONLY = 'This code is for a first order, and this email address has ordered before.';
export const BALANCE_EMPTY = 'This gift card or store credit has no balance left.';
export const TOTAL_CHANGED = 'Your order total changed, please review it';
export const NOT_PAID = 'Your payment was not completed';
/** How long /cart/success shows the order a session placed (a reload, a second look); later it is no news. */
export const PLACED_ORDER_SHOWN_MS = 24 * 60 * 60_000;
/** Capture recovery leaves younger orders alone: their checkout may still be capturing in another copy. */
export const CAPTURE_GRACE_MS = 60_000;
const SESSION_GONE = 'Your session has expired, please reload the page';
const BAG_EMPTY = 'Your bag is empty';
const OPTION_UNKNOWN = 'This shipping option is not available for your address';

/** Session keys that belong to one checkout; cleared once it became an order. */
const CHECKOUT_KEYS: (keyof SessionData)[] = [
  'shippingInfo',
  'shippingType',
  'promoCode',
  'promoNotice',
  'balanceCode',
  'paymentIntentId',
  'paymentAttempt',
  'paypalOrderId',
];

export type CheckoutDeps = {
  db: Db;
  catalog: CatalogService;
  /** Refreshed when an order sells a size out. */
  readModel: Pick<ReadModel, 'invalidate'>;
  clock: Clock;
  payments: PaymentProviders;
  tax: TaxProvider;
  shipping: ShippingProvider;
  shop: { publicUrl: string; supportEmail: string };
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
};

type PlaceOrderInput = {
  shippingInfo: ShippingInfo;
  billingInfo?: BillingInfo | undefined;
  shippingType: string;
  additionalInfo: { paymentIntentId?: string | undefined; paypalOrderId?: string | undefined };
  /** The version of the bag the browser showed (optional; see checkBagVersion). */
  bagVersion?: string | undefined;
};

/** How the shopper says they paid. */
type PaymentClaim = { kind: 'card'; id: string } | { kind: 'paypal'; id: string } | { kind: 'none' };

/** The bag as checkout sees it: its cart and the lines still on offer. */
type Bag = { cartId: string | undefined; live: BagLine[]; stale: number[] };

/** Everything an order is made of, priced by the server. */
type PricedCheckout = {
  cartId: string;
  lines: BagLine[];
  shippingInfo: ShippingInfo;
  billingInfo: BillingInfo | undefined;
  option: ProviderOption;
  promo: PromotionRow | undefined;
  /** The gift card or store credit paying part of the total (totals.balanceCents of it). */
  balance: BalanceRow | undefined;
  totals: Totals;
};

/** A payment checked against the server's total, ready to be captured once the order exists. */
type VerifiedPayment = {
  provider: 'sandbox' | 'stripe' | 'paypal' | 'none';
  method: 'card' | 'paypal' | 'none';
  /** Card intent id / PayPal order id; undefined when nothing is paid. */
  id: string | undefined;
  detail: string;
};

type PlacedOrder = {
  order: OrderRow;
  taken: { sizeId: number; quantity: number }[];
  promoId: number | undefined;
  /** What this order spent from a balance, so that an undone order gives it back. */
  spent: { balanceId: number; amountCents: number } | undefined;
  emailId: number;
  /** The referral sender's $20 code and its held email, when the order used a friend's gift card. */
  reward: IssuedReward | undefined;
  /** The order took the last piece of a size. */
  soldOut: boolean;
  /** Gift cards the order sold: their balances and held emails, undone with the order. */
  giftCards: { balanceId: number; emailId: number }[];
};

// ---------- pure steps ----------

/** Spec §5 checkout rules, with a message that says what is wrong. */
export function checkShippingInfo(info: ShippingInfo): void {
  const missing = (
    [
      ['first name', info.firstName],
      ['email', info.email],
      ['address', info.address],
      ['city', info.city],
      ['state', info.state],
      ['zip', info.zip],
    ] as const
  )
    .filter(([, value]) => value.trim() === '')
    .map(([name]) => name);
  if (missing.length > 0) throw new Invalid(`Please fill in your ${missing.join(', ')}`);
  if (isUsCountry(info.country) && !isUsZip(info.zip))
    throw new Invalid('Please enter a valid US zip code (5 digits, or 5 digits, a dash and 4 more)');
  if (!zipLengthOk(info.country, info.zip)) throw new Invalid('The zip code must be at least 4 characters long');
  if (info.emailConf && info.emailConf.trim().toLowerCase() !== info.email.trim().toLowerCase()) {
    throw new Invalid('The email addresses do not match');
  }
  if (!checkoutContactComplete(info)) throw new Invalid('Please complete your contact and shipping details');
}

const isComplete = (info: ShippingInfo | undefined): info is ShippingInfo => {
  if (!info) return false;
  try {
    checkShippingInfo(info);
    return true;
  } catch {
    return false;
  }
};

const totalsPromo = (promo: PromotionRow | undefined): TotalsPromo | null =>
  !promo
    ? null
    : promo.type === 'dollarAmount'
      ? { type: 'dollarAmount', discountCents: promo.discountCents ?? 0 }
      : { type: 'percentage', rateBasisPoints: promo.rateBasisPoints ?? 10_000 };

/** Spec §3 "Promo (checkout)": dollars for dollarAmount, a multiplier (0.9) for percentage. */
export const promoAnswer = (promo: PromotionRow): Promo => ({
  code: promo.code,
  type: promo.type,
  discount:
    promo.type === 'dollarAmount' ? toDollars(promo.discountCents ?? 0) : (promo.rateBasisPoints ?? 10_000) / 10_000,
});

const pricedLines = (lines: BagLine[]) =>
  lines.map((l) => ({
    unitPriceCents: toCents(l.line.price),
    quantity: l.stored.quantity,
    giftCard: l.stored.giftCard !== undefined,
  }));

/** A bag of only gift cards: nothing to ship. */
export const isGiftCardsOnly = (lines: BagLine[]) => lines.length > 0 && lines.every((l) => l.stored.giftCard);
/** The one option of a gift-card-only bag. */
export const BY_EMAIL: ProviderOption = { type: 'email', description: 'By email', feeCents: 0 };
export const GIFT_CARD_WITH_BALANCE =
  'A gift card cannot be paid for with a gift card or store credit balance. Remove the balance, or buy the gift card in an order of its own.';

export const totalsInDollars = (t: Totals) => ({
  subtotal: toDollars(t.subtotalCents),
  discount: toDollars(t.discountCents),
  shipping: toDollars(t.shippingCents),
  tax: toDollars(t.taxCents),
  total: toDollars(t.totalCents),
  balance: toDollars(t.balanceCents),
  due: toDollars(t.dueCents),
});

/** The balance applied in the 'Gift Card or Promo' box, as the sidebar shows it (dollars). */
export const balanceAnswer = (balance: BalanceRow, t: Totals) => ({
  code: balance.code,
  kind: balance.kind,
  available: toDollars(balance.remainingCents),
  applied: toDollars(t.balanceCents),
  remaining: toDollars(balance.remainingCents - t.balanceCents),
});

/** PayPal is asked for what is due; the balance counts as a discount in its breakdown (which must add up). */
const expressAmount = (t: Totals): ExpressAmount => ({
  totalCents: t.dueCents,
  itemsCents: t.subtotalCents,
  discountCents: t.discountCents + t.balanceCents,
  shippingCents: t.shippingCents,
  taxCents: t.taxCents,
});

const destinationOf = (info: ShippingInfo) => ({ country: info.country, state: info.state, zip: info.zip });

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

const orderLinesOf = (lines: BagLine[]): OrderLine[] =>
  lines.map(({ stored, line }) => ({
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
    ...(stored.giftCard ? { giftCard: stored.giftCard } : {}),
  }));

/** Lines in one fixed order, so that which sold-out line an order reports does not depend on the bag's order. */
const byLockOrder = (a: BagLine, b: BagLine) => {
  const ka = [a.stored.itemId, a.stored.productType, a.stored.color, a.stored.size].join('\u0000');
  const kb = [b.stored.itemId, b.stored.productType, b.stored.color, b.stored.size].join('\u0000');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

const sameBag = (bag: StoredBag, priced: PricedCheckout) =>
  bag.cartId === priced.cartId &&
  bag.lines.length === priced.lines.length &&
  priced.lines.every((p) => bag.lines.some((l) => l.id === p.stored.id && l.quantity === p.stored.quantity));

/** A gift card is not bought with a balance (store credit would turn into a new code). */
function refuseBalanceOnGiftCards(bag: Pick<Bag, 'live'>, balance: BalanceRow | undefined): void {
  if (balance && bag.live.some((l) => l.stored.giftCard)) throw new Invalid(GIFT_CARD_WITH_BALANCE);
}

function paymentClaimOf(info: PlaceOrderInput['additionalInfo']): PaymentClaim {
  if (info.paymentIntentId && info.paypalOrderId) throw new Invalid('Pay either by card or with PayPal, not both');
  if (info.paymentIntentId) return { kind: 'card', id: info.paymentIntentId };
  if (info.paypalOrderId) return { kind: 'paypal', id: info.paypalOrderId };
  return { kind: 'none' };
}

// ---------- the service ----------

export function checkoutService(deps: CheckoutDeps) {
  const { db, catalog, readModel, clock, payments, tax, shipping, shop, log } = deps;
  const repo = checkoutRepository(db);
  const carts = cartRepository(db);
  const balances = balancesRepository(db);
  const holds = paymentHoldsRepository(db);

  async function sessionOf(sessionId: string | undefined): Promise<SessionData> {
    const data = sessionId ? await repo.sessionData(sessionId, clock()) : undefined;
    if (!data) throw new Invalid(SESSION_GONE);
    return data;
  }

  async function readBag(sessionId: string): Promise<Bag> {
    const [snapshot, stored] = await Promise.all([catalog.snapshot(), carts.bagOf(sessionId, clock())]);
    return { cartId: stored.cartId, ...describeBag(snapshot, stored.lines) };
  }

  /**
   * The promo behind a code if it may be used now (by `email` when known), or why not: a code of
   * another email and a first-order code of an email that has ordered say so; anything else is
   * 'Invalid Promo Code'. `found` is set when the code names a promo at all.
   */
  async function checkPromo(
    code: string,
    email: string | undefined,
  ): Promise<{ promo: PromotionRow } | { reason: string; found: boolean }> {
    const promo = await repo.promoByCode(code.trim());
    if (!promo) return { reason: INVALID_PROMO, found: false };
    if (promo.expiresAt && promo.expiresAt.getTime() <= clock().getTime())
      return { reason: INVALID_PROMO, found: true };
    if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return { reason: INVALID_PROMO, found: true };
    if (email) {
      if (promo.issuedTo && promo.issuedTo.trim().toLowerCase() !== email.trim().toLowerCase())
        return { reason: PROMO_OTHER_EMAIL, found: true };
      if (promo.firstOrderOnly && (await repo.hasOrderFor(email)))
        return { reason: PROMO_FIRST_ORDER_ONLY, found: true };
    }
    return { promo };
  }

  /**
   * The session's promo, if still usable for this email; an unusable one is dropped from the
   * session, with the reason kept for /stageCheck to tell the shopper.
   */
  async function sessionPromo(sessionId: string, data: SessionData, email: string | undefined) {
    if (!data.promoCode) return undefined;
    const verdict = await checkPromo(data.promoCode, email);
    if ('promo' in verdict) return verdict.promo;
    const notice =
      verdict.reason === INVALID_PROMO ? undefined : `Code ${data.promoCode} was removed: ${verdict.reason}`;
    await repo.patchSession(sessionId, notice ? { promoNotice: notice } : {}, ['promoCode']);
    if (notice) data.promoNotice = notice;
    return undefined;
  }

  /** The session's gift card or store credit, while it still holds money; a spent or unknown one is dropped. */
  /** What pricing a checkout reads for `info`: the bag, the session's promo and balance, the options offered and the tax rate. */
  async function pricingInputs(sessionId: string, data: SessionData, info: ShippingInfo) {
    const bagRead = readBag(sessionId);
    const [bag, promo, options, taxRate, balance] = await Promise.all([
      bagRead,
      sessionPromo(sessionId, data, info.email),
      optionsFor(info, bagRead),
      taxRateFor(info),
      sessionBalance(sessionId, data),
    ]);
    return { bag, promo, options, taxRate, balance };
  }

  async function sessionBalance(sessionId: string, data: SessionData): Promise<BalanceRow | undefined> {
    if (!data.balanceCode) return undefined;
    const balance = await balances.byCode(db, data.balanceCode);
    if (!balance || balance.remainingCents <= 0) {
      await repo.patchSession(sessionId, {}, ['balanceCode']);
      return undefined;
    }
    return balance;
  }

  /** The shipping options for the address; a bag of only gift cards has one: 'By email', free. */
  async function optionsFor(info: ShippingInfo, bag: Promise<{ live: BagLine[] }> | { live: BagLine[] }) {
    const { live } = await bag;
    if (isGiftCardsOnly(live)) return [BY_EMAIL];
    return shipping.checkoutOptions(destinationOf(info));
  }

  function price(
    lines: BagLine[],
    promo: PromotionRow | undefined,
    info: ShippingInfo | undefined,
    options: ProviderOption[],
    type: string | undefined,
    taxRate: number,
    balance?: BalanceRow | undefined,
  ) {
    const index = type === undefined ? -1 : options.findIndex((o) => o.type === type);
    const totals = computeTotals({
      lines: pricedLines(lines),
      promo: totalsPromo(promo),
      balanceCents: balance?.remainingCents ?? 0,
      shipping: index >= 0 ? { feeCents: options[index]!.feeCents, isFirstOption: index === 0 } : null,
      address: info ? { country: info.country, zip: info.zip } : { country: '', zip: '' },
      taxRate,
    });
    return { totals, option: index >= 0 ? options[index] : undefined };
  }

  const taxRateFor = (info: ShippingInfo) => tax.rateFor({ zip: info.zip.trim(), country: info.country });

  /** Releases a card authorisation this session made that no order uses, so the shopper's funds are free. */
  async function releaseAuthorisation(sessionId: string, data: SessionData, claim: PaymentClaim) {
    if (claim.kind !== 'card' || claim.id !== data.paymentIntentId) return;
    try {
      if (await repo.orderByPaymentReference(claim.id)) return;
      await payments.card.cancel(claim.id);
      await repo.patchSession(sessionId, { paymentAttempt: (data.paymentAttempt ?? 0) + 1 }, ['paymentIntentId']);
    } catch (err) {
      log.warn({ err, paymentIntentId: claim.id }, 'could not release a card authorisation');
    }
  }

  // ---- placeOrder's steps ----

  /** Step 1: the bag is not empty and still on offer; the shipping info passes the checkout rules. */
  async function validateCheckout(
    sessionId: string,
    input: PlaceOrderInput,
    claim: PaymentClaim,
  ): Promise<{ previous: OrderRow } | { bag: { cartId: string; live: BagLine[] } }> {
    checkShippingInfo(input.shippingInfo);
    const bag = await readBag(sessionId);
    if (bag.live.length === 0 || !bag.cartId) {
      // A retried submission whose bag already became an order answers that order.
      const previous = await previousOrderFor(sessionId, claim);
      if (previous) return { previous };
      throw new Invalid(BAG_EMPTY);
    }
    if (bag.stale.length > 0) throw new Conflict('A piece in your bag is no longer available, please review your bag');
    checkBagVersion(bag.live, input.bagVersion);
    return { bag: { cartId: bag.cartId, live: bag.live } };
  }

  async function previousOrderFor(sessionId: string, claim: PaymentClaim) {
    if (claim.kind === 'card') return repo.orderByPaymentReference(claim.id, sessionId);
    if (claim.kind === 'paypal') {
      const paypal = await payments.express.getOrder(claim.id).catch(() => undefined);
      return paypal?.captureId ? repo.orderByPaymentReference(paypal.captureId, sessionId) : undefined;
    }
    return undefined;
  }

  /** Step 2: the server's price. Only the session's promo counts, checked again for this email. */
  async function priceCheckout(
    sessionId: string,
    data: SessionData,
    bag: { cartId: string; live: BagLine[] },
    input: PlaceOrderInput,
  ): Promise<PricedCheckout> {
    const info = input.shippingInfo;
    let promo: PromotionRow | undefined;
    if (data.promoCode) {
      const verdict = await checkPromo(data.promoCode, info.email);
      if (!('promo' in verdict)) {
        // A code of another email or a first-order code says why (issue 24 items 18, 30); an expired or used one needs no more.
        const specific = verdict.reason !== INVALID_PROMO;
        await repo.patchSession(
          sessionId,
          specific ? { promoNotice: `Code ${data.promoCode} was removed: ${verdict.reason}` } : {},
          ['promoCode'],
        );
        throw new Conflict(
          `The promo code ${data.promoCode} cannot be used for this order${specific ? `: ${verdict.reason}` : '.'} ${TOTAL_CHANGED}`,
        );
      }
      promo = verdict.promo;
    }
    const [options, taxRate, balance] = await Promise.all([
      optionsFor(info, bag),
      taxRateFor(info),
      sessionBalance(sessionId, data),
    ]);
    refuseBalanceOnGiftCards(bag, balance);
    const { totals, option } = price(bag.live, promo, info, options, input.shippingType, taxRate, balance);
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
  async function verifyPayment(
    data: SessionData,
    priced: PricedCheckout,
    claim: PaymentClaim,
  ): Promise<VerifiedPayment> {
    const total = priced.totals.dueCents;
    if (total === 0) return { provider: 'none', method: 'none', id: undefined, detail: '' };
    if (claim.kind === 'card') {
      if (claim.id !== data.paymentIntentId) throw new PaymentRequired(NOT_PAID);
      const intent = await payments.card.retrieve(claim.id).catch((err: unknown) => {
        if (err instanceof PaymentError) throw new PaymentRequired(NOT_PAID);
        throw err;
      });
      if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') throw new PaymentRequired(NOT_PAID);
      if (intent.amountCents !== total)
        throw new PaymentRequired(`Your card was not charged: the order total changed. ${TOTAL_CHANGED}`);
      return { provider: payments.card.name, method: 'card', id: intent.id, detail: intent.description ?? 'Card' };
    }
    if (claim.kind === 'paypal') {
      if (claim.id !== data.paypalOrderId) throw new PaymentRequired(NOT_PAID);
      const order = await payments.express.getOrder(claim.id).catch((err: unknown) => {
        if (err instanceof PaymentError) throw new PaymentRequired(NOT_PAID);
        throw err;
      });
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

  /**
   * Step 4, one transaction: take stock for every line (one statement), use the promo, create the order, mark the
   * bag ordered, enqueue the confirmation, reward a referrer. Any refusal rolls all of it back. A
   * second submission of the same checkout waits on the session lock and then finds the first one's order.
   */
  async function createOrder(sessionId: string, priced: PricedCheckout, paid: VerifiedPayment) {
    return db.transaction(async (tx): Promise<{ existing: OrderRow } | { placed: PlacedOrder }> => {
      const now = clock();
      if (!(await carts.lockSession(tx, sessionId, now))) throw new Invalid(SESSION_GONE);
      const existing = await repo.orderByCheckoutKey(tx, priced.cartId);
      if (existing) return { existing };
      if (!sameBag(await carts.openBag(tx, sessionId), priced)) throw new BagChanged();

      const taken: PlacedOrder['taken'] = [];
      const lines = priced.lines.filter((l) => !l.stored.giftCard).sort(byLockOrder);
      const { sizeIds, soldOut } = await repo.takeStock(
        tx,
        lines.map((l) => l.stored),
      );
      for (const [i, { stored, line }] of lines.entries()) {
        const sizeId = sizeIds[i];
        if (sizeId === undefined) throw new Conflict(`${line.title} in size ${stored.size} just sold out`);
        taken.push({ sizeId, quantity: stored.quantity });
      }
      if (priced.promo && !(await repo.usePromo(tx, priced.promo.id))) {
        throw new Conflict(`The promo code ${priced.promo.code} cannot be used any more. ${TOTAL_CHANGED}`);
      }

      const { totals, shippingInfo } = priced;
      const values: Omit<NewOrder, 'id'> = {
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
      const paidFromBalance = balanceLeft === undefined ? undefined : { remainingCents: balanceLeft };
      await enqueueEmail(tx, {
        to: order.email,
        ...orderConfirmationEmail(order, shop, priced.option.description, paidFromBalance),
        kind: 'order_confirmation',
      });
      const emailId = await repo.holdEnqueuedEmail(tx);
      const reward = await rewardReferrer(tx, priced, order);
      const giftCards: PlacedOrder['giftCards'] = [];
      for (const { stored } of priced.lines) {
        if (!stored.giftCard) continue;
        const issued = await issueGiftCard(db, tx, { card: stored.giftCard, orderId: order.id, now, shop });
        giftCards.push({ balanceId: issued.balance.id, emailId: issued.emailId });
      }
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
    const left = await balances.spend(tx, priced.balance.id, order.balanceCents, order.id);
    if (left === undefined) {
      throw new Conflict(
        `The balance of ${priced.balance.code} changed: it no longer covers ${formatPrice(order.balanceCents)} of this order. ${TOTAL_CHANGED}`,
      );
    }
    return left;
  }

  /**
   * Step 4's last part: an order paid with a friend's referral gift card earns the sender their own
   * $20 code, once per gift card; its email is held with the confirmation until the capture.
   */
  async function rewardReferrer(tx: Tx, priced: PricedCheckout, order: OrderRow): Promise<IssuedReward | undefined> {
    return issueReferralReward(db, tx, { promo: priced.promo, orderEmail: order.email, shop });
  }

  /** Undo of step 4 when the capture fails: stock back, promo use back, no order, no email, the bag open again. */
  async function undoOrder(placed: PlacedOrder) {
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
      await repo.deleteOrder(tx, placed.order.id);
    });
  }

  /** Step 5: capture now that the order exists; if it cannot be, the order is undone and the authorisation released. */
  async function capturePayment(placed: PlacedOrder, paid: VerifiedPayment) {
    const { order } = placed;
    if (paid.id !== undefined) {
      const taken = await takePayment(paid, order.checkoutKey);
      if ('failed' in taken) {
        log.warn({ err: taken.failed, orderId: order.id }, 'capture failed; the order is undone');
        await undoOrder(placed);
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
   * Captures at the provider, or finds that the money was taken already (a timeout may hide a
   * capture; a crash may have come after it). Answers PayPal's capture id (cards have none), or
   * `failed` with the provider's error when the money was not taken.
   */
  async function takePayment(
    paid: VerifiedPayment,
    checkoutKey: string,
  ): Promise<{ reference?: string } | { failed: unknown }> {
    try {
      if (paid.method === 'card') {
        await payments.card.capture(paid.id!);
        return {};
      }
      return { reference: (await payments.express.capture(paid.id!, checkoutKey)).captureId };
    } catch (failed) {
      try {
        if (paid.method === 'card')
          return (await payments.card.retrieve(paid.id!)).status === 'succeeded' ? {} : { failed };
        const paypal = await payments.express.getOrder(paid.id!);
        return paypal.status === 'COMPLETED' && paypal.captureId ? { reference: paypal.captureId } : { failed };
      } catch {
        return { failed };
      }
    }
  }

  /**
   * Capture recovery: an order saved in the instant before a crash kept its payment authorised but
   * not captured. Orders older than `graceMs` (a checkout in flight in another copy is younger)
   * are captured now, or marked captured when the provider already took the money. One the
   * provider refuses (authorisation expired or cancelled) is logged for the owner and tried again
   * on the next pass. Answers how many orders were settled.
   */
  async function recoverCaptures(graceMs = CAPTURE_GRACE_MS): Promise<number> {
    const waiting = await repo.awaitingCapture(new Date(clock().getTime() - graceMs), 50);
    let settled = 0;
    for (const order of waiting) {
      const method = order.paymentMethodDetails?.paymentMethod === 'paypal' ? 'paypal' : 'card';
      const paid: VerifiedPayment = {
        provider: order.paymentProvider as VerifiedPayment['provider'],
        method,
        id: order.pendingCaptureId!,
        detail: '',
      };
      const taken = await takePayment(paid, order.checkoutKey);
      if ('failed' in taken) {
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

  /** Step 6: the session remembers the order for the success page; this checkout's state is cleared. */
  async function finishCheckout(sessionId: string, orderId: number) {
    await repo.patchSession(sessionId, { lastOrderId: orderId }, CHECKOUT_KEYS);
  }

  return {
    recoverCaptures,
    /** The payment-holds job's pass: releases payments older than `olderThanMs` that no order took. */
    releaseOrphanHolds: (olderThanMs = HOLD_RELEASE_AFTER_MS) =>
      releaseOrphanHolds({ db, payments, clock, log }, olderThanMs),
    /** POST /stageCheck: the furthest step this session may be on. */
    async stageCheck(
      sessionId: string | undefined,
    ): Promise<{ validStep: CheckoutStep; orderId: number | null; promo: Promo | null; promoNotice?: string }> {
      const data = sessionId ? await repo.sessionData(sessionId, clock()) : undefined;
      if (!sessionId || !data) return { validStep: 'checkout', orderId: null, promo: null };
      const [bag, promo] = await Promise.all([
        readBag(sessionId),
        sessionPromo(sessionId, data, data.shippingInfo?.email),
      ]);
      const orderId = data.lastOrderId ?? null;
      let validStep: CheckoutStep = 'checkout';
      if (bag.live.length === 0 && orderId !== null) validStep = 'success';
      else if (isComplete(data.shippingInfo)) validStep = data.shippingType ? 'billing' : 'shipping';
      // Said while no promo replaced the removed one.
      const notice = !promo && data.promoNotice ? { promoNotice: data.promoNotice } : {};
      return { validStep, orderId, promo: promo ? promoAnswer(promo) : null, ...notice };
    },

    /** GET /checkout/placed: the order this session placed within PLACED_ORDER_SHOWN_MS, as /cart/success recaps it; null otherwise. */
    async placedOrder(sessionId: string | undefined): Promise<PlacedOrderAnswer> {
      const data = sessionId ? await repo.sessionData(sessionId, clock()) : undefined;
      if (!data?.lastOrderId) return null;
      const order = await repo.orderById(data.lastOrderId);
      if (!order || order.createdAt.getTime() < clock().getTime() - PLACED_ORDER_SHOWN_MS) return null;
      const to = order.shippingInfo;
      return {
        orderId: order.id,
        email: order.email,
        pieces: order.lines.map((l) => ({
          title: l.title,
          productName: l.productName,
          color: l.color,
          size: l.size,
          quantity: l.quantity,
        })),
        shipTo: {
          name: `${to.firstName} ${to.lastName}`.trim(),
          address: to.address,
          address2: to.address2 ?? '',
          city: to.city,
          state: to.state,
          zip: to.zip,
          country: to.country,
        },
        shippingType: order.shippingType,
        total: toDollars(order.totalCents),
      };
    },

    /** POST /getTaxRate: US zips only, by their first 5 digits. */
    async taxRate(zipCode: string): Promise<number> {
      const five = zipCode.trim().slice(0, 5);
      if (!/^\d{5}$/.test(five)) return 0;
      return tax.rateFor({ zip: five, country: 'US' });
    },

    /**
     * POST /applyPromo: an empty code removes the promo. A gift card or store credit code is applied
     * as the checkout's balance beside any promo; a promo code replaces the promo. A refusal says why
     * when there is more to say than 'Invalid Promo Code' (issue 24 items 18 and 30).
     */
    async applyPromo(
      sessionId: string | undefined,
      code: string,
    ): Promise<{
      success: boolean;
      promo: Promo | null;
      message?: string;
      balance?: ReturnType<typeof balanceAnswer>;
    }> {
      const data = await sessionOf(sessionId);
      if (code.trim() === '') {
        await repo.patchSession(sessionId!, {}, ['promoCode', 'promoNotice']);
        return { success: true, promo: null };
      }
      const email = data.shippingInfo?.email;
      const verdict = await checkPromo(code, email);
      if ('promo' in verdict) {
        await repo.patchSession(sessionId!, { promoCode: verdict.promo.code }, ['promoNotice']);
        return { success: true, promo: promoAnswer(verdict.promo) };
      }
      if (!verdict.found) {
        const balance = await balances.byCode(db, code);
        if (balance) {
          if (balance.remainingCents <= 0) return { success: false, promo: null, message: BALANCE_EMPTY };
          if ((await readBag(sessionId!)).live.some((l) => l.stored.giftCard))
            return { success: false, promo: null, message: GIFT_CARD_WITH_BALANCE };
          await repo.patchSession(sessionId!, { balanceCode: balance.code });
          const promo = await sessionPromo(sessionId!, data, email);
          const { totals } = price((await readBag(sessionId!)).live, promo, undefined, [], undefined, 0, balance);
          return { success: true, promo: promo ? promoAnswer(promo) : null, balance: balanceAnswer(balance, totals) };
        }
      }
      return { success: false, promo: null, message: verdict.reason };
    },

    /** POST /checkout/removeBalance: the gift card or store credit is no longer used for this checkout. */
    async removeBalance(sessionId: string | undefined): Promise<{ success: true }> {
      await sessionOf(sessionId);
      await repo.patchSession(sessionId!, {}, ['balanceCode']);
      return { success: true };
    },

    /** POST /order/getShippingOptions: keeps the shipping info; the first option is free when the order qualifies. */
    async shippingOptions(sessionId: string | undefined, info: ShippingInfo): Promise<CheckoutShippingOption[]> {
      const data = await sessionOf(sessionId);
      checkShippingInfo(info);
      const bagRead = readBag(sessionId!);
      const [bag, promo, options] = await Promise.all([
        bagRead,
        sessionPromo(sessionId!, data, info.email),
        optionsFor(info, bagRead),
      ]);
      const { totals } = price(bag.live, promo, info, options, undefined, 0);
      const shown = applyFreeShipping(
        options,
        qualifiesForFreeShipping(totals.discountedSubtotalCents, isUsAddress(info)),
      );
      const keepType = data.shippingType !== undefined && options.some((o) => o.type === data.shippingType);
      await repo.patchSession(sessionId!, { shippingInfo: info }, keepType ? [] : ['shippingType']);
      return shown.map((o) => ({ type: o.type, description: o.description, amt: toDollars(o.feeCents) }));
    },

    /** GET /checkout/summary: the sidebar's totals for the session as it stands. */
    async summary(sessionId: string | undefined) {
      const data = sessionId ? await repo.sessionData(sessionId, clock()) : undefined;
      if (!sessionId || !data) {
        return {
          ...totalsInDollars(
            computeTotals({ lines: [], shipping: null, address: { country: '', zip: '' }, taxRate: 0 }),
          ),
          appliedBalance: null,
        };
      }
      const info = data.shippingInfo;
      const bagRead = readBag(sessionId);
      const [bag, promo, options, taxRate, balance] = await Promise.all([
        bagRead,
        sessionPromo(sessionId, data, info?.email),
        info ? optionsFor(info, bagRead) : Promise.resolve([]),
        info ? taxRateFor(info) : Promise.resolve(0),
        sessionBalance(sessionId, data),
      ]);
      const { totals } = price(bag.live, promo, info, options, data.shippingType, taxRate, balance);
      return { ...totalsInDollars(totals), appliedBalance: balance ? balanceAnswer(balance, totals) : null };
    },

    /**
     * POST /api/getClientSecret: the server prices the order; the browser's tax rate and fee must
     * agree with it. One card intent per checkout (idempotency key = the cart id).
     */
    async clientSecret(
      sessionId: string | undefined,
      body: {
        taxRate: number;
        shippingFee: number;
        shippingType?: string | undefined;
        bagVersion?: string | undefined;
      },
    ): Promise<string> {
      const data = await sessionOf(sessionId);
      const info = data.shippingInfo;
      if (!info) throw new Invalid('Please enter your shipping address first');
      checkShippingInfo(info);
      const { bag, promo, options, taxRate, balance } = await pricingInputs(sessionId!, data, info);
      if (bag.live.length === 0 || !bag.cartId) throw new Invalid(BAG_EMPTY);
      checkBagVersion(bag.live, body.bagVersion);
      refuseBalanceOnGiftCards(bag, balance);
      const feeCents = toCents(body.shippingFee);
      // Without a named option (the spec's payload): the offered option with that fee, the one kept
      // for this checkout first. A fee no option has is a total that changed.
      const withFee = body.shippingType
        ? []
        : options.filter(
            (o) => price(bag.live, promo, info, options, o.type, taxRate).totals.shippingCents === feeCents,
          );
      if (!body.shippingType && withFee.length === 0) throw new Conflict(TOTAL_CHANGED);
      const chosen = body.shippingType ?? (withFee.find((o) => o.type === data.shippingType) ?? withFee[0]!).type;
      const { totals, option } = price(bag.live, promo, info, options, chosen, taxRate, balance);
      if (!option) throw new Invalid(OPTION_UNKNOWN);
      const serverRate = isUsAddress(info) ? taxRate : 0;
      if (Math.abs(body.taxRate - serverRate) > 1e-9 || feeCents !== totals.shippingCents)
        throw new Conflict(TOTAL_CHANGED);
      await repo.patchSession(sessionId!, { shippingType: option.type });
      // A balance that covers the whole total leaves nothing to pay by card; a card held earlier is released.
      if (totals.dueCents === 0) {
        if (data.paymentIntentId)
          await releaseAuthorisation(sessionId!, data, { kind: 'card', id: data.paymentIntentId });
        return SKIP_PAYMENT;
      }

      const attempt = data.paymentAttempt ?? 0;
      const intent = await payments.card
        .createIntent({
          amountCents: totals.dueCents,
          idempotencyKey: attempt ? `${bag.cartId}:${attempt}` : bag.cartId,
          metadata: { cartId: bag.cartId },
        })
        .catch((err: unknown) => {
          if (err instanceof PaymentError) throw new PaymentRequired(err.message);
          throw err;
        });
      if (data.paymentIntentId && data.paymentIntentId !== intent.id) {
        // The shopper came back after authorising: the earlier authorisation will not be used.
        await releaseAuthorisation(sessionId!, data, { kind: 'card', id: data.paymentIntentId });
      }
      await holds.note(
        { id: intent.id, provider: payments.card.name, method: 'card', sessionId: sessionId!, checkoutKey: bag.cartId },
        clock(),
      );
      await repo.patchSession(sessionId!, { paymentIntentId: intent.id });
      return intent.clientSecret;
    },

    /** POST /placeOrder: the named steps above; answers the order id. */
    async placeOrder(sessionId: string | undefined, input: PlaceOrderInput): Promise<{ orderId: number }> {
      const data = await sessionOf(sessionId);
      const sid = sessionId!;
      const claim = paymentClaimOf(input.additionalInfo);
      let cartId: string | undefined;
      let committed = false;
      try {
        const valid = await validateCheckout(sid, input, claim);
        if ('previous' in valid) return { orderId: valid.previous.id };
        cartId = valid.bag.cartId;
        const priced = await priceCheckout(sid, data, valid.bag, input);
        const paid = await verifyPayment(data, priced, claim);
        const result = await createOrder(sid, priced, paid);
        if ('existing' in result) return { orderId: result.existing.id };
        committed = true;
        await capturePayment(result.placed, paid);
        // The storefront shows the size sold out at once, in every copy (the read model is otherwise
        // refreshed by catalog writes only).
        if (result.placed.soldOut)
          await readModel.invalidate().catch((err: unknown) => log.warn({ err }, 'could not refresh the catalog'));
        await finishCheckout(sid, result.placed.order.id);
        return { orderId: result.placed.order.id };
      } catch (err) {
        if (!committed) {
          // A repeated submission that lost the race answers the order the first one made.
          const existing = cartId ? await repo.orderByCheckoutKey(db, cartId) : undefined;
          if (existing) return { orderId: existing.id };
          await releaseAuthorisation(sid, data, claim);
        }
        throw err;
      }
    },

    /** POST /paypal/createOrder: a PayPal order for the bag (shipping and tax follow once known). */
    async paypalCreateOrder(sessionId: string | undefined): Promise<string> {
      const data = await sessionOf(sessionId);
      const [bag, promo, balance] = await Promise.all([
        readBag(sessionId!),
        sessionPromo(sessionId!, data, data.shippingInfo?.email),
        sessionBalance(sessionId!, data),
      ]);
      if (bag.live.length === 0 || !bag.cartId) throw new Invalid(BAG_EMPTY);
      const { totals } = price(bag.live, promo, undefined, [], undefined, 0, balance);
      if (totals.dueCents === 0) throw new Conflict('There is nothing to pay: place the order without payment');
      const { id } = await payments.express
        .createOrder({ amount: expressAmount(totals), idempotencyKey: bag.cartId })
        .catch(asPaymentRequired);
      await holds.note(
        { id, provider: payments.express.name, method: 'paypal', sessionId: sessionId!, checkoutKey: bag.cartId },
        clock(),
      );
      await repo.patchSession(sessionId!, { paypalOrderId: id });
      return id;
    },

    /** POST /paypal/getAuthorizationDetails: the payer and address PayPal approved, in PayPal's shape. */
    async paypalAuthorizationDetails(sessionId: string | undefined, orderId: string) {
      const data = await sessionOf(sessionId);
      if (orderId !== data.paypalOrderId) throw new Invalid('This PayPal order does not belong to your checkout');
      const order = await payments.express.getOrder(orderId).catch(asPaymentRequired);
      if (order.status !== 'APPROVED' || !order.payer || !order.shipping)
        throw new Conflict('PayPal has not approved this order yet');
      const s = order.shipping;
      return {
        purchase_units: [
          {
            shipping: {
              name: { full_name: s.name },
              address: {
                address_line_1: s.address,
                address_line_2: s.address2,
                admin_area_2: s.city,
                admin_area_1: s.state,
                postal_code: s.zip,
                country_code: s.country,
              },
            },
          },
        ],
        payer: {
          name: { given_name: order.payer.givenName, surname: order.payer.surname },
          email_address: order.payer.email,
        },
      };
    },

    /** POST /paypal/updateShippingAndTaxes: keeps the address and option, sets PayPal's amount to the server's total. */
    async paypalUpdateShippingAndTaxes(
      sessionId: string | undefined,
      body: { shippingInfo: ShippingInfo; shippingOptionSelected: string; orderId: string },
    ) {
      const data = await sessionOf(sessionId);
      if (body.orderId !== data.paypalOrderId) throw new Invalid('This PayPal order does not belong to your checkout');
      const info = body.shippingInfo;
      checkShippingInfo(info);
      const { bag, promo, options, taxRate, balance } = await pricingInputs(sessionId!, data, info);
      if (bag.live.length === 0) throw new Invalid(BAG_EMPTY);
      const { totals, option } = price(bag.live, promo, info, options, body.shippingOptionSelected, taxRate, balance);
      if (!option) throw new Invalid(OPTION_UNKNOWN);
      await payments.express.updateAmount(body.orderId, expressAmount(totals)).catch(asPaymentRequired);
      await repo.patchSession(sessionId!, { shippingInfo: info, shippingType: option.type });
      return totalsInDollars(totals);
    },

    /** POST /paypal/capture: only checks approval; the capture happens in placeOrder, once the order exists. */
    async paypalCheckApproved(sessionId: string | undefined, orderId: string) {
      const data = await sessionOf(sessionId);
      if (orderId !== data.paypalOrderId) throw new Invalid('This PayPal order does not belong to your checkout');
      const order = await payments.express.getOrder(orderId).catch(asPaymentRequired);
      if (order.status !== 'APPROVED' && order.status !== 'COMPLETED')
        throw new PaymentRequired('PayPal has not approved this payment');
      return { ok: true as const };
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;

function asPaymentRequired(err: unknown): never {
  if (err instanceof PaymentError) throw new PaymentRequired(err.message);
  throw err;
}
