// The numbers of the checkout's sidebar (spec §2): the server's (GET /checkout/summary) once they are
// in, computeTotals on the bag until then. Shipping is '—' until a method is chosen and tax '—' until
// the address is known (not on the contact stage). Pure, so the rules are tested without a browser.
import type { CartLine } from '../../../contract/cart.js';
import { computeTotals, toCents } from '../../../domain/money.js';
import type { AppliedBalance, CheckoutPromo, CheckoutSummary, ShippingOption } from '../../api/http-api.js';
import { totalsPromo } from '../bag/bag-subtotal.js';

export type SidebarTotals = {
  subtotalCents: number;
  discountCents: number;
  /** null: no shipping option chosen yet ('—'). */
  shippingCents: number | null;
  /** null: no address yet, so the tax is not known ('—'), like the shipping (issue 24 item 24). */
  taxCents: number | null;
  totalCents: number;
};

export type SidebarTotalsInput = {
  /** The stage on screen: 'checkout' is the contact stage, before the address is known. */
  stage: 'checkout' | 'shipping' | 'billing';
  /** The server's totals for this checkout, once read. */
  server: CheckoutSummary | undefined;
  /** The shipping option chosen on screen (the shipping stage shows its fee before the server knows it). */
  selectedOption: ShippingOption | null;
  lines: readonly CartLine[];
  promo: CheckoutPromo | null;
  address: { country: string; zip: string };
  /** The tax rate read for the address (0 outside the US). */
  taxRate: number;
};

export function sidebarTotals({
  stage,
  server,
  selectedOption,
  lines,
  promo,
  address,
  taxRate,
}: SidebarTotalsInput): SidebarTotals {
  const contact = stage === 'checkout';
  if (server) {
    const serverShipping = toCents(server.shipping);
    const shippingCents = contact
      ? null
      : stage === 'shipping' && selectedOption
        ? toCents(selectedOption.amt)
        : serverShipping;
    return {
      subtotalCents: toCents(server.subtotal),
      discountCents: toCents(server.discount),
      shippingCents,
      // The tax is known with the address: not on the contact stage.
      taxCents: contact ? null : toCents(server.tax),
      totalCents: toCents(server.total) - serverShipping + (shippingCents ?? 0) - (contact ? toCents(server.tax) : 0),
    };
  }
  const local = computeTotals({
    lines: lines.map((l) => ({ unitPriceCents: toCents(l.price), quantity: l.quantity, giftCard: !!l.giftCard })),
    promo: totalsPromo(promo),
    shipping: !contact && selectedOption ? { feeCents: toCents(selectedOption.amt), isFirstOption: false } : null,
    address: { country: address.country, zip: address.zip },
    taxRate: contact ? 0 : Math.min(0.99, Math.max(0, taxRate)),
  });
  return {
    subtotalCents: local.subtotalCents,
    discountCents: local.discountCents,
    shippingCents: !contact && selectedOption ? local.shippingCents : null,
    taxCents: contact ? null : local.taxCents,
    totalCents: local.totalCents,
  };
}

/** What a gift card or store credit pays of `totalCents` (never more than the total). */
export const balancePaysCents = (totalCents: number, balance: AppliedBalance | null | undefined) =>
  balance ? Math.min(Math.round(balance.available * 100), totalCents) : 0;

/** What is left to pay by card or PayPal once a gift card or store credit is spent. */
export const dueCents = (totalCents: number, balance: AppliedBalance | null | undefined) =>
  totalCents - balancePaysCents(totalCents, balance);
