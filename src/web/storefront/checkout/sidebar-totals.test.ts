// The checkout sidebar's numbers (spec §2, §9): the server's once in, computeTotals before; '—' for
// shipping and tax until they are known; what a gift card or store credit leaves to pay.
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contract/cart.js';
import type { AppliedBalance, CheckoutSummary } from '../../api/http-api.js';
import { balancePaysCents, dueCents, sidebarTotals, type SidebarTotalsInput } from './sidebar-totals.js';

const line = (price: number, quantity: number, giftCard = false) =>
  ({
    index: 0,
    title: giftCard ? 'Gift card' : 'Silk Bra',
    url: giftCard ? 'gift-card' : 'silk-bra',
    size: giftCard ? '$100' : 'S',
    color: giftCard ? '' : 'Ivory',
    product_type: giftCard ? 'gift_card' : 'bra',
    product_name: giftCard ? 'Gift card' : 'Bra',
    pictures: [],
    available_products: [],
    sizeIndex: 0,
    colorIndex: 0,
    quantity,
    price,
    ...(giftCard && {
      giftCard: {
        amount: price,
        recipientName: 'Anna',
        recipientEmail: 'anna@example.com',
        senderName: 'Bo',
        message: '',
        sendOn: '2026-12-03',
      },
    }),
  }) as CartLine;

const NY = { country: 'US', zip: '10001' };
const base = (over: Partial<SidebarTotalsInput>): SidebarTotalsInput => ({
  stage: 'billing',
  server: undefined,
  selectedOption: null,
  lines: [line(74.5, 2)],
  promo: null,
  address: NY,
  taxRate: 0,
  ...over,
});
// $149 of goods less 10%, $8 shipping, $11.92 tax.
const SUMMARY: CheckoutSummary = { subtotal: 149, discount: 14.9, shipping: 8, tax: 11.92, total: 154.02 };
const STANDARD = { type: 'standard', description: 'Standard', amt: 8 };
const EXPRESS = { type: 'express', description: 'Express', amt: 25 };

describe('sidebarTotals with the server summary', () => {
  it('shows neither shipping nor tax on the contact stage, and leaves both out of the total', () => {
    expect(sidebarTotals(base({ stage: 'checkout', server: SUMMARY, selectedOption: STANDARD }))).toEqual({
      subtotalCents: 149_00,
      discountCents: 14_90,
      shippingCents: null,
      taxCents: null,
      totalCents: 134_10,
    });
  });

  it('prices the option chosen on the shipping stage before the server knows it', () => {
    const totals = sidebarTotals(base({ stage: 'shipping', server: SUMMARY, selectedOption: EXPRESS }));
    expect(totals).toMatchObject({ shippingCents: 25_00, taxCents: 11_92, totalCents: 171_02 });
  });

  it("shows the server's own shipping and total on billing", () => {
    const totals = sidebarTotals(base({ stage: 'billing', server: SUMMARY, selectedOption: EXPRESS }));
    expect(totals).toEqual({
      subtotalCents: 149_00,
      discountCents: 14_90,
      shippingCents: 8_00,
      taxCents: 11_92,
      totalCents: 154_02,
    });
  });

  it('shows free shipping as 0 (the sidebar says "free"), not as unknown', () => {
    const free: CheckoutSummary = { subtotal: 120, discount: 0, shipping: 0, tax: 10.65, total: 130.65 };
    expect(sidebarTotals(base({ stage: 'billing', server: free }))).toMatchObject({
      shippingCents: 0,
      totalCents: 130_65,
    });
    const freeOption = { type: 'standard', description: 'Standard', amt: 0 };
    expect(sidebarTotals(base({ stage: 'shipping', server: free, selectedOption: freeOption }))).toMatchObject({
      shippingCents: 0,
      totalCents: 130_65,
    });
  });

  it("takes a gift card line's price as the server counts it", () => {
    // A $100 gift card beside $50 of goods with $10 off: the promo does not touch the card, no tax on it.
    const withCard: CheckoutSummary = { subtotal: 150, discount: 10, shipping: 8, tax: 3.55, total: 151.55 };
    expect(
      sidebarTotals(base({ stage: 'billing', server: withCard, lines: [line(50, 1), line(100, 1, true)] })),
    ).toEqual({ subtotalCents: 150_00, discountCents: 10_00, shippingCents: 8_00, taxCents: 3_55, totalCents: 151_55 });
  });
});

describe('sidebarTotals before the server answers', () => {
  it('applies a percentage promo to the bag, with tax and shipping unknown on the contact stage', () => {
    const promo = { code: 'WELCOME10', type: 'percentage', discount: 0.9 } as const;
    expect(sidebarTotals(base({ stage: 'checkout', promo, selectedOption: STANDARD, taxRate: 0.08 }))).toEqual({
      subtotalCents: 149_00,
      discountCents: 14_90,
      shippingCents: null,
      taxCents: null,
      totalCents: 134_10,
    });
  });

  it('adds the chosen fee and the US tax on the discounted goods once the address is known', () => {
    const promo = { code: 'GIFT20', type: 'dollarAmount', discount: 20 } as const;
    expect(sidebarTotals(base({ stage: 'billing', promo, selectedOption: STANDARD, taxRate: 0.08 }))).toEqual({
      subtotalCents: 149_00,
      discountCents: 20_00,
      shippingCents: 8_00,
      taxCents: 10_32,
      totalCents: 147_32,
    });
  });

  it('leaves shipping unknown until an option is chosen, and charges no tax outside the US', () => {
    const totals = sidebarTotals(base({ stage: 'shipping', address: { country: 'FR', zip: '75001' }, taxRate: 0.08 }));
    expect(totals).toEqual({
      subtotalCents: 149_00,
      discountCents: 0,
      shippingCents: null,
      taxCents: 0,
      totalCents: 149_00,
    });
  });

  it('counts a gift card line in the subtotal', () => {
    const totals = sidebarTotals(base({ stage: 'checkout', lines: [line(50, 1), line(100, 1, true)] }));
    expect(totals).toMatchObject({ subtotalCents: 150_00, totalCents: 150_00 });
  });

  it('takes no promo off a gift card line, as the server does (the estimate shown before its totals)', () => {
    const promo = { code: 'WELCOME10', type: 'percentage', discount: 0.9 } as const;
    const totals = sidebarTotals(base({ stage: 'checkout', lines: [line(50, 1), line(100, 1, true)], promo }));
    expect(totals).toMatchObject({ subtotalCents: 150_00, discountCents: 5_00, totalCents: 145_00 });
  });
});

describe('a gift card or store credit applied', () => {
  const card = (available: number): AppliedBalance => ({
    code: 'GC-ABCD',
    kind: 'gift_card',
    available,
    applied: available,
    remaining: 0,
  });

  it('pays up to the total, and what is left is due', () => {
    expect(balancePaysCents(154_02, card(50))).toBe(50_00);
    expect(dueCents(154_02, card(50))).toBe(104_02);
  });

  it('never pays more than the total: nothing is due', () => {
    expect(balancePaysCents(154_02, card(500))).toBe(154_02);
    expect(dueCents(154_02, card(500))).toBe(0);
  });

  it('without one, the whole total is due', () => {
    expect(balancePaysCents(154_02, null)).toBe(0);
    expect(dueCents(154_02, undefined)).toBe(154_02);
  });
});
