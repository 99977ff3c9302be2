import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('GET /getCategories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ fixture: 'demo' });
  });
  afterAll(() => t.close());

  it("lists the demo catalog's three categories as {key, title}", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/getCategories' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { key: 'clothing', title: 'Clothing' },
      { key: 'bras', title: 'Bras' },
      { key: 'pantiesandgarters', title: 'Panties & Garters' },
    ]);
  });

  it('serves from the read model until a write invalidates it', async () => {
    await t.app.inject({ method: 'GET', url: '/getCategories' });
    await t.db.insert(categories).values({ key: 'sleepwear', title: 'Sleepwear', position: 9 });
    const cached = await t.app.inject({ method: 'GET', url: '/getCategories' });
    expect(cached.json().map((c: { key: string }) => c.key)).not.toContain('sleepwear');

    await t.app.ctx.services.readModel.invalidate();
    const fresh = await t.app.inject({ method: 'GET', url: '/getCategories' });
    expect(fresh.json().map((c: { key: string }) => c.key)).toContain('sleepwear');
  });
});

describe('GET /getCategories on an empty shop', () => {
  it('answers an empty list', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/getCategories' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
