// The Demand tab's in-place stock edit: only that size changes, a set's piece is found by its name, a
// stock above 0 puts the size back on sale, and a size the item no longer has is refused.
import { describe, expect, it } from 'vitest';
import type { AdminItem } from '../../../../contract/admin-catalog.js';
import { NO_LONGER_OFFERED, sizeNameOf, withStock } from './demand-stock.js';

const item = {
  _id: 'a'.repeat(24),
  title: 'Lace',
  available_products: [
    {
      type: 'bra',
      name: 'Bra',
      price: 60,
      colors: [
        {
          color_name: 'Rose',
          color_code: '#d9b8a8',
          color_picture: null,
          alt: '',
          available_sizes: [
            { name: 'S', sold_out: true, stock: 0 },
            { name: 'M', sold_out: false, stock: 4 },
            { name: 'L', sold_out: false, stock: null },
          ],
        },
      ],
    },
    {
      type: 'set',
      name: 'Set',
      price: 100,
      pieces: ['Bra', 'Brief'],
      colors: [
        {
          color_name: 'Rose',
          color_code: '#d9b8a8',
          color_picture: null,
          alt: '',
          available_sizes: [],
          pieces: [
            { name: 'Bra', available_sizes: [{ name: 'M', sold_out: false, stock: 2 }] },
            { name: 'Brief', available_sizes: [{ name: 'M', sold_out: true, stock: 0 }] },
          ],
        },
      ],
    },
  ],
} as unknown as AdminItem;

describe('withStock', () => {
  it("changes that size's stock only, and puts it back on sale", () => {
    const [bra, set] = withStock(item, { product_type: 'bra', color: 'Rose', piece: '', size: 'S' }, 5);
    expect(bra!.colors[0]!.available_sizes).toEqual([
      { name: 'S', sold_out: false, stock: 5 },
      { name: 'M', sold_out: false, stock: 4 },
      { name: 'L', sold_out: false, stock: null },
    ]);
    expect(set!.colors[0]!.pieces).toEqual([
      { name: 'Bra', available_sizes: [{ name: 'M', sold_out: false, stock: 2 }] },
      { name: 'Brief', available_sizes: [{ name: 'M', sold_out: true, stock: 0 }] },
    ]);
  });

  it("finds a set's size by its piece ('Brief M'), and a stock of 0 marks it sold out", () => {
    expect(sizeNameOf({ product_type: 'set', color: 'Rose', piece: 'Brief', size: 'Brief M' })).toBe('M');
    const restocked = withStock(item, { product_type: 'set', color: 'Rose', piece: 'Brief', size: 'Brief M' }, 3);
    expect(restocked[1]!.colors[0]!.pieces![1]).toEqual({
      name: 'Brief',
      available_sizes: [{ name: 'M', sold_out: false, stock: 3 }],
    });
    const emptied = withStock(item, { product_type: 'set', color: 'Rose', piece: 'Bra', size: 'Bra M' }, 0);
    expect(emptied[1]!.colors[0]!.pieces![0]!.available_sizes[0]).toEqual({ name: 'M', sold_out: true, stock: 0 });
  });

  it('refuses a size the item no longer has', () => {
    expect(() => withStock(item, { product_type: 'bra', color: 'Rose', piece: '', size: 'XL' }, 1)).toThrow(
      NO_LONGER_OFFERED,
    );
  });
});
