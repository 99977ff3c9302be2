// Checkout (spec §4 checkout stage, §5 checkout rules, §7 Checkout calls, §9 money): the session's
// checkout state — its stage, promo and balance, shipping options, totals and card payment — with
// placing an order (place-order.ts), pricing (pricing.ts) and PayPal express (paypal-express.ts)
// in parts of their own. Prices are computed on the server only (ARCHITECTURE "Payment").
import type {
  CheckoutShippingOption,
  CheckoutStep,
  PlacedOrderAnswer,
  Promo,
  ShippingInfo,
} from '../../../contract/checkout.js';
import { SKIP_PAYMENT } from '../../../contract/checkout.js';
import { isUsAddress } from '../../../domain/geo.js';
import {
  applyFreeShipping,
  computeTotals,
  qualifiesForFreeShipping,
  toCents,
  toDollars,
} from '../../../domain/money.js';
import { Conflict, Invalid } from '../../http/errors.js';
import { balancesRepository } from '../balances/balances-repository.js';
import {
  asPaymentRequired,
  BAG_EMPTY,
  BALANCE_EMPTY,
  GIFT_CARD_WITH_BALANCE,
  OPTION_UNKNOWN,
  TOTAL_CHANGED,
} from './checkout-errors.js';
import { checkoutRepository } from './checkout-repository.js';
import { checkBagVersion, checkShippingInfo, isComplete, refuseBalanceOnGiftCards } from './checkout-rules.js';
import { sessionIfAny, sessionOf, type CheckoutDeps } from './checkout-session.js';
import { HOLD_RELEASE_AFTER_MS, paymentHoldsRepository, releaseOrphanHolds } from './payment-holds.js';
import { paypalExpress } from './paypal-express.js';
import { recoverCaptures } from './place-order-capture.js';
import { placeOrder, releaseAuthorisation } from './place-order.js';
import type { PlaceOrderInput } from './place-order-types.js';
import { balanceAnswer, type PricingDeps, price, pricingReads, promoAnswer, totalsInDollars } from './pricing.js';

export { CAPTURE_GRACE_MS, CONFIRMATION_HOLD_MS } from './capture-timing.js';
export {
  BagChanged,
  BALANCE_EMPTY,
  GIFT_CARD_WITH_BALANCE,
  INVALID_PROMO,
  NOT_PAID,
  PaymentRequired,
  PROMO_FIRST_ORDER_ONLY,
  PROMO_OTHER_EMAIL,
  TOTAL_CHANGED,
} from './checkout-errors.js';
export { checkBagVersion, checkShippingInfo, isGiftCardsOnly } from './checkout-rules.js';
export type { CheckoutDeps } from './checkout-session.js';
export { BY_EMAIL, balanceAnswer, promoAnswer, totalsInDollars } from './pricing.js';

/** How long /cart/success shows the order a session placed (a reload, a second look); later it is no news. */
export const PLACED_ORDER_SHOWN_MS = 24 * 60 * 60_000;

/** `settings`: the owner's Settings (free-shipping thresholds), services.settings; the defaults without. */
export function checkoutService(deps: CheckoutDeps & Pick<PricingDeps, 'settings'>) {
  const { db, clock, payments, tax, log } = deps;
  const repo = checkoutRepository(db);
  const balances = balancesRepository();
  const holds = paymentHoldsRepository(db);
  const pricing = pricingReads(deps);
  const paypal = paypalExpress({ ...deps, pricing });
  const session = (sessionId: string | undefined) => sessionOf(deps, sessionId);

  return {
    /** The capture-recovery job's pass (place-order-capture.ts). */
    recoverCaptures: (graceMs?: number) => recoverCaptures(deps, graceMs),
    /** The payment-holds job's pass: releases payments older than `olderThanMs` that no order took. */
    releaseOrphanHolds: (olderThanMs = HOLD_RELEASE_AFTER_MS) =>
      releaseOrphanHolds({ db, payments, clock, log }, olderThanMs),

    /** POST /stageCheck: the furthest step this session may be on. */
    async stageCheck(
      sessionId: string | undefined,
    ): Promise<{ validStep: CheckoutStep; orderId: number | null; promo: Promo | null; promoNotice?: string }> {
      const current = await sessionIfAny(deps, sessionId);
      if (!current) return { validStep: 'checkout', orderId: null, promo: null };
      const { data } = current;
      const [bag, promo] = await Promise.all([
        pricing.readBag(current.id),
        pricing.sessionPromo(current, data.shippingInfo?.email),
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
      const lastOrderId = (await sessionIfAny(deps, sessionId))?.data.lastOrderId;
      if (!lastOrderId) return null;
      const order = await repo.orderById(lastOrderId);
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
      const current = await session(sessionId);
      const { id, data } = current;
      if (code.trim() === '') {
        await repo.patchSession(id, {}, ['promoCode', 'promoNotice']);
        return { success: true, promo: null };
      }
      const email = data.shippingInfo?.email;
      const verdict = await pricing.usablePromo(code, email);
      if ('promo' in verdict) {
        await repo.patchSession(id, { promoCode: verdict.promo.code }, ['promoNotice']);
        return { success: true, promo: promoAnswer(verdict.promo) };
      }
      if (!verdict.found) {
        const balance = await balances.byCode(db, code);
        if (balance) {
          if (balance.remainingCents <= 0) return { success: false, promo: null, message: BALANCE_EMPTY };
          if ((await pricing.readBag(id)).live.some((l) => l.stored.giftCard))
            return { success: false, promo: null, message: GIFT_CARD_WITH_BALANCE };
          await repo.patchSession(id, { balanceCode: balance.code });
          const promo = await pricing.sessionPromo(current, email);
          const { totals } = price({ lines: (await pricing.readBag(id)).live, promo, balance });
          return { success: true, promo: promo ? promoAnswer(promo) : null, balance: balanceAnswer(balance, totals) };
        }
      }
      return { success: false, promo: null, message: verdict.reason };
    },

    /** POST /checkout/removeBalance: the gift card or store credit is no longer used for this checkout. */
    async removeBalance(sessionId: string | undefined): Promise<{ success: true }> {
      const { id } = await session(sessionId);
      await repo.patchSession(id, {}, ['balanceCode']);
      return { success: true };
    },

    /** POST /order/getShippingOptions: keeps the shipping info; the first option is free when the order qualifies. */
    async shippingOptions(sessionId: string | undefined, info: ShippingInfo): Promise<CheckoutShippingOption[]> {
      const current = await session(sessionId);
      const { id, data } = current;
      checkShippingInfo(info);
      const bagRead = pricing.readBag(id);
      const [bag, promo, options, freeShipping] = await Promise.all([
        bagRead,
        pricing.sessionPromo(current, info.email),
        pricing.optionsFor(info, bagRead),
        pricing.freeShipping(),
      ]);
      const { totals } = price({ lines: bag.live, promo, info, options });
      const shown = applyFreeShipping(
        options,
        qualifiesForFreeShipping(totals.discountedSubtotalCents, isUsAddress(info), freeShipping),
      );
      const keepType = data.shippingType !== undefined && options.some((o) => o.type === data.shippingType);
      await repo.patchSession(id, { shippingInfo: info }, keepType ? [] : ['shippingType']);
      return shown.map((o) => ({ type: o.type, description: o.description, amt: toDollars(o.feeCents) }));
    },

    /** GET /checkout/summary: the sidebar's totals for the session as it stands. */
    async summary(sessionId: string | undefined) {
      const current = await sessionIfAny(deps, sessionId);
      if (!current) {
        return {
          ...totalsInDollars(
            computeTotals({ lines: [], shipping: null, address: { country: '', zip: '' }, taxRate: 0 }),
          ),
          appliedBalance: null,
        };
      }
      const info = current.data.shippingInfo;
      const bagRead = pricing.readBag(current.id);
      const [bag, promo, options, taxRate, balance, freeShipping] = await Promise.all([
        bagRead,
        pricing.sessionPromo(current, info?.email),
        info ? pricing.optionsFor(info, bagRead) : Promise.resolve([]),
        info ? pricing.taxRateFor(info) : Promise.resolve(0),
        pricing.sessionBalance(current),
        pricing.freeShipping(),
      ]);
      const { totals } = price({
        lines: bag.live,
        promo,
        info,
        options,
        type: current.data.shippingType,
        taxRate,
        balance,
        freeShipping,
      });
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
      const current = await session(sessionId);
      const { id, data } = current;
      const info = data.shippingInfo;
      if (!info) throw new Invalid('Please enter your shipping address first');
      checkShippingInfo(info);
      const { bag, promo, options, taxRate, balance, freeShipping } = await pricing.pricingInputs(current, info);
      if (bag.live.length === 0 || !bag.cartId) throw new Invalid(BAG_EMPTY);
      checkBagVersion(bag.live, body.bagVersion);
      refuseBalanceOnGiftCards(bag, balance);
      const feeCents = toCents(body.shippingFee);
      // Without a named option (the spec's payload): the offered option with that fee, the one kept
      // for this checkout first. A fee no option has is a total that changed.
      const withFee = body.shippingType
        ? []
        : options.filter(
            (o) =>
              price({ lines: bag.live, promo, info, options, type: o.type, taxRate, freeShipping }).totals
                .shippingCents === feeCents,
          );
      if (!body.shippingType && withFee.length === 0) throw new Conflict(TOTAL_CHANGED);
      const chosen = body.shippingType ?? (withFee.find((o) => o.type === data.shippingType) ?? withFee[0]!).type;
      const { totals, option } = price({
        lines: bag.live,
        promo,
        info,
        options,
        type: chosen,
        taxRate,
        balance,
        freeShipping,
      });
      if (!option) throw new Invalid(OPTION_UNKNOWN);
      const serverRate = isUsAddress(info) ? taxRate : 0;
      if (Math.abs(body.taxRate - serverRate) > 1e-9 || feeCents !== totals.shippingCents)
        throw new Conflict(TOTAL_CHANGED);
      await repo.patchSession(id, { shippingType: option.type });
      // A balance that covers the whole total leaves nothing to pay by card; a card held earlier is released.
      if (totals.dueCents === 0) {
        if (data.paymentIntentId) await releaseAuthorisation(deps, current, { kind: 'card', id: data.paymentIntentId });
        return SKIP_PAYMENT;
      }

      const attempt = data.paymentAttempt ?? 0;
      const intent = await payments.card
        .createIntent({
          amountCents: totals.dueCents,
          idempotencyKey: attempt ? `${bag.cartId}:${attempt}` : bag.cartId,
          metadata: { cartId: bag.cartId },
        })
        .catch(asPaymentRequired);
      if (data.paymentIntentId && data.paymentIntentId !== intent.id) {
        // The shopper came back after authorising: the earlier authorisation will not be used.
        await releaseAuthorisation(deps, current, { kind: 'card', id: data.paymentIntentId });
      }
      await holds.note(
        { id: intent.id, provider: payments.card.name, method: 'card', sessionId: id, checkoutKey: bag.cartId },
        clock(),
      );
      await repo.patchSession(id, { paymentIntentId: intent.id });
      return intent.clientSecret;
    },

    /** POST /placeOrder: the named steps of place-order.ts; answers the order id. */
    async placeOrder(sessionId: string | undefined, input: PlaceOrderInput): Promise<{ orderId: number }> {
      return placeOrder(deps, await session(sessionId), input);
    },

    /** POST /paypal/createOrder: a PayPal order for the bag (shipping and tax follow once known). */
    paypalCreateOrder: async (sessionId: string | undefined) => paypal.createOrder(await session(sessionId)),
    /** POST /paypal/getAuthorizationDetails: the payer and address PayPal approved (the route gives them PayPal's shape). */
    paypalAuthorizationDetails: async (sessionId: string | undefined, orderId: string) =>
      paypal.approval(await session(sessionId), orderId),
    /** POST /paypal/updateShippingAndTaxes: keeps the address and option, sets PayPal's amount to the server's total. */
    paypalUpdateShippingAndTaxes: async (
      sessionId: string | undefined,
      body: { shippingInfo: ShippingInfo; shippingOptionSelected: string; orderId: string },
    ) => paypal.updateShippingAndTaxes(await session(sessionId), body),
    /** POST /paypal/capture: only checks approval; the capture happens in placeOrder, once the order exists. */
    paypalCheckApproved: async (sessionId: string | undefined, orderId: string) =>
      paypal.checkApproved(await session(sessionId), orderId),
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
