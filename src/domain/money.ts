// Money rules of spec §9 in integer cents. `computeTotals` is the one totals function: the
// storefront shows its result and the server charges its own run of it (ARCHITECTURE "Money").
import { isUsAddress } from './geo.js';

/** US addresses ship free on the first option from this discounted subtotal ('at least', SPEC-NOTES). */
export const FREE_SHIPPING_US_MIN_CENTS = 100_00;
/** Any address ships free on the first option from this discounted subtotal. */
export const FREE_SHIPPING_ANYWHERE_MIN_CENTS = 300_00;

/** The free-shipping thresholds in force (the owner's Settings; the constants above by default). */
export type FreeShippingThresholds = { usMinCents: number; anywhereMinCents: number };
export const DEFAULT_FREE_SHIPPING: FreeShippingThresholds = {
  usMinCents: FREE_SHIPPING_US_MIN_CENTS,
  anywhereMinCents: FREE_SHIPPING_ANYWHERE_MIN_CENTS,
};

/** Dollars (as the calls of §7 carry them) to integer cents, half away from zero. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  // 1.005 * 100 is 100.49999999999999 in binary; 15 significant digits recover the decimal the
  // caller wrote, so it rounds to 101 as a person would.
  const scaled = Number((Math.abs(dollars) * 100).toPrecision(15));
  const cents = Math.sign(dollars) * Math.round(scaled);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${dollars}`);
  return cents === 0 ? 0 : cents; // no -0
}

/** Integer cents to dollars for the calls of §7. */
export function toDollars(cents: number): number {
  assertInteger(cents);
  return cents / 100;
}

/**
 * '$68', '$74.50', '$1,240', '-$5': whole amounts without cents, as the shop prints prices (the
 * en-US currency format). Written out rather than through Intl.NumberFormat: building a formatter
 * loads the locale's data, about 15 ms each on a phone's first page load, while the app hydrates.
 */
export function formatPrice(cents: number): string {
  assertInteger(cents);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * The checkout's money (issue 24 item 24): always two decimals, so amounts side by side read alike
 * ('$136.00' beside '$141.44'). The catalog and the bag keep formatPrice's whole dollars.
 */
export function formatMoney(cents: number): string {
  assertInteger(cents);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A percentage promo's rate as spec §9 shows it: rate × 100 minus 100 (9000 = 0.9 → '-10').
 * The campaign performance table's "(discount-1)*100" is the same number, so it uses this too.
 */
export function promoPercentLabel(rateBasisPoints: number): string {
  assertBasisPoints(rateBasisPoints);
  return String((rateBasisPoints - 10_000) / 100);
}

export type TotalsPromo =
  | { type: 'dollarAmount'; discountCents: number }
  /** The subtotal is multiplied by rateBasisPoints / 10000: 8500 = 0.85 = 15% off. */
  | { type: 'percentage'; rateBasisPoints: number };

export type TotalsInput = {
  /**
   * `giftCard` lines (a gift card bought in the shop) are money kept for later, not goods: no promo
   * discounts them, they are not taxed and they do not count towards free shipping.
   */
  lines: readonly { unitPriceCents: number; quantity: number; giftCard?: boolean }[];
  promo?: TotalsPromo | null;
  /**
   * What a gift card or store credit balance holds (ARCHITECTURE "Balances"): spent like a payment
   * after tax and shipping, never more than the total; the rest stays on the balance.
   */
  balanceCents?: number;
  /** The chosen shipping option before the free-shipping rule; null while none is chosen (bag, contact step). */
  shipping: { feeCents: number; isFirstOption: boolean } | null;
  address: { country: string; zip: string };
  /** The rate for the address, e.g. 0.0725; applied only to US addresses. */
  taxRate: number;
  /** The free-shipping thresholds in force; DEFAULT_FREE_SHIPPING when not given. */
  freeShipping?: FreeShippingThresholds | undefined;
};

export type Totals = {
  subtotalCents: number;
  discountCents: number;
  discountedSubtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** The part of the total paid from the balance (0 without one). */
  balanceCents: number;
  /** What is left to pay by card or PayPal: total − balance. */
  dueCents: number;
  /** The chosen option's fee was waived by the free-shipping rule. */
  freeShipping: boolean;
};

export function computeTotals(input: TotalsInput): Totals {
  let goodsCents = 0;
  let giftCardCents = 0;
  for (const line of input.lines) {
    assertCents(line.unitPriceCents, 'unitPriceCents');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0)
      throw new RangeError(`Bad quantity: ${line.quantity}`);
    if (line.giftCard) giftCardCents += line.unitPriceCents * line.quantity;
    else goodsCents += line.unitPriceCents * line.quantity;
  }
  const subtotalCents = goodsCents + giftCardCents;

  const discountedGoodsCents = applyPromo(goodsCents, input.promo);
  const discountedSubtotalCents = discountedGoodsCents + giftCardCents;
  const usAddress = isUsAddress(input.address);

  let shippingCents = 0;
  let freeShipping = false;
  if (input.shipping) {
    assertCents(input.shipping.feeCents, 'shipping feeCents');
    freeShipping =
      input.shipping.isFirstOption && qualifiesForFreeShipping(discountedGoodsCents, usAddress, input.freeShipping);
    shippingCents = freeShipping ? 0 : input.shipping.feeCents;
  }

  if (!Number.isFinite(input.taxRate) || input.taxRate < 0 || input.taxRate >= 1) {
    throw new RangeError(`Bad tax rate: ${input.taxRate}`);
  }
  // Rates are kept to a millionth (0.08875 is 88750 ppm) so the product is an exact integer.
  const taxCents = usAddress ? divideRounded(discountedGoodsCents * Math.round(input.taxRate * 1e6), 1e6) : 0;
  const totalCents = discountedSubtotalCents + taxCents + shippingCents;
  assertCents(input.balanceCents ?? 0, 'balanceCents');
  const balanceCents = Math.min(input.balanceCents ?? 0, totalCents);

  return {
    subtotalCents,
    discountCents: subtotalCents - discountedSubtotalCents,
    discountedSubtotalCents,
    shippingCents,
    taxCents,
    totalCents,
    balanceCents,
    dueCents: totalCents - balanceCents,
    freeShipping,
  };
}

/** Whether the first shipping option is free for this discounted subtotal (spec §9, 'at least'). */
export function qualifiesForFreeShipping(
  discountedSubtotalCents: number,
  usAddress: boolean,
  thresholds: FreeShippingThresholds = DEFAULT_FREE_SHIPPING,
): boolean {
  return (
    discountedSubtotalCents >= thresholds.anywhereMinCents ||
    (usAddress && discountedSubtotalCents >= thresholds.usMinCents)
  );
}

/** The shipping option list as the shopper sees it: the first option at 0 when the order qualifies. */
export function applyFreeShipping<T extends { feeCents: number }>(options: readonly T[], qualifies: boolean): T[] {
  return options.map((option, index) => (qualifies && index === 0 ? { ...option, feeCents: 0 } : option));
}

function applyPromo(subtotalCents: number, promo: TotalsPromo | null | undefined): number {
  if (!promo) return subtotalCents;
  if (promo.type === 'dollarAmount') {
    assertCents(promo.discountCents, 'discountCents');
    return Math.max(0, subtotalCents - promo.discountCents);
  }
  assertBasisPoints(promo.rateBasisPoints);
  return divideRounded(subtotalCents * promo.rateBasisPoints, 10_000);
}

/** numerator / denominator rounded half up, in integers only (both non-negative). */
function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator)) throw new RangeError('Amount out of range');
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // Float division can land one off near an integer; the exact remainder puts it back.
  if (remainder < 0) [quotient, remainder] = [quotient - 1, remainder + denominator];
  if (remainder >= denominator) [quotient, remainder] = [quotient + 1, remainder - denominator];
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of cents: ${value}`);
}

function assertInteger(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer of cents: ${cents}`);
}

function assertBasisPoints(value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 10_000)
    throw new RangeError(`Bad promo rate: ${value} basis points`);
}
