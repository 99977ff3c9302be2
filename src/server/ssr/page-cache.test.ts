import { describe, expect, it } from 'vitest';
import { pageCache, pageCacheKey } from './page-cache.js';

const page = (text: string) => ({ status: 200, br: Buffer.from(text), length: text.length });

describe('pageCacheKey', () => {
  it('keeps pages of plain paths and of the shop links’ own parameters', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/product/silk-balconette-bra')).toBe('/product/silk-balconette-bra');
    expect(pageCacheKey('/categories/?category=bras&page=2')).toBe('/categories/?category=bras&page=2');
    expect(pageCacheKey('/collections?page=3')).toBe('/collections?page=3');
    // As categoryPath writes a key with signs in it.
    expect(pageCacheKey(`/categories/?category=${encodeURIComponent("slips&robes'(new)")}&page=2`)).toBeDefined();
  });

  it('renders every time a URL with another parameter, a repeated one, or a very long one', () => {
    expect(pageCacheKey('/collections?utm_source=mail')).toBeUndefined();
    expect(pageCacheKey('/collections?page=1&page=2')).toBeUndefined();
    expect(pageCacheKey(`/product/${'a'.repeat(400)}`)).toBeUndefined();
  });

  it('keeps one spelling of a page only: no other page numbers, parameter orders, encodings or // paths', () => {
    for (const url of [
      '/collections?page=01',
      '/collections?page=0',
      '/collections?page=2.0',
      '/categories/?page=2&category=bras',
      '/categories/?category=br%61s',
      '//x123',
      '//collections',
    ]) {
      expect(pageCacheKey(url), url).toBeUndefined();
    }
  });
});

describe('pageCache', () => {
  it('answers a kept page until the read model changes', () => {
    let version: number | undefined = 1;
    const cache = pageCache({ version: () => version });
    cache.set('/', cache.version(), page('one'));
    expect(cache.get('/')?.br.toString()).toBe('one');
    version = 2;
    expect(cache.get('/')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops a page rendered from a read model that changed during the render', () => {
    let version: number | undefined = 1;
    const cache = pageCache({ version: () => version });
    const renderedFrom = cache.version();
    version = 2;
    cache.set('/', renderedFrom, page('stale'));
    expect(cache.get('/')).toBeUndefined();
  });

  it('keeps nothing while changes from other copies cannot be heard', () => {
    let version: number | undefined;
    const cache = pageCache({ version: () => version });
    cache.set('/', cache.version(), page('unsure'));
    version = 1;
    expect(cache.get('/')).toBeUndefined();
  });

  it('lets the least recently used pages go past its size', () => {
    const cache = pageCache({ version: () => 1 }, 1000);
    cache.set('/a', 1, page('a'.repeat(300)));
    cache.set('/b', 1, page('b'.repeat(300)));
    cache.get('/a');
    cache.set('/c', 1, page('c'.repeat(300)));
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/c')).toBeDefined();
  });
});
