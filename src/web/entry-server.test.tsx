// The server render on its own: whole document, route data prefetched and handed over, real statuses.
import { describe, expect, it } from 'vitest';
import type { ShopApi } from './api/shop-api.js';
import { render } from './entry-server.js';

const categories = [
  { key: 'clothing', title: 'Clothing' },
  { key: 'bras', title: 'Bras' },
  { key: 'pantiesandgarters', title: 'Panties & Garters </script><script>alert(1)</script>' },
];
const api = { getCategories: async () => categories } as ShopApi;
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

  it('shows the home page for any other path', async () => {
    const { status, html } = await renderUrl('/no/such/page');
    expect(status).toBe(200);
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
