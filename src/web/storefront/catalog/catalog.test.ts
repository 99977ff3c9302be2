// Tile rules of spec §2 and §9: how prices read and what the quick add offers.
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../contract/catalog.js';
import { formatPrice } from './format-price.js';
import { firstColorInStock, quickAddOptions } from './quick-add.js';

const color = (name: string, soldOut: boolean[]) => ({
  color_name: name,
  color_code: '#000000',
  color_picture: null,
  alt: '',
  link: name.toLowerCase(),
  available_sizes: ['XS', 'S', 'M', 'L'].map((size, i) => ({ name: size, sold_out: soldOut[i] ?? false })),
});

const itemWith = (colors: ReturnType<typeof color>[]) =>
  ({
    url: 'silk-bra',
    title: 'Silk Bra',
    available_products: [{ type: 'bra', name: 'Bra', price: 98, colors }],
  }) as unknown as Item;

describe('formatPrice', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatPrice(68)).toBe('$68');
    expect(formatPrice(74.5)).toBe('$74.50');
    expect(formatPrice(1250)).toBe('$1,250');
  });
});

describe('quickAddOptions', () => {
  it('offers the sizes of the first colour that are not sold out, as bag selections', () => {
    const { options, soldOut } = quickAddOptions(
      itemWith([color('Champagne', [false, true, false, false]), color('Black', [])]),
    );
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

  it('offers the sizes of the colour the shopper chose, with that colour in the selection (issue 24 #14)', () => {
    const { options } = quickAddOptions(
      itemWith([color('Champagne', []), color('Black', [true, false, true, false])]),
      1,
    );
    expect(options.map((o) => o.label)).toEqual(['S', 'L']);
    expect(options[0]?.selection).toMatchObject({ color: 'Black', colorIndex: 1, size: 'S', sizeIndex: 1 });
  });

  it('starts on the first colour with a size on offer, and is not sold out while another colour has sizes', () => {
    const item = itemWith([color('Bordeaux', [true, true, true, true]), color('Black', [])]);
    expect(firstColorInStock(item)).toBe(1);
    const { options, soldOut } = quickAddOptions(item);
    expect(soldOut).toBe(false);
    expect(options[0]?.selection.color).toBe('Black');
    // The sold-out colour, when chosen, offers nothing (the tile says so).
    expect(quickAddOptions(item, 0)).toEqual({ options: [], soldOut: false });
  });

  it('is sold out when every size of every colour is (the tile then says Sold out)', () => {
    expect(
      quickAddOptions(itemWith([color('Bordeaux', [true, true, true, true]), color('Black', [true, true, true, true])]))
        .soldOut,
    ).toBe(true);
  });

  it('is sold out for an item without products', () => {
    expect(quickAddOptions({ ...itemWith([]), available_products: [] }).soldOut).toBe(true);
  });
});
