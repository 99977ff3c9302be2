import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, items } from '../../src/server/db/schema.js';
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

describe('GET /getMenuCategories (issue 24 #17: the menu leaves out empty categories)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ fixture: 'demo' });
  });
  afterAll(() => t.close());

  const keys = async (url: string) =>
    ((await t.app.inject({ method: 'GET', url })).json() as { key: string }[]).map((c) => c.key);

  it('lists only categories with a published item, while /getCategories still lists every one', async () => {
    await t.db.insert(categories).values({ key: 'sleepwear', title: 'Sleepwear', position: 9 });
    await t.app.ctx.services.readModel.invalidate();
    const menu = await t.app.inject({ method: 'GET', url: '/getMenuCategories' });
    expect(menu.statusCode).toBe(200);
    expect(menu.json()).toEqual([
      { key: 'clothing', title: 'Clothing' },
      { key: 'bras', title: 'Bras' },
      { key: 'pantiesandgarters', title: 'Panties & Garters' },
    ]);
    expect(await keys('/getCategories')).toContain('sleepwear');
  });

  it('leaves out a category whose only items are unpublished, and shows it once one is published', async () => {
    await t.db.insert(categories).values({ key: 'swim', title: 'Swim', position: 10 });
    const [draft] = await t.db.select({ id: items.id }).from(items).where(eq(items.published, false)).limit(1);
    await t.db.update(items).set({ category: 'swim' }).where(eq(items.id, draft!.id));
    await t.app.ctx.services.readModel.invalidate();
    expect(await keys('/getMenuCategories')).not.toContain('swim');

    await t.db.update(items).set({ published: true }).where(eq(items.id, draft!.id));
    await t.app.ctx.services.readModel.invalidate();
    expect(await keys('/getMenuCategories')).toContain('swim');
  });
});
