import { describe, expect, it } from 'vitest';
import { categoriesQuery, homeQuery, infoQuery, itemsPageQuery, productQuery } from './queries.js';
import type { ShopApi } from './shop-api.js';

const api = {} as ShopApi;

describe('what the owner edits reaches open pages within a minute', () => {
  it.each([
    ['info pages', infoQuery(api, 'faq')],
    ['categories', categoriesQuery(api)],
    ['the home page', homeQuery(api)],
    ['a list page', itemsPageQuery(api, undefined, 1)],
    ['a product', productQuery(api, 'silk-slip')],
  ])('%s are read again when shown after at most 60 s', (_name, query) => {
    expect(query.staleTime).toBeLessThanOrEqual(60_000);
  });
});
