// Search (issue 27): GET /searchItems on the demo catalog: what matches (titles, descriptions,
// colours, product types, category titles; any case, any accents, small typos), in which order,
// published items only, paging, and queries a person or an attacker might type.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../src/contract/search.js';
import { SEARCH_PAGE_SIZE } from '../../src/domain/search.js';
import { rowsOf } from '../../src/server/db/client.js';
import { hexId } from '../../src/server/db/ids.js';
import { categories, items } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
});
afterAll(() => t.close());

const search = async (q: string, page?: number) => {
  const params = new URLSearchParams({ q });
  if (page) params.set('page', String(page));
  const res = await t.app.inject({ method: 'GET', url: `/searchItems?${params}` });
  return { res, body: res.json() as SearchResults };
};
const titles = async (q: string) => {
  const { res, body } = await search(q);
  expect(res.statusCode).toBe(200);
  return body.items.map((i) => i.title);
};
/** The catalogue changed under the app (a direct database write): the app hears it as from a write. */
const changed = () => t.app.ctx.services.readModel.invalidate();

describe('GET /searchItems: what matches', () => {
  it('finds an item by a word of its title, in the shape of /listItems', async () => {
    const { res, body } = await search('balconette');
    expect(res.statusCode).toBe(200);
    expect(body.items[0]!.title).toBe('Silk Balconette Bra');
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({ url: expect.any(String), available_products: expect.any(Array) });
  });

  it('forgives a small typo', async () => {
    expect((await titles('balconete'))[0]).toBe('Silk Balconette Bra');
    expect(await titles('kimona')).toContain('Silk Kimono Robe');
  });

  it('ignores case and accents, in the query and in the catalogue', async () => {
    expect((await titles('BALCONETTE'))[0]).toBe('Silk Balconette Bra');
    expect((await titles('Balcönette'))[0]).toBe('Silk Balconette Bra');
    const [robe] = await t.db.select().from(items).where(eq(items.title, 'Silk Kimono Robe'));
    await t.db.update(items).set({ title: 'Silk Kimono Robe Crème' }).where(eq(items.id, robe!.id));
    await changed();
    try {
      expect(await titles('creme')).toContain('Silk Kimono Robe Crème');
      expect(await titles('CRÈME')).toContain('Silk Kimono Robe Crème');
    } finally {
      await t.db.update(items).set({ title: robe!.title }).where(eq(items.id, robe!.id));
      await changed();
    }
  });

  it('matches colours, product types, category titles and descriptions', async () => {
    expect(await titles('mocha')).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await titles('dusty rose')).toContain('Silk Balconette Bra');
    expect(await titles('long robe')).toContain('Silk Kimono Robe');
    const garters = await titles('garters');
    expect(garters).toEqual(expect.arrayContaining(['High-Waist Silk Brief', 'Lace Cheeky Brief']));
    expect(await titles('mulberry')).toContain('Silk Balconette Bra');
  });

  it('a renamed category is found by its new title', async () => {
    await t.db.update(categories).set({ title: 'Nightwear Loungewear' }).where(eq(categories.key, 'clothing'));
    await changed();
    try {
      expect(await titles('nightwear')).toContain('Satin Slip Dress');
    } finally {
      await t.db.update(categories).set({ title: 'Clothing' }).where(eq(categories.key, 'clothing'));
      await changed();
    }
  });

  it('forgives a typo in a word the owner wrote after the shop started (the lexicon follows every write)', async () => {
    await t.db.update(categories).set({ title: 'Aubergine Loungewear' }).where(eq(categories.key, 'clothing'));
    await changed();
    try {
      expect(await titles('aubergene')).toContain('Satin Slip Dress');
      // A typo of a word only a description has is not forgiven (descriptions are long, and noisy).
      const lexicon = rowsOf<{ word: string }>(await t.db.execute(sql`select word from search_words`)).map(
        (r) => r.word,
      );
      expect(lexicon).toContain('aubergine');
      expect(lexicon).toContain('balconette');
      expect(lexicon).not.toContain('mulberry');
    } finally {
      await t.db.update(categories).set({ title: 'Clothing' }).where(eq(categories.key, 'clothing'));
      await changed();
    }
  });

  it('a refresh that changes nothing leaves the search row as it was (no dead row per write)', async () => {
    const version = async () =>
      rowsOf<{ v: string }>(
        await t.db.execute(sql`select xmin::text as v from item_search order by item_id limit 1`),
      )[0]!.v;
    const before = await version();
    await t.db.execute(sql`update items set title = title`);
    expect(await version()).toBe(before);
  });

  it('needs every word: "silk robe" finds the robe, not every silk piece', async () => {
    const found = await titles('silk robe');
    expect(found).toContain('Silk Kimono Robe');
    expect(found).not.toContain('Silk Balconette Bra');
  });

  it('answers nothing for a word nowhere in the shop', async () => {
    expect(await search('xylophone')).toMatchObject({ body: { items: [], total: 0 } });
  });
});

describe('GET /searchItems: order', () => {
  it('ranks items with the word in their title above items that only mention it', async () => {
    const { body } = await search('brief');
    const inTitle = body.items.map((i) => /brief/i.test(i.title));
    expect(inTitle[0]).toBe(true);
    // Every title hit comes before the first item found by its sets, colours or text only.
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    expect(inTitle).toContain(false);
  });

  it('keeps the shop order (position) among equal hits', async () => {
    const { body } = await search('silk');
    const titleHits = body.items.filter((i) => /silk/i.test(i.title));
    const positions = titleHits.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe('GET /searchItems: published items only, paging', () => {
  it('never answers an unpublished item', async () => {
    const [bra] = await t.db.select().from(items).where(eq(items.title, 'Silk Balconette Bra'));
    await t.db.update(items).set({ published: false }).where(eq(items.id, bra!.id));
    await changed();
    try {
      expect(await titles('balconette')).not.toContain('Silk Balconette Bra');
    } finally {
      await t.db.update(items).set({ published: true }).where(eq(items.id, bra!.id));
      await changed();
    }
    expect(await titles('balconette')).toContain('Silk Balconette Bra');
  });

  it('answers 24 a page, every match once, and the total on every page', async () => {
    const ids = Array.from({ length: 30 }, () => hexId());
    await t.db.insert(items).values(
      ids.map((id, n) => ({
        id,
        url: `zephyr-${n}`,
        title: `Zephyr Camisole ${n}`,
        published: true,
        position: 500 + n,
      })),
    );
    await t.db.insert(items).values({ id: hexId(), url: 'zephyr-draft', title: 'Zephyr Draft', position: 600 });
    await changed();
    try {
      const one = await search('zephyr', 1);
      const two = await search('zephyr', 2);
      const three = await search('zephyr', 3);
      expect(one.body.items).toHaveLength(SEARCH_PAGE_SIZE);
      expect(two.body.items).toHaveLength(30 - SEARCH_PAGE_SIZE);
      expect(three.body).toEqual({ items: [], total: 30 });
      expect([one.body.total, two.body.total]).toEqual([30, 30]);
      const seen = [...one.body.items, ...two.body.items].map((i) => i._id);
      expect(new Set(seen).size).toBe(30);
      expect(seen.sort()).toEqual([...ids].sort());
    } finally {
      await t.db.delete(items).where(inArray(items.url, [...ids.map((_, n) => `zephyr-${n}`), 'zephyr-draft']));
      await changed();
    }
  });
});

describe('GET /searchItems: queries people and attackers type', () => {
  it.each([
    ['', 'q must not be empty'],
    ['   ', 'q must not be empty'],
    ['x'.repeat(101), 'q is at most 100 characters'],
  ])('refuses q=%j with 400 in words', async (q, message) => {
    const { res, body } = await search(q);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });

  it('refuses a missing q and a page that is not a number', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/searchItems' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('q');
    const page = await t.app.inject({ method: 'GET', url: '/searchItems?q=bra&page=two' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('page must be a number');
  });

  it.each([
    "'; drop table items; --",
    "bra' or '1'='1",
    '%_%',
    '!!! ??? :*',
    '<script>alert(1)</script>',
    'bra & | ! ( ) :* <-> \\',
  ])('answers 200 and a plain list for %j, never a database error', async (q) => {
    const { res, body } = await search(q);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(body.items)).toBe(true);
    expect(typeof body.total).toBe('number');
  });

  it('still has its items afterwards', async () => {
    const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from items`));
    expect(row!.n).toBeGreaterThan(5);
  });
});
