// The shopping-bag view's Subtotal (spec §2): crossed out beside the discounted subtotal when a
// promo applies. The discount is computeTotals' (spec §9), as in the checkout sidebar.
import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '../../../contract/cart.js';
import { computeTotals, formatPrice, toCents, type TotalsPromo } from '../../../domain/money.js';
import type { CheckoutPromo } from '../../api/http-api.js';
import { checkoutPromoQuery } from '../../api/queries.js';
import './bag.css';

const IN_BROWSER = typeof window !== 'undefined';

/** The checkout's promo (dollars, or a multiplier such as 0.9) as computeTotals takes it. */
export const totalsPromo = (promo: CheckoutPromo | null): TotalsPromo | null => {
  if (!promo) return null;
  return promo.type === 'dollarAmount'
    ? { type: 'dollarAmount', discountCents: toCents(promo.discount) }
    : { type: 'percentage', rateBasisPoints: Math.min(10_000, Math.max(0, Math.round(promo.discount * 10_000))) };
};

/** The bag's subtotal and, with the promo, its discounted subtotal, in cents. */
export function bagSubtotals(lines: readonly CartLine[], promo: CheckoutPromo | null) {
  const totals = computeTotals({
    lines: lines.map((l) => ({ unitPriceCents: toCents(l.price), quantity: l.quantity })),
    promo: totalsPromo(promo),
    shipping: null,
    address: { country: '', zip: '' },
    taxRate: 0,
  });
  return { subtotalCents: totals.subtotalCents, discountedSubtotalCents: totals.discountedSubtotalCents };
}

/** The promo applied to this session's checkout (POST /stageCheck), read in the browser only. */
export function useCheckoutPromo(enabled: boolean): CheckoutPromo | null {
  const { data } = useQuery({ ...checkoutPromoQuery(), enabled: IN_BROWSER && enabled });
  return data ?? null;
}

/** The amount of the Subtotal row: one price, or the original crossed out and the discounted one. */
export function BagSubtotal({ lines, promo }: { lines: readonly CartLine[]; promo: CheckoutPromo | null }) {
  const { subtotalCents, discountedSubtotalCents } = bagSubtotals(lines, promo);
  if (!promo || discountedSubtotalCents === subtotalCents) {
    return (
      <span className="cart-summary__amount" data-testid="cart-subtotal">
        {formatPrice(subtotalCents)}
      </span>
    );
  }
  return (
    <span className="cart-summary__prices">
      <span className="visually-hidden">Original price </span>
      <s className="cart-summary__was" data-testid="cart-subtotal">
        {formatPrice(subtotalCents)}
      </s>
      <span className="visually-hidden">, discounted price </span>
      <span className="cart-summary__amount" data-testid="cart-discounted-subtotal">
        {formatPrice(discountedSubtotalCents)}
      </span>
      <span className="cart-summary__promo">{promo.code} applied</span>
    </span>
  );
}
