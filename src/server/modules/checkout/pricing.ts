// Pricing (spec §9 money, §5 checkout rules): the server's totals for a bag — promo, balance,
// shipping option, tax — and the reads they need: the promo a code may use now, the session's
// balance, the shipping options offered and the tax rate. Prices are computed here only.
import type { Promo, ShippingInfo } from '../../../contract/checkout.js';
import type { ShopSettings } from '../../../contract/settings.js';
import {
  computeTotals,
  DEFAULT_FREE_SHIPPING,
  type FreeShippingThresholds,
  toCents,
  toDollars,
  type Totals,
  type TotalsPromo,
} from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import type {
  CheckoutShippingOption as ProviderOption,
  ShippingProvider,
} from '../../providers/shipping/shipping-provider.js';
import type { TaxProvider } from '../../providers/tax/tax-provider.js';
import { balancesRepository, type BalanceRow } from '../balances/balances-repository.js';
import type { BagLine } from '../cart/cart-service.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { INVALID_PROMO, PROMO_FIRST_ORDER_ONLY, PROMO_OTHER_EMAIL } from './checkout-errors.js';
import { checkoutRepository, type PromotionRow } from './checkout-repository.js';
import { isGiftCardsOnly } from './checkout-rules.js';
import { readBag, type CheckoutSession } from './checkout-session.js';

/** The one option of a gift-card-only bag. */
export const BY_EMAIL: ProviderOption = { type: 'email', description: 'By email', feeCents: 0 };

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

export type PriceInput = {
  lines: BagLine[];
  promo?: PromotionRow | undefined;
  /** The address (country and zip decide tax and free shipping); none yet prices without. */
  info?: ShippingInfo | undefined;
  /** The options offered; `type` picks one (none picked: no shipping in the totals). */
  options?: ProviderOption[] | undefined;
  type?: string | undefined;
  taxRate?: number | undefined;
  /** A gift card or store credit paying part of the total. */
  balance?: BalanceRow | undefined;
  /** The owner's free-shipping thresholds (pricing.freeShipping()); the spec's by default. */
  freeShipping?: FreeShippingThresholds | undefined;
};

/** The server's totals for a bag, and the shipping option `type` names among `options` (undefined: not offered). */
export function price({ lines, promo, info, options = [], type, taxRate = 0, balance, freeShipping }: PriceInput) {
  const index = type === undefined ? -1 : options.findIndex((o) => o.type === type);
  const option = index >= 0 ? options[index] : undefined;
  const totals = computeTotals({
    lines: pricedLines(lines),
    promo: totalsPromo(promo),
    balanceCents: balance?.remainingCents ?? 0,
    shipping: option ? { feeCents: option.feeCents, isFirstOption: index === 0 } : null,
    address: info ? { country: info.country, zip: info.zip } : { country: '', zip: '' },
    taxRate,
    freeShipping,
  });
  return { totals, option };
}

export type PricingDeps = {
  db: Db;
  clock: Clock;
  catalog: Pick<CatalogService, 'snapshot'>;
  tax: TaxProvider;
  shipping: ShippingProvider;
  /** The owner's Settings (free-shipping thresholds), cached in the read model; the defaults without. */
  settings?: { read(): Promise<ShopSettings> } | undefined;
};

/** The free-shipping thresholds of the owner's Settings, in cents. */
export const thresholdsOf = (shipping: ShopSettings['shipping']): FreeShippingThresholds => ({
  usMinCents: toCents(shipping.freeShippingUs),
  anywhereMinCents: toCents(shipping.freeShippingElsewhere),
});

/** The verdict on a promo code: the promo, or why not (`found`: the code names a promo at all). */
export type PromoVerdict = { promo: PromotionRow } | { reason: string; found: boolean };

/** What pricing reads, for the calls of one service. */
export function pricingReads(deps: PricingDeps) {
  const { db, clock, tax, shipping } = deps;
  const repo = checkoutRepository(db);
  const balances = balancesRepository();

  /**
   * The promo behind a code if it may be used now (by `email` when known), or why not: a code of
   * another email and a first-order code of an email that has ordered say so; anything else is
   * 'Invalid Promo Code'.
   */
  async function usablePromo(code: string, email: string | undefined): Promise<PromoVerdict> {
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
  async function sessionPromo({ id, data }: CheckoutSession, email: string | undefined) {
    if (!data.promoCode) return undefined;
    const verdict = await usablePromo(data.promoCode, email);
    if ('promo' in verdict) return verdict.promo;
    const notice =
      verdict.reason === INVALID_PROMO ? undefined : `Code ${data.promoCode} was removed: ${verdict.reason}`;
    await repo.patchSession(id, notice ? { promoNotice: notice } : {}, ['promoCode']);
    if (notice) data.promoNotice = notice;
    return undefined;
  }

  /** The session's gift card or store credit, while it still holds money; a spent or unknown one is dropped. */
  async function sessionBalance({ id, data }: CheckoutSession): Promise<BalanceRow | undefined> {
    if (!data.balanceCode) return undefined;
    const balance = await balances.byCode(db, data.balanceCode);
    if (!balance || balance.remainingCents <= 0) {
      await repo.patchSession(id, {}, ['balanceCode']);
      return undefined;
    }
    return balance;
  }

  /** The shipping options for the address; a bag of only gift cards has one: 'By email', free. */
  async function optionsFor(info: ShippingInfo, bag: Promise<{ live: BagLine[] }> | { live: BagLine[] }) {
    const { live } = await bag;
    if (isGiftCardsOnly(live)) return [BY_EMAIL];
    return shipping.checkoutOptions({ country: info.country, state: info.state, zip: info.zip });
  }

  const taxRateFor = (info: ShippingInfo) => tax.rateFor({ zip: info.zip.trim(), country: info.country });

  /** The free-shipping thresholds in force now (Settings → Shipping). */
  const freeShipping = async (): Promise<FreeShippingThresholds> =>
    deps.settings ? thresholdsOf((await deps.settings.read()).shipping) : DEFAULT_FREE_SHIPPING;

  /** What pricing a checkout reads for `info`: the bag, the session's promo and balance, the options offered and the tax rate. */
  async function pricingInputs(session: CheckoutSession, info: ShippingInfo) {
    const bagRead = readBag(deps, session.id);
    const [bag, promo, options, taxRate, balance, thresholds] = await Promise.all([
      bagRead,
      sessionPromo(session, info.email),
      optionsFor(info, bagRead),
      taxRateFor(info),
      sessionBalance(session),
      freeShipping(),
    ]);
    return { bag, promo, options, taxRate, balance, freeShipping: thresholds };
  }

  return {
    readBag: (sessionId: string) => readBag(deps, sessionId),
    usablePromo,
    sessionPromo,
    sessionBalance,
    optionsFor,
    taxRateFor,
    freeShipping,
    pricingInputs,
  };
}
export type PricingReads = ReturnType<typeof pricingReads>;
