// The server render on its own: whole document, route data prefetched and handed over, real statuses.
import { describe, expect, it } from 'vitest';
import type { Item } from '../contract/catalog.js';
import type { ShopApi } from './api/shop-api.js';
import { render } from './entry-server.js';

const categories = [
  { key: 'clothing', title: 'Clothing' },
  { key: 'bras', title: 'Bras' },
  { key: 'pantiesandgarters', title: 'Panties & Garters </script><script>alert(1)</script>' },
];
// A stand-in for the shop's data: the render is tested on its own here; tests/e2e and tests/api
// cover it against the real services.
const braItem = { _id: 'a'.repeat(24), url: 'silk-bra', title: 'Silk Bra', category: 'bras' } as Item;
const api: ShopApi = {
  getCategories: async () => categories,
  getHome: async () => ({ banners: [], effortlesslyChic: [], girls: [], categoryTiles: [], story: [] }),
  getAllItems: async () => [braItem],
  getCategory: async (key) => (key === 'bras' ? [braItem] : []),
  getProduct: async () => null,
  getPromotionalItems: async () => [],
  getInfo: async () => null,
  listReviews: async () => [],
};
const assets = { entry: '/assets/entry.js', preload: ['/assets/chunk.js'], styles: ['/assets/app.css'] };
const publicUrl = 'https://shop.example';

const renderUrl = (url: string) => render({ url, api, assets, publicUrl });

function shopState(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const json = /<script id="__SHOP_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no __SHOP_STATE__ in the document');
  return JSON.parse(json);
}

describe('server render', () => {
  it('renders the whole document with head, shell, assets and no inline executable script', async () => {
    const { status, html } = await renderUrl('/');
    expect(status).toBe(200);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true);
    expect(html).toContain('<title>Murashki — Lingerie &amp; Clothing</title>');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk.js"/>');
    expect(html).toContain('<script type="module" src="/assets/entry.js"></script>');
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('Give $20 Get $20');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.every((tag) => tag.includes('type="application/json"') || tag.includes(' src='))).toBe(true);
  });

  it('prefetches the categories into the side menu and hands them over with < escaped', async () => {
    const { html } = await renderUrl('/collections');
    expect(html).toContain('href="/categories/?category=bras"');
    const state = shopState(html);
    expect(state.queries.queries.find((q) => q.queryKey[0] === 'categories')?.state.data).toEqual(categories);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('titles a category page from the categories', async () => {
    const { html } = await renderUrl('/categories/?category=bras');
    expect(html).toMatch(/<h1[^>]*>Bras<\/h1>/);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/categories/?category=bras"/>');
  });

  it('redirects a cart step other than checkout and success to /cart/checkout', async () => {
    expect(await renderUrl('/cart/shipping')).toMatchObject({ status: 302, redirect: '/cart/checkout' });
    expect((await renderUrl('/cart/success')).status).toBe(200);
    const checkout = await renderUrl('/cart/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.html).not.toContain('aria-label="Shopping bag"');
  });

  it('sends a shopper to /collections from a category without items', async () => {
    expect(await renderUrl('/categories/?category=empty')).toMatchObject({ status: 302, redirect: '/collections' });
    expect(await renderUrl('/categories/')).toMatchObject({ status: 302, redirect: '/collections' });
  });

  it('answers 404 for an unknown product or info page', async () => {
    expect((await renderUrl('/product/nope')).status).toBe(404);
    expect((await renderUrl('/info/nope')).status).toBe(404);
  });

  it('shows the home page for any other path, with a 404 status for crawlers', async () => {
    const { status, html } = await renderUrl('/no/such/page');
    expect(status).toBe(404);
    expect(html).toContain('New Arrivals');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/"/>');
  });

  it('renders only the checking state of the admin gate', async () => {
    for (const url of ['/admin?tab=orders', '/bulk/admin', '/edit/landing/silk-slip']) {
      const { status, html } = await renderUrl(url);
      expect(status).toBe(200);
      expect(html).toContain('Checking your session…');
      expect(html).not.toContain('Sign in');
      expect(html).toContain('noindex');
    }
  });
});
