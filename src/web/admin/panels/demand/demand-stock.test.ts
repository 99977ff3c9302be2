// The Demand tab's in-place stock edit: the payload names a set's piece and its size apart, and carries
// the stock the owner saw.
import { describe, expect, it } from 'vitest';
import { sizeNameOf, stockBody } from './demand-stock.js';

const itemId = 'a'.repeat(24);

describe('stockBody', () => {
  it("names a single item's size as it is, with the stock the owner saw", () => {
    expect(stockBody({ itemId, product_type: 'bra', color: 'Rose', piece: '', size: 'S' }, 0, 5)).toEqual({
      itemId,
      product_type: 'bra',
      color: 'Rose',
      piece: '',
      name: 'S',
      expected: 0,
      stock: 5,
    });
  });

  it("takes a set's piece off its size ('Brief M' → Brief, M)", () => {
    expect(
      stockBody({ itemId, product_type: 'set', color: 'Rose', piece: 'Brief', size: 'Brief M' }, 2, 3),
    ).toMatchObject({
      piece: 'Brief',
      name: 'M',
      expected: 2,
    });
    expect(sizeNameOf({ piece: 'Bra', size: 'Brief M' })).toBe('Brief M');
  });
});
