import { describe, expect, it } from 'vitest';
import type { Item } from '../contract/catalog.js';
import {
  applyFilters,
  compileIndex,
  filteredPath,
  filtersFromSearch,
  filtersKey,
  type ListFilters,
  NO_FILTERS,
  normaliseFilters,
  unknownValues,
} from './catalog-filters.js';

type Piece = { type: string; price: number; colors: Record<string, Record<string, boolean>> };

const item = (id: string, position: number, pieces: Piece[]): Item => ({
  _id: id,
  url: id,
  title: id,
  meta_title: '',
  meta_description: '',
  category: null,
  pictures: [],
  description: [],
  available_products: pieces.map((p) => ({
    type: p.type,
    name: p.type,
    price: p.price,
    colors: Object.entries(p.colors).map(([name, sizes]) => ({
      color_name: name,
      color_code: '#000000',
      color_picture: null,
      alt: name,
      link: name.toLowerCase(),
      available_sizes: Object.entries(sizes).map(([size, soldOut]) => ({ name: size, sold_out: soldOut })),
    })),
  })),
  published: true,
  position,
  promotion_position: 0,
  is_final_sale: false,
  related_items: { completeSet: [], similarItems: [] },
  landing: [],
});

// bra: Black M sold out, Ivory M in stock; brief: only Black; robe: One size; empty: no products.
const catalog = [
  item('bra', 1, [
    { type: 'bra', price: 98, colors: { Black: { S: false, M: true }, Ivory: { M: false } } },
    { type: 'set', price: 152, colors: { Black: { S: false } } },
  ]),
  item('brief', 2, [{ type: 'brief', price: 48, colors: { Black: { XS: false, S: false, M: false, L: false } } }]),
  item('robe', 3, [{ type: 'Long Robe', price: 210.5, colors: { 'Dusty Rose': { 'One size': false } } }]),
  item('empty', 4, []),
];
const created: Record<string, number> = { bra: 3, brief: 1, robe: 2 };
const index = compileIndex(catalog, (i) => created[i._id]);
const run = (f: Partial<ListFilters>) => applyFilters(index, normaliseFilters(f));
const ids = (f: Partial<ListFilters>) => run(f).items.map((i) => i._id);
const count = (options: { value: string; count: number }[], value: string) =>
  options.find((o) => o.value === value)?.count;

describe('catalog filters', () => {
  it('leaves every item, in position order, when nothing is chosen', () => {
    expect(ids({})).toEqual(['bra', 'brief', 'robe', 'empty']);
  });

  it('matches one variant on every filter at once, not each filter on a different piece', () => {
    expect(ids({ size: ['M'], color: ['black'], inStock: true })).toEqual(['brief']);
    expect(ids({ size: ['M'], color: ['ivory'], inStock: true })).toEqual(['bra']);
    expect(ids({ size: ['M'], inStock: true })).toEqual(['bra', 'brief']);
    expect(ids({ type: ['set'], size: ['M'] })).toEqual([]);
  });

  it('ORs values of one filter and ANDs the filters', () => {
    expect(ids({ size: ['XS', 'L'] })).toEqual(['brief']);
    expect(ids({ type: ['bra', 'long robe'] })).toEqual(['bra', 'robe']);
    expect(ids({ type: ['brief'], color: ['dusty rose'] })).toEqual([]);
  });

  it('reads colour and type names whatever their case or spacing', () => {
    expect(ids({ color: ['Dusty  Rose'] })).toEqual(['robe']);
    expect(ids({ color: ['dusty_rose'] })).toEqual(['robe']);
    expect(ids({ type: ['LONG ROBE'] })).toEqual(['robe']);
  });

  it('filters by the tile price, both bounds included', () => {
    expect(ids({ minPrice: 48, maxPrice: 98 })).toEqual(['bra', 'brief']);
    expect(ids({ minPrice: 48.01 })).toEqual(['bra', 'robe']);
    expect(ids({ maxPrice: 210.49 })).toEqual(['bra', 'brief']);
    // The set's $152 is not the tile's price.
    expect(ids({ minPrice: 150, maxPrice: 160 })).toEqual([]);
  });

  it('sorts by position, newest, and price both ways, items without a price last', () => {
    expect(ids({ sort: 'newest' })).toEqual(['bra', 'robe', 'brief', 'empty']);
    expect(ids({ sort: 'price-asc' })).toEqual(['brief', 'bra', 'robe', 'empty']);
    expect(ids({ sort: 'price-desc' })).toEqual(['robe', 'bra', 'brief', 'empty']);
  });

  it('counts each option given the other filters (its own filter left out)', () => {
    const { facets } = run({ size: ['M'], color: ['black'] });
    // Size counts ignore the size filter: Black comes in S (bra, brief), M (bra, brief), XS and L (brief).
    expect(facets.size).toEqual([
      { value: 'XS', label: 'XS', count: 1 },
      { value: 'S', label: 'S', count: 2 },
      { value: 'M', label: 'M', count: 2 },
      { value: 'L', label: 'L', count: 1 },
    ]);
    // Colour counts ignore the colour filter: size M comes in Black (bra, brief) and Ivory (bra).
    expect(count(facets.color, 'black')).toBe(2);
    expect(count(facets.color, 'ivory')).toBe(1);
    expect(count(facets.color, 'dusty rose')).toBe(0);
    expect(count(facets.type, 'bra')).toBe(1);
    expect(count(facets.type, 'set')).toBe(0);
    expect(facets.inStock).toBe(1); // only the brief's Black M is in stock
    expect(facets.price).toEqual({ min: 48, max: 98 });
  });

  it('counts an item once however many of its variants match', () => {
    const { facets } = run({});
    expect(count(facets.color, 'black')).toBe(2);
    expect(count(facets.size, 'S')).toBe(2);
    expect(facets.inStock).toBe(3);
    expect(facets.price).toEqual({ min: 48, max: 210.5 });
    expect(facets.type.map((t) => t.label)).toEqual(['Bra', 'Set', 'Brief', 'Long Robe']);
  });

  it('has no price bounds when nothing is left', () => {
    expect(run({ size: ['L'], type: ['bra'] }).facets.price).toBeNull();
  });

  it('names the colours and types no item carries', () => {
    expect(unknownValues(index, normaliseFilters({ color: ['Black', 'teal'], type: ['kimono'] }))).toEqual({
      color: ['teal'],
      type: ['kimono'],
    });
  });
});

describe('filters in the address', () => {
  const read = (q: string) => filtersFromSearch(new URLSearchParams(q));

  it('reads repeated values, in any case, and drops what makes no sense', () => {
    expect(read('size=m&size=XS&size=XXL&color=Black&color=black&sort=price-asc&inStock=1')).toEqual({
      ...NO_FILTERS,
      size: ['XS', 'M'],
      color: ['black'],
      inStock: true,
      sort: 'price-asc',
    });
    expect(read('sort=cheapest&minPrice=abc&maxPrice=-3&inStock=maybe')).toEqual(NO_FILTERS);
    expect(read('minPrice=200&maxPrice=50')).toMatchObject({ minPrice: 50, maxPrice: 200 });
  });

  it('writes one canonical address, the defaults left out, keeping the category', () => {
    const f = read('sort=newest&color=dusty rose&size=M&size=S');
    expect(filteredPath('/collections', f)).toBe('/collections?size=S&size=M&color=dusty+rose&sort=newest');
    expect(filteredPath('/categories/?category=bras', f, 2)).toBe(
      '/categories/?category=bras&size=S&size=M&color=dusty+rose&sort=newest&page=2',
    );
    expect(filteredPath('/collections', NO_FILTERS)).toBe('/collections');
    expect(filtersKey(read(filteredPath('/c', f).split('?')[1]!))).toBe(filtersKey(f));
  });
});
