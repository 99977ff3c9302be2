// The campaign performance report (spec §2, §8, §9) as the promoter page shows it. No Zod here: the page imports it.

/** Spec §8: the promo performance call failed (wrong code or password). */
export const WRONG_CODE_OR_PASSWORD = 'Code or password is wrong...';
/** Spec §8: the report has no rows. */
export const NO_SALES_YET = 'There has been no sales with this promo yet...';

/**
 * Spec §9: a row's discount (a multiplier such as 0.9) shown as (discount − 1) × 100 percent: '-10%'.
 * At most two decimals ('-8.1%'), no '-0%'.
 */
export function discountPercentLabel(multiplier: number): string {
  const percent = Math.round((multiplier - 1) * 10_000) / 100;
  return `${percent === 0 ? 0 : percent}%`;
}

/**
 * A row's discount as the promoter reads it: a dollar code as the dollars it took off ('-$20'),
 * a percentage code as spec §9's percent ('-10%').
 */
export function discountLabel(
  row: { discount: number; discountAmount?: number | undefined },
  formatDollars: (cents: number) => string,
): string {
  if (row.discountAmount === undefined) return discountPercentLabel(row.discount);
  const cents = Math.round(row.discountAmount * 100);
  return cents === 0 ? formatDollars(0) : `-${formatDollars(cents)}`;
}
