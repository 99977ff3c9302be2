// Tile rules of spec §2 and §9: how prices read and what the quick add offers.
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../contract/catalog.js';
import { formatPrice } from './format-price.js';
import { quickAddOptions } from './quick-add.js';

const color = (name: string, soldOut: boolean[]) => ({
  color_name: name,
  color_code: '#000000',
  color_picture: null,
  alt: '',
  link: name.toLowerCase(),
  available_sizes: ['XS', 'S', 'M', 'L'].map((size, i) => ({ name: size, sold_out: soldOut[i] ?? false })),
});

const itemWith = (colors: ReturnType<typeof color>[]) =>
  ({ url: 'silk-bra', title: 'Silk Bra', available_products: [{ type: 'bra', name: 'Bra', price: 98, colors }] }) as unknown as Item;

describe('formatPrice', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatPrice(68)).toBe('$68');
    expect(formatPrice(74.5)).toBe('$74.50');
    expect(formatPrice(1250)).toBe('$1,250');
  });
});

describe('quickAddOptions', () => {
  it('offers the sizes of the first colour that are not sold out, as bag selections', () => {
    const { options, soldOut } = quickAddOptions(itemWith([color('Champagne', [false, true, false, false]), color('Black', [])]));
    expect(soldOut).toBe(false);
    expect(options.map((o) => o.label)).toEqual(['XS', 'M', 'L']);
    expect(options[1]?.selection).toEqual({
      url: 'silk-bra',
      product_type: 'bra',
      product_name: 'Bra',
      color: 'Champagne',
      colorIndex: 0,
      size: 'M',
      sizeIndex: 2,
      isSoldOut: false,
    });
  });

  it('is sold out when every size of the first colour is, even if another colour is not', () => {
    expect(quickAddOptions(itemWith([color('Bordeaux', [true, true, true, true]), color('Black', [])]))).toEqual({ options: [], soldOut: true });
  });

  it('is sold out for an item without products', () => {
    expect(quickAddOptions({ ...itemWith([]), available_products: [] }).soldOut).toBe(true);
  });
});
