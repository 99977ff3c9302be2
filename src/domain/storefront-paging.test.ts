import { describe, expect, it } from 'vitest';
import { ITEMS_PAGE_MAX, pageCount, pagedPath, pageFromSearch } from './storefront-paging.js';

describe('storefront paging', () => {
  it('counts pages, an empty list having one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(48)).toBe(1);
    expect(pageCount(49)).toBe(2);
    expect(pageCount(10, 3)).toBe(4);
  });

  it('reads ?page= leniently: a whole number from 1, else the first page', () => {
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('3')).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'two', '', '03', '1e3']) expect(pageFromSearch(bad)).toBe(1);
    expect(pageFromSearch('99999')).toBe(ITEMS_PAGE_MAX);
  });

  it('links page 1 without a parameter and the others with one', () => {
    expect(pagedPath('/collections', 1)).toBe('/collections');
    expect(pagedPath('/collections', 2)).toBe('/collections?page=2');
    expect(pagedPath('/categories/?category=bras', 3)).toBe('/categories/?category=bras&page=3');
  });
});
