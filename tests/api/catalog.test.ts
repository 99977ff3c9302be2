// The storefront's catalog calls on the demo catalog: published filter, ordering, 404s, caching.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Product } from '../../src/contract/catalog.js';
import { items, reviews } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.json() as T };
};
const post = async <T>(url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
  return { res, body: res.json() as T };
};

describe('GET /getAllItems', () => {
  it('lists only published items, ascending by position', async () => {
    const { res, body } = await get<Item[]>('/getAllItems');
    expect(res.statusCode).toBe(200);
    const published = await t.db.select({ id: items.id }).from(items).where(eq(items.published, true));
    expect(body.map((i) => i._id).sort()).toEqual(published.map((p) => p.id).sort());
    expect(body.every((i) => i.published)).toBe(true);
    const positions = body.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('carries the spec shape: available products with prices in dollars, colours and sizes', async () => {
    const { body } = await get<Item[]>('/getAllItems');
    const item = body[0]!;
    expect(item._id).toMatch(/^[0-9a-f]{24}$/);
    expect(item.available_products.length).toBeGreaterThan(0);
    const product = item.available_products[0]!;
    expect(typeof product.price).toBe('number');
    expect(product.price).toBeGreaterThan(1); // dollars, not cents
    expect(product.price).toBeLessThan(1000);
    const color = product.colors[0]!;
    expect(color).toMatchObject({
      color_name: expect.any(String),
      color_code: expect.any(String),
      link: expect.any(String),
    });
    expect(color.available_sizes[0]).toEqual({ name: expect.any(String), sold_out: expect.any(Boolean) });
  });

  it('answers 304 to a browser that already has this catalog', async () => {
    const { res } = await get('/getAllItems');
    const again = await t.app.inject({
      method: 'GET',
      url: '/getAllItems',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('POST /getCategory', () => {
  it("answers the category's published items in position order", async () => {
    const { res, body } = await post<Item[]>('/getCategory', { category: 'bras' });
    expect(res.statusCode).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((i) => i.category === 'bras' && i.published)).toBe(true);
    const positions = body.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('answers an empty list for an unknown category', async () => {
    const { res, body } = await post<Item[]>('/getCategory', { category: 'no-such-thing' });
    expect(res.statusCode).toBe(200);
    expect(body).toEqual([]);
  });

  it('refuses a payload without a category', async () => {
    const { res } = await post('/getCategory', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Category is required');
  });
});

describe('GET /product', () => {
  it('answers the product with suggestions, its complete-the-look items and its category title', async () => {
    const { body: all } = await get<Item[]>('/getAllItems');
    const withSet = all.find((i) => i.related_items.completeSet.length > 0)!;
    const { res, body } = await get<Product>(`/product?url=${encodeURIComponent(withSet.url)}`);
    expect(res.statusCode).toBe(200);
    expect(body._id).toBe(withSet._id);
    expect(body.suggestedProducts.length).toBeLessThanOrEqual(4);
    expect(body.suggestedProducts.length).toBeGreaterThan(0);
    expect(body.suggestedProducts.map((s) => s._id)).not.toContain(body._id);
    expect(body.completeSet.map((i) => i._id)).toEqual(
      withSet.related_items.completeSet.map((r) => r.value).filter((id) => all.some((i) => i._id === id)),
    );
    expect(body.category_title).toBeTruthy();
  });

  it('answers 404 for an unknown url and 400 without one', async () => {
    expect((await get('/product?url=no-such-product')).res.statusCode).toBe(404);
    expect((await get('/product')).res.statusCode).toBe(400);
  });
});

describe('GET /getPromotionalItems', () => {
  it('lists items with a promotion position, ascending by it', async () => {
    const { body } = await get<Item[]>('/getPromotionalItems');
    expect(body.length).toBeGreaterThanOrEqual(4);
    expect(body.every((i) => i.promotion_position > 0)).toBe(true);
    const order = body.map((i) => i.promotion_position);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe('GET /getInfo', () => {
  it('answers the title and text of an info page', async () => {
    for (const page of ['shipping-returns', 'faq', 'terms', 'privacy-policy']) {
      const { res, body } = await get<{ title: string; text: string }>(`/getInfo?requestedPage=${page}`);
      expect(res.statusCode).toBe(200);
      expect(body.title.length).toBeGreaterThan(2);
      expect(body.text.length).toBeGreaterThan(200);
    }
  });

  it('answers 404 for an unknown page and 400 without one', async () => {
    expect((await get('/getInfo?requestedPage=nope')).res.statusCode).toBe(404);
    expect((await get('/getInfo')).res.statusCode).toBe(400);
  });
});

describe('POST /listReviewsByProductId', () => {
  it("answers the item's reviews", async () => {
    const [row] = await t.db
      .select({ itemId: reviews.itemId, n: sql<number>`count(*)::int` })
      .from(reviews)
      .groupBy(reviews.itemId)
      .limit(1);
    const { res, body } = await post<{ reviews: unknown[] }>('/listReviewsByProductId', { productId: row!.itemId });
    expect(res.statusCode).toBe(200);
    expect(body.reviews).toHaveLength(row!.n);
    expect(body.reviews[0]).toMatchObject({
      productId: row!.itemId,
      rating: expect.any(Number),
      authorName: expect.any(String),
    });
  });

  it('answers no reviews for an unknown item and 400 for a malformed id', async () => {
    expect((await post('/listReviewsByProductId', { productId: 'f'.repeat(24) })).body).toEqual({ reviews: [] });
    expect((await post('/listReviewsByProductId', { productId: '../etc' })).res.statusCode).toBe(400);
  });
});

describe('unpublishing an item', () => {
  it('removes it from every storefront call once the catalog is invalidated', async () => {
    const { body: before } = await get<Item[]>('/getAllItems');
    const victim = before.find((i) => i.promotion_position > 0)!;
    await t.db.update(items).set({ published: false }).where(eq(items.id, victim._id));
    await t.app.ctx.services.readModel.invalidate();

    const { body: after } = await get<Item[]>('/getAllItems');
    expect(after.map((i) => i._id)).not.toContain(victim._id);
    expect((await get(`/product?url=${victim.url}`)).res.statusCode).toBe(404);
    const { body: promo } = await get<Item[]>('/getPromotionalItems');
    expect(promo.map((i) => i._id)).not.toContain(victim._id);
    const { body: cat } = await post<Item[]>('/getCategory', { category: victim.category });
    expect(cat.map((i) => i._id)).not.toContain(victim._id);
  });
});
