// What crawlers get: real statuses for pages, the sitemap and robots.txt. Pages need `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo', env: { PUBLIC_URL: 'https://shop.example' } });
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('page statuses', () => {
  it('renders a product page with its content and JSON-LD for a crawler', async () => {
    const res = await page('/product/silk-balconette-bra');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Silk Balconette Bra<\/h1>/);
    expect(res.body).toMatch(/\$\d+/);
    expect(res.body).toContain('application/ld+json');
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/product/silk-balconette-bra"/>');
  });

  it('answers 404 for an unknown product and an unknown info page', async () => {
    expect((await page('/product/no-such-piece')).statusCode).toBe(404);
    expect((await page('/info/no-such-page')).statusCode).toBe(404);
  });

  it('redirects a category without items to /collections', async () => {
    const res = await page('/categories/?category=no-such-category');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections');
    expect((await page('/categories/?category=bras')).statusCode).toBe(200);
  });

  it('redirects a cart step other than checkout and success', async () => {
    const res = await page('/cart/anything');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cart/checkout');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists published items, categories and info pages with absolute URLs', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const items = (await page('/getAllItems')).json() as Item[];
    for (const item of items) expect(res.body).toContain(`<loc>https://shop.example/product/${item.url}</loc>`);
    expect(res.body).not.toContain('mesh-triangle-bralette'); // the unpublished draft
    expect(res.body).toContain('<loc>https://shop.example/categories/?category=bras</loc>');
    expect(res.body).toContain('<loc>https://shop.example/info/faq</loc>');
    expect(res.body).toContain('<loc>https://shop.example/story</loc>');
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of admin and cart and points to the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /cart/');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('GET /getHome', () => {
  it("answers the home page's banners, tiles and customer photos", async () => {
    const res = await page('/getHome');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.categoryTiles.map((c: { key: string }) => c.key)).toEqual(['clothing', 'bras', 'pantiesandgarters']);
  });
});
