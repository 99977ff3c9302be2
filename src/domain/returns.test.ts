import { describe, expect, it } from 'vitest';
import { isInternationalCountry, mergePieces, refundFor, type RefundOrder } from './returns.js';

const line = (unitPriceCents: number, quantity = 1) => ({ unitPriceCents, quantity });

describe('refundFor: price less the discount share plus the tax share, shipping never', () => {
  it('an order without promo or tax refunds the returned prices', () => {
    const order: RefundOrder = { lines: [line(6200), line(4800, 2)], discountCents: 0, taxCents: 0 };
    expect(refundFor(order, [{ index: 1, quantity: 1 }])).toEqual({
      subtotalCents: 4800,
      discountCents: 0,
      taxCents: 0,
      totalRefundCents: 4800,
    });
  });

  it('a 10% promo and NY tax: each line gives back its share', () => {
    // $68 + $52, 10% off = $108, tax 8.875% of $108 = $9.59 (rounded)
    const order: RefundOrder = { lines: [line(6800), line(5200)], discountCents: 1200, taxCents: 959 };
    const bra = refundFor(order, [{ index: 0, quantity: 1 }]);
    const brief = refundFor(order, [{ index: 1, quantity: 1 }]);
    expect(bra).toEqual({ subtotalCents: 6800, discountCents: 680, taxCents: 543, totalRefundCents: 6800 - 680 + 543 });
    expect(brief).toEqual({
      subtotalCents: 5200,
      discountCents: 520,
      taxCents: 416,
      totalRefundCents: 5200 - 520 + 416,
    });
    // Everything back: exactly what was paid for the goods.
    const all = refundFor(order, [
      { index: 0, quantity: 1 },
      { index: 1, quantity: 1 },
    ]);
    expect(all).toEqual({
      subtotalCents: 12000,
      discountCents: 1200,
      taxCents: 959,
      totalRefundCents: 12000 - 1200 + 959,
    });
  });

  it('a dollar promo is shared by price, and the cents left over go to the largest remainders', () => {
    // $10 off three $30 pieces: 333 + 333 + 334 would be wrong for the first; largest remainder, ties to the earlier piece.
    const order: RefundOrder = { lines: [line(3000, 3)], discountCents: 1000, taxCents: 0 };
    expect(refundFor(order, [{ index: 0, quantity: 1 }]).discountCents).toBe(334);
    expect(refundFor(order, [{ index: 0, quantity: 2 }]).discountCents).toBe(667);
    expect(refundFor(order, [{ index: 0, quantity: 3 }]).discountCents).toBe(1000);
  });

  it('the shares of every piece add up to the order discount and tax for awkward amounts', () => {
    const order: RefundOrder = {
      lines: [line(1999, 3), line(4550), line(1, 2), line(8800)],
      discountCents: 1777,
      taxCents: 1313,
    };
    const all = refundFor(
      order,
      order.lines.map((l, index) => ({ index, quantity: l.quantity })),
    );
    expect(all.discountCents).toBe(1777);
    expect(all.taxCents).toBe(1313);
    expect(all.subtotalCents).toBe(1999 * 3 + 4550 + 2 + 8800);
    // Two requests refund what one would.
    const first = refundFor(order, [
      { index: 0, quantity: 1 },
      { index: 3, quantity: 1 },
    ]);
    const both = refundFor(
      order,
      mergePieces(
        [
          { index: 0, quantity: 1 },
          { index: 3, quantity: 1 },
        ],
        [
          { index: 0, quantity: 2 },
          { index: 1, quantity: 1 },
        ],
      ),
    );
    const second = refundFor(order, [
      { index: 0, quantity: 3 },
      { index: 1, quantity: 1 },
      { index: 3, quantity: 1 },
    ]);
    expect(both).toEqual(second);
    expect(both.totalRefundCents - first.totalRefundCents).toBeGreaterThan(0);
  });

  it('a discount larger than the goods (a dollar promo on a cheap order) is capped at their price', () => {
    const order: RefundOrder = { lines: [line(1500)], discountCents: 2000, taxCents: 0 };
    expect(refundFor(order, [{ index: 0, quantity: 1 }])).toEqual({
      subtotalCents: 1500,
      discountCents: 1500,
      taxCents: 0,
      totalRefundCents: 0,
    });
  });

  it('refuses a line that is not in the order or more pieces than were ordered', () => {
    const order: RefundOrder = { lines: [line(1000, 2)], discountCents: 0, taxCents: 0 };
    expect(() => refundFor(order, [{ index: 1, quantity: 1 }])).toThrow(RangeError);
    expect(() => refundFor(order, [{ index: 0, quantity: 3 }])).toThrow(RangeError);
    expect(() => refundFor({ ...order, taxCents: -1 }, [])).toThrow(RangeError);
  });
});

describe('mergePieces', () => {
  it('adds quantities of the same line and sorts by line', () => {
    expect(
      mergePieces(
        [
          { index: 2, quantity: 1 },
          { index: 0, quantity: 1 },
        ],
        [{ index: 2, quantity: 1 }],
      ),
    ).toEqual([
      { index: 0, quantity: 1 },
      { index: 2, quantity: 2 },
    ]);
  });
});

describe('isInternationalCountry (spec §4)', () => {
  it('is false for the US spellings in any case, true otherwise', () => {
    for (const us of ['US', 'usa', 'United States', 'UNITED STATES OF AMERICA', ' us '])
      expect(isInternationalCountry(us)).toBe(false);
    for (const other of ['FR', 'Canada', 'U.S.', '']) expect(isInternationalCountry(other)).toBe(true);
  });
});
