import { describe, expect, it } from 'vitest';
import {
  applyFreeShipping,
  computeTotals,
  formatMoney,
  formatPrice,
  promoPercentLabel,
  qualifiesForFreeShipping,
  toCents,
  toDollars,
  type TotalsInput,
} from './money.js';

const US = { country: 'US', zip: '94105' };
const FRANCE = { country: 'FR', zip: '75001' };

// One line of the given amount, the first option at $8, no tax unless a test sets it.
function order(subtotalCents: number, overrides: Partial<TotalsInput> = {}): TotalsInput {
  return {
    lines: [{ unitPriceCents: subtotalCents, quantity: 1 }],
    shipping: { feeCents: 800, isFirstOption: true },
    address: US,
    taxRate: 0,
    ...overrides,
  };
}

describe('toCents / toDollars', () => {
  it('converts the dollars of the calls to integer cents', () => {
    expect(toCents(68)).toBe(6800);
    expect(toCents(74.5)).toBe(7450);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('rounds half a cent away from zero, as written in decimal', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.125)).toBe(13);
    expect(toCents(-0.125)).toBe(-13);
    expect(toCents(0.124)).toBe(12);
    expect(Object.is(toCents(-0.004), 0)).toBe(true);
  });

  it('rejects amounts that are not numbers', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(1e300)).toThrow(RangeError);
  });

  it('converts cents back to dollars and refuses fractions of a cent', () => {
    expect(toDollars(7450)).toBe(74.5);
    expect(toDollars(0)).toBe(0);
    expect(() => toDollars(1.5)).toThrow(RangeError);
  });
});

describe('formatMoney (the checkout: one rule for amounts side by side)', () => {
  it('always prints two decimals, so $136.00 sits beside $141.44', () => {
    expect(formatMoney(13_600)).toBe('$136.00');
    expect(formatMoney(14_144)).toBe('$141.44');
    expect(formatMoney(124_000)).toBe('$1,240.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-500)).toBe('-$5.00');
  });
});

describe('formatPrice', () => {
  it('prints whole dollars without cents and others with two digits (en-US)', () => {
    expect(formatPrice(6800)).toBe('$68');
    expect(formatPrice(7450)).toBe('$74.50');
    expect(formatPrice(124_000)).toBe('$1,240');
    expect(formatPrice(123_456)).toBe('$1,234.56');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(-500)).toBe('-$5');
    expect(formatPrice(-1)).toBe('-$0.01');
  });

  it('prints what the en-US currency format of Intl prints, for amounts across the range', () => {
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 100_001, 1_234_567_89, -7_450, -100_000];
    // Up to ten billion dollars: beyond, dividing by 100 in floating point makes Intl's cents inexact.
    for (let n = 7; n < 1e12; n = n * 13 + 5) amounts.push(n, -n);
    for (const amount of amounts) {
      const expected = (Math.abs(amount) % 100 === 0 ? whole : cents).format(amount / 100);
      expect(formatPrice(amount), String(amount)).toBe(expected);
    }
    expect(formatPrice(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });
});

describe('promoPercentLabel (spec §9: rate x 100 minus 100)', () => {
  it('shows 0.9 as -10 and other rates the same way', () => {
    expect(promoPercentLabel(9000)).toBe('-10');
    expect(promoPercentLabel(8500)).toBe('-15');
    expect(promoPercentLabel(8750)).toBe('-12.5');
    expect(promoPercentLabel(10_000)).toBe('0');
  });
});

describe('computeTotals', () => {
  it('sums price x quantity over the lines', () => {
    const totals = computeTotals({
      ...order(0),
      lines: [
        { unitPriceCents: 6800, quantity: 2 },
        { unitPriceCents: 7450, quantity: 1 },
      ],
    });
    expect(totals.subtotalCents).toBe(21_050);
    expect(totals.discountCents).toBe(0);
    expect(totals.discountedSubtotalCents).toBe(21_050);
  });

  it('subtracts a dollar promo', () => {
    const totals = computeTotals(order(8000, { promo: { type: 'dollarAmount', discountCents: 2000 } }));
    expect(totals).toMatchObject({ subtotalCents: 8000, discountCents: 2000, discountedSubtotalCents: 6000 });
  });

  it('never takes a dollar promo below zero: a $20 code on a $15 bag leaves $0 plus shipping', () => {
    const totals = computeTotals(
      order(1500, { promo: { type: 'dollarAmount', discountCents: 2000 }, taxRate: 0.0725 }),
    );
    expect(totals).toMatchObject({
      discountCents: 1500,
      discountedSubtotalCents: 0,
      taxCents: 0,
      shippingCents: 800,
      totalCents: 800,
    });
  });

  it('multiplies by a percentage promo (8500 = 0.85 = 15% off)', () => {
    const totals = computeTotals(order(6800, { promo: { type: 'percentage', rateBasisPoints: 8500 } }));
    expect(totals).toMatchObject({ discountedSubtotalCents: 5780, discountCents: 1020 });
  });

  it('rounds a percentage promo to the cent, half up', () => {
    // 19.99 x 0.85 = 16.9915 → 16.99; 19.90 x 0.85 = 16.915 → 16.92
    expect(
      computeTotals(order(1999, { promo: { type: 'percentage', rateBasisPoints: 8500 } })).discountedSubtotalCents,
    ).toBe(1699);
    expect(
      computeTotals(order(1990, { promo: { type: 'percentage', rateBasisPoints: 8500 } })).discountedSubtotalCents,
    ).toBe(1692);
  });

  describe('free shipping on the first option', () => {
    it('is free for a US address from exactly $100.00, not at $99.99', () => {
      expect(computeTotals(order(9999))).toMatchObject({ shippingCents: 800, freeShipping: false, totalCents: 10_799 });
      expect(computeTotals(order(10_000))).toMatchObject({ shippingCents: 0, freeShipping: true, totalCents: 10_000 });
    });

    it('is free for any address from exactly $300.00, not at $299.99', () => {
      expect(computeTotals(order(29_999, { address: FRANCE }))).toMatchObject({
        shippingCents: 800,
        freeShipping: false,
      });
      expect(computeTotals(order(30_000, { address: FRANCE }))).toMatchObject({ shippingCents: 0, freeShipping: true });
    });

    it('does not apply the $100 rule outside the US', () => {
      expect(computeTotals(order(15_000, { address: FRANCE })).shippingCents).toBe(800);
    });

    it('counts the discounted subtotal, not the subtotal', () => {
      const tenPercentOff = { type: 'percentage', rateBasisPoints: 9000 } as const;
      expect(computeTotals(order(11_000, { promo: tenPercentOff })).freeShipping).toBe(false); // $99.00
      expect(computeTotals(order(12_000, { promo: { type: 'dollarAmount', discountCents: 2000 } })).freeShipping).toBe(
        true,
      ); // $100.00
    });

    it('leaves every other option at its fee', () => {
      const totals = computeTotals(order(50_000, { shipping: { feeCents: 2500, isFirstOption: false } }));
      expect(totals).toMatchObject({ shippingCents: 2500, freeShipping: false });
    });

    it('needs a US zip as well as a US country (spec §5 US address test)', () => {
      expect(computeTotals(order(15_000, { address: { country: 'US', zip: '1234' } })).shippingCents).toBe(800);
      expect(
        computeTotals(order(15_000, { address: { country: 'United States', zip: '10001-1234' } })).shippingCents,
      ).toBe(0);
    });

    it("follows the owner's thresholds when given ($150 US, $250 anywhere), at least, not above", () => {
      const owner = { usMinCents: 150_00, anywhereMinCents: 250_00 };
      expect(computeTotals(order(10_000, { freeShipping: owner })).freeShipping).toBe(false);
      expect(computeTotals(order(14_999, { freeShipping: owner })).freeShipping).toBe(false);
      expect(computeTotals(order(15_000, { freeShipping: owner })).freeShipping).toBe(true);
      expect(computeTotals(order(24_999, { address: FRANCE, freeShipping: owner })).freeShipping).toBe(false);
      expect(computeTotals(order(25_000, { address: FRANCE, freeShipping: owner })).freeShipping).toBe(true);
      expect(qualifiesForFreeShipping(14_999, true, owner)).toBe(false);
      expect(qualifiesForFreeShipping(15_000, true, owner)).toBe(true);
      expect(qualifiesForFreeShipping(10_000, true)).toBe(true); // the defaults: $100 in the US
    });

    it('charges no shipping while no option is chosen', () => {
      expect(computeTotals(order(5000, { shipping: null }))).toMatchObject({
        shippingCents: 0,
        freeShipping: false,
        totalCents: 5000,
      });
    });
  });

  describe('tax', () => {
    it('is the discounted subtotal x rate, rounded to the cent', () => {
      expect(computeTotals(order(10_000, { taxRate: 0.0725, shipping: null })).taxCents).toBe(725);
      // 85.00 x 0.0725 = 6.1625 → 6.16
      expect(
        computeTotals(order(10_000, { taxRate: 0.0725, promo: { type: 'percentage', rateBasisPoints: 8500 } }))
          .taxCents,
      ).toBe(616);
    });

    it('rounds half a cent up', () => {
      expect(computeTotals(order(1000, { taxRate: 0.0725 })).taxCents).toBe(73); // 72.5
      expect(computeTotals(order(1006, { taxRate: 0.0625 })).taxCents).toBe(63); // 62.875
      expect(computeTotals(order(1002, { taxRate: 0.0625 })).taxCents).toBe(63); // 62.625
      expect(computeTotals(order(1001, { taxRate: 0.0625 })).taxCents).toBe(63); // 62.5625
      expect(computeTotals(order(999, { taxRate: 0.0625 })).taxCents).toBe(62); // 62.4375
    });

    it('does not tax shipping', () => {
      const cheap = computeTotals(order(5000, { taxRate: 0.08875, shipping: { feeCents: 800, isFirstOption: true } }));
      const dear = computeTotals(order(5000, { taxRate: 0.08875, shipping: { feeCents: 4000, isFirstOption: false } }));
      expect(cheap.taxCents).toBe(444); // 443.75
      expect(dear.taxCents).toBe(444);
    });

    it('is zero outside the US whatever rate is passed', () => {
      expect(computeTotals(order(5000, { taxRate: 0.0725, address: FRANCE })).taxCents).toBe(0);
    });
  });

  it('totals discounted subtotal + tax + shipping', () => {
    const totals = computeTotals({
      lines: [{ unitPriceCents: 4250, quantity: 2 }],
      promo: { type: 'dollarAmount', discountCents: 2000 },
      shipping: { feeCents: 1200, isFirstOption: true },
      address: { country: 'usa', zip: '21201' },
      taxRate: 0.06,
    });
    expect(totals).toEqual({
      subtotalCents: 8500,
      discountCents: 2000,
      discountedSubtotalCents: 6500,
      shippingCents: 1200,
      taxCents: 390,
      totalCents: 8090,
      balanceCents: 0,
      dueCents: 8090,
      freeShipping: false,
    });
  });

  describe('a gift card or store credit balance (ARCHITECTURE "Balances")', () => {
    const taxed = (balanceCents: number) => order(8000, { taxRate: 0.1, balanceCents });

    it('is spent after tax and shipping: it lowers neither the taxed subtotal nor free shipping', () => {
      const withBalance = computeTotals(order(12_000, { taxRate: 0.1, balanceCents: 5000 }));
      const without = computeTotals(order(12_000, { taxRate: 0.1 }));
      expect(withBalance).toMatchObject({
        discountCents: 0,
        taxCents: 1200,
        shippingCents: 0,
        freeShipping: true,
        totalCents: 13_200,
      });
      expect(withBalance.taxCents).toBe(without.taxCents);
      expect(withBalance).toMatchObject({ balanceCents: 5000, dueCents: 8200 });
    });

    it('pays part of the total and leaves the rest to the card', () => {
      // $80 + $8 tax + $8 shipping = $96; $30 of balance leaves $66.
      expect(computeTotals(taxed(3000))).toMatchObject({ totalCents: 9600, balanceCents: 3000, dueCents: 6600 });
    });

    it('covers the whole total and uses no more than it: $300 on a $96 order spends $96', () => {
      expect(computeTotals(taxed(30_000))).toMatchObject({ totalCents: 9600, balanceCents: 9600, dueCents: 0 });
    });

    it('is applied after a promo discount', () => {
      const totals = computeTotals(
        order(10_000, { promo: { type: 'dollarAmount', discountCents: 2000 }, balanceCents: 1000 }),
      );
      expect(totals).toMatchObject({
        discountedSubtotalCents: 8000,
        shippingCents: 800,
        totalCents: 8800,
        balanceCents: 1000,
        dueCents: 7800,
      });
    });

    it('never makes the amount due negative, and refuses a negative or fractional balance', () => {
      expect(computeTotals(order(0, { shipping: null, balanceCents: 5000 }))).toMatchObject({
        totalCents: 0,
        balanceCents: 0,
        dueCents: 0,
      });
      expect(() => computeTotals(taxed(-100))).toThrow(RangeError);
      expect(() => computeTotals(taxed(10.5))).toThrow(RangeError);
    });
  });

  describe('gift card lines', () => {
    const bag = (promo?: TotalsInput['promo']): TotalsInput => ({
      lines: [
        { unitPriceCents: 6000, quantity: 1 },
        { unitPriceCents: 10_000, quantity: 1, giftCard: true },
      ],
      promo: promo ?? null,
      shipping: { feeCents: 800, isFirstOption: true },
      address: US,
      taxRate: 0.1,
    });

    it('are not taxed, not discounted and do not count towards free shipping', () => {
      expect(computeTotals(bag({ type: 'percentage', rateBasisPoints: 5000 }))).toMatchObject({
        subtotalCents: 16_000,
        discountCents: 3000,
        discountedSubtotalCents: 13_000,
        taxCents: 300,
        shippingCents: 800,
        freeShipping: false,
        totalCents: 14_100,
      });
    });

    it('a dollar promo is capped at the goods: it never discounts the gift card', () => {
      expect(computeTotals(bag({ type: 'dollarAmount', discountCents: 9000 }))).toMatchObject({
        discountCents: 6000,
        taxCents: 0,
        totalCents: 10_800,
      });
    });
  });

  it('refuses amounts that are not whole cents and rates out of range', () => {
    expect(() => computeTotals(order(10.5))).toThrow(RangeError);
    expect(() => computeTotals(order(-100))).toThrow(RangeError);
    expect(() => computeTotals(order(1000, { promo: { type: 'percentage', rateBasisPoints: 12_000 } }))).toThrow(
      RangeError,
    );
    expect(() => computeTotals(order(1000, { promo: { type: 'dollarAmount', discountCents: -5 } }))).toThrow(
      RangeError,
    );
    expect(() => computeTotals(order(1000, { taxRate: Number.NaN }))).toThrow(RangeError);
  });
});

describe('free shipping helpers', () => {
  it('qualifies at $100 for US addresses and $300 anywhere', () => {
    expect(qualifiesForFreeShipping(10_000, true)).toBe(true);
    expect(qualifiesForFreeShipping(9999, true)).toBe(false);
    expect(qualifiesForFreeShipping(10_000, false)).toBe(false);
    expect(qualifiesForFreeShipping(30_000, false)).toBe(true);
  });

  it('shows the first option at 0 only when the order qualifies', () => {
    const options = [
      { type: 'standard', feeCents: 800 },
      { type: 'express', feeCents: 2500 },
    ];
    expect(applyFreeShipping(options, true).map((o) => o.feeCents)).toEqual([0, 2500]);
    expect(applyFreeShipping(options, false).map((o) => o.feeCents)).toEqual([800, 2500]);
    expect(options[0]?.feeCents).toBe(800);
  });
});
