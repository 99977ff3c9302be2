// The item form's availability summary and its check for unsaved work.
import { describe, expect, it } from 'vitest';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { draftChanged, summaryPrice } from './item-form.js';
import { availabilityChanges, draftOf, emptyDraft, newProduct, type ProductDraft } from './item-draft.js';

describe('availability summary price', () => {
  it('prints a price as the shop does, cents always in pairs', () => {
    expect(summaryPrice('99.5')).toBe('$99.50');
    expect(summaryPrice('99.05')).toBe('$99.05');
    expect(summaryPrice('68')).toBe('$68');
    expect(summaryPrice('1240')).toBe('$1,240');
  });

  it('shows a dash while the price is blank', () => {
    expect(summaryPrice('')).toBe('—');
    expect(summaryPrice('  ')).toBe('—');
  });
});

describe('unsaved item draft', () => {
  const item = {
    _id: 'b'.repeat(24),
    title: 'Silk slip',
    url: 'silk-slip',
    meta_title: '',
    meta_description: '',
    category: 'slips',
    published: true,
    position: 1,
    promotion_position: 0,
    is_final_sale: false,
    pictures: ['/uploads/a.jpg'],
    description: [{ title: 'Fabric', text: 'Silk' }],
    available_products: [{ type: 'slip', name: 'Slip', price: 99.5, colors: [] }],
  } as unknown as AdminItem;

  it('is clean as loaded, for a new item and an existing one', () => {
    expect(draftChanged(emptyDraft(), emptyDraft())).toBe(false);
    expect(draftChanged(draftOf(item), draftOf(item))).toBe(false);
  });

  it('is unsaved once a field, a picture, a description block or the availability changes', () => {
    const loaded = draftOf(item);
    expect(draftChanged(loaded, { ...loaded, title: 'Silk slip dress' })).toBe(true);
    expect(draftChanged(loaded, { ...loaded, published: false })).toBe(true);
    expect(draftChanged(loaded, { ...loaded, pictures: [] })).toBe(true);
    expect(draftChanged(loaded, { ...loaded, description: [{ title: 'Fabric', text: 'Silk, washed' }] })).toBe(true);
    expect(draftChanged(emptyDraft(), { ...emptyDraft(), available_products: [newProduct()] })).toBe(true);
    // Typing a change and taking it back leaves nothing unsaved.
    expect(draftChanged(loaded, { ...loaded, title: 'Silk slip' })).toBe(false);
  });
});

describe('what an availability save says it did (issue 24 item 6)', () => {
  const products = (sizes: { name: string; sold_out: boolean; stock: string }[]): ProductDraft[] => [
    {
      type: 'slip',
      name: 'Slip',
      price: '148',
      colors: [{ color_name: 'Black', color_code: '#000', color_picture: null, alt: '', available_sizes: sizes }],
    },
  ];
  it('names the sizes back on sale, sold out, or with a new stock; unchanged sizes say nothing', () => {
    const before = products([
      { name: 'S', sold_out: true, stock: '0' },
      { name: 'M', sold_out: false, stock: '2' },
      { name: 'L', sold_out: false, stock: '' },
      { name: 'XL', sold_out: true, stock: '0' },
    ]);
    const after = products([
      { name: 'S', sold_out: false, stock: '5' },
      { name: 'M', sold_out: true, stock: '2' },
      { name: 'L', sold_out: false, stock: '' },
      { name: 'XL', sold_out: false, stock: '' },
    ]);
    expect(availabilityChanges(before, after)).toEqual([
      'S (Black): back on sale, 5 in stock',
      'M (Black): sold out',
      'XL (Black): back on sale, stock not counted',
    ]);
  });
});
