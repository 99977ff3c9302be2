// The rules behind the landing-tile editor and the bulk table that the browser applies before a call.
import { describe, expect, it } from 'vitest';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { LANDING_FIELDS, LandingLayoutSchema } from '../../../contract/catalog.js';
import { changedRow } from './bulk-editor-page.js';
import { thumbOf } from './item-draft.js';
import { LAYOUTS, tileComplete } from './landing-editor-page.js';
import { savedSize } from './size-subscribers.js';

describe('landing tile layouts', () => {
  it('offers the six layouts of the contract with exactly their fields', () => {
    expect(LAYOUTS.map((l) => l.layout).sort()).toEqual([...LandingLayoutSchema.options].sort());
    for (const l of LAYOUTS) expect(l.fields).toEqual(LANDING_FIELDS[l.layout]);
  });

  it('a tile can be saved only when every field of its layout is filled (spec §5)', () => {
    expect(tileComplete('textDataLayout1', { title: 'Slowly', subtitle: '' })).toBe(false);
    expect(tileComplete('textDataLayout1', { title: 'Slowly', subtitle: '   ' })).toBe(false);
    expect(tileComplete('textDataLayout1', { title: 'Slowly', subtitle: 'Silk' })).toBe(true);
    expect(tileComplete('columnsLargeRight', { img_1: '/uploads/a.jpg', subtitle: 'x' })).toBe(false);
    expect(tileComplete('picLayout2L', { img_1: '/uploads/a.jpg', img_2: '/uploads/b.jpg' })).toBe(true);
  });
});

const item = {
  _id: 'a'.repeat(24),
  published: false,
  position: 3,
  promotion_position: 0,
  category: 'bras',
  available_products: [
    {
      type: 'bra',
      name: 'Bra',
      price: 98,
      colors: [
        {
          color_name: 'Ivory',
          color_code: '#fff',
          color_picture: null,
          alt: '',
          link: 'ivory',
          available_sizes: [{ name: 'S', sold_out: false, stock: 0 }],
        },
      ],
    },
    { type: 'set', name: 'Set', price: 152, colors: [] },
  ],
} as unknown as AdminItem;
const draft = {
  published: false,
  position: '3',
  promotion_position: '0',
  category: 'bras',
  prices: { bra: '98', set: '152' },
};

describe('bulk table rows', () => {
  it('an untouched row sends nothing', () => {
    expect(changedRow(item, draft)).toBeNull();
    expect(changedRow(item, { ...draft, prices: { bra: '98.00', set: '152' } })).toBeNull();
  });

  it('a changed row sends only what changed; a cleared category is null', () => {
    expect(changedRow(item, { ...draft, published: true, category: '', prices: { bra: '99.5', set: '152' } })).toEqual({
      _id: item._id,
      published: true,
      category: null,
      prices: [{ type: 'bra', price: 99.5 }],
    });
  });
});

describe('the size editor', () => {
  it('counts a tracked size at stock 0 as sold out, as the server does', () => {
    expect(savedSize(item, { productType: 'bra', color: 'Ivory', size: 'S' })?.soldOut).toBe(true);
    expect(savedSize(item, { productType: 'bra', color: 'Ivory', size: 'M' })).toBeNull();
  });
});

describe('the pictures list', () => {
  it('shows a JPEG by its preview, large enough to tell pictures apart, and anything else as it is', () => {
    expect(thumbOf('/uploads/pictures/abc.jpg')).toBe('/uploads/pictures/abc-preview.jpg');
    expect(thumbOf('https://cdn.example/pictures/abc.jpg')).toBe('https://cdn.example/pictures/abc-preview.jpg');
    expect(thumbOf('/uploads/silk-bra-1-preview.jpg')).toBe('/uploads/silk-bra-1-preview.jpg');
    expect(thumbOf('/uploads/pictures/clip.mp4')).toBe('/uploads/pictures/clip.mp4');
    expect(thumbOf('/uploads/pictures/logo.png')).toBe('/uploads/pictures/logo.png');
  });
});
