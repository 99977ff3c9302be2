// Filters and sort of GET /listItems on the demo catalog (issue 27, item 2): each filter, their
// combinations, the count of each option, the sort orders, paging with filters, bad values refused,
// unpublished items never counted, and the filtered page rendered by the server.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, ItemsPage } from '../../src/contract/catalog.js';
import { ITEMS_PAGE_SIZE } from '../../src/domain/storefront-paging.js';
import { items, sizes } from '../../src/server/db/schema.js';
import { createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/listItems${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemsPage;
};
const ids = (page: ItemsPage) => page.items.map((i) => i._id);
const lower = (s: string) => s.toLowerCase();

/** The reference rule, written plainly: some variant (type × colour × size) meets every filter. */
const variants = (item: Item) =>
  item.available_products.flatMap((p) =>
    p.colors.flatMap((c) => c.available_sizes.map((s) => ({ type: p.type, color: c.color_name, size: s.name, s }))),
  );
const tilePrice = (item: Item) => item.available_products[0]?.price ?? Number.NaN;

describe('GET /listItems with filters', () => {
  it('answers the unfiltered list as before, now with the counts of every option', async () => {
    const page = await list('');
    expect(page.total).toBe(all.length);
    expect(ids(page)).toEqual(all.slice(0, ITEMS_PAGE_SIZE).map((i) => i._id));
    const facets = page.facets!;
    expect(facets.size.map((s) => s.value)).toEqual(['XS', 'S', 'M', 'L']);
    const black = facets.color.find((c) => c.value === 'black')!;
    expect(black).toMatchObject({ label: 'Black', code: expect.stringMatching(/^#/) });
    expect(black.count).toBe(all.filter((i) => variants(i).some((v) => v.color === 'Black')).length);
    const prices = all.map(tilePrice);
    expect(facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  it('filters by size: items with that size in some colour', async () => {
    const page = await list('?size=XS');
    const expected = all.filter((i) => variants(i).some((v) => v.size === 'XS'));
    expect(ids(page)).toEqual(expected.map((i) => i._id));
    expect(page.total).toBe(expected.length);
  });

  it('filters by colour whatever its case, several colours meaning either', async () => {
    const page = await list('?color=BLACK&color=dusty+rose');
    const expected = all.filter((i) => variants(i).some((v) => ['black', 'dusty rose'].includes(lower(v.color))));
    expect(ids(page)).toEqual(expected.map((i) => i._id));
    expect(page.total).toBeGreaterThan(0);
  });

  it('filters by product type', async () => {
    const page = await list('?type=brief');
    const expected = all.filter((i) => i.available_products.some((p) => p.type === 'brief'));
    expect(ids(page)).toEqual(expected.map((i) => i._id));
    expect(page.total).toBeGreaterThan(0);
  });

  it('filters by price range (dollars, both ends included)', async () => {
    const page = await list('?minPrice=50&maxPrice=100');
    const expected = all.filter((i) => tilePrice(i) >= 50 && tilePrice(i) <= 100);
    expect(ids(page)).toEqual(expected.map((i) => i._id));
    expect(page.items.every((i) => tilePrice(i) >= 50 && tilePrice(i) <= 100)).toBe(true);
  });

  it('combines size, colour and in stock on one piece, and each option counts what it would leave', async () => {
    const page = await list('?size=M&color=black&inStock=1');
    const meets = (i: Item, f: { size?: string; color?: string; stock?: boolean }) =>
      variants(i).some(
        (v) =>
          (f.size === undefined || v.size === f.size) &&
          (f.color === undefined || lower(v.color) === f.color) &&
          (!f.stock || !v.s.sold_out),
      );
    expect(ids(page)).toEqual(
      all.filter((i) => meets(i, { size: 'M', color: 'black', stock: true })).map((i) => i._id),
    );
    const facets = page.facets!;
    for (const size of ['XS', 'S', 'M', 'L'])
      expect(facets.size.find((s) => s.value === size)!.count, size).toBe(
        all.filter((i) => meets(i, { size, color: 'black', stock: true })).length,
      );
    for (const color of facets.color)
      expect(color.count, color.value).toBe(
        all.filter((i) => meets(i, { size: 'M', color: color.value, stock: true })).length,
      );
    expect(facets.inStock).toBe(page.total);
  });

  it("'In stock only' leaves out items whose every size is sold out", async () => {
    const page = await list('?inStock=1');
    const expected = all.filter((i) => variants(i).some((v) => !v.s.sold_out));
    expect(ids(page)).toEqual(expected.map((i) => i._id));
    expect(page.total).toBeLessThan(all.length); // the demo's one 'Get notified' item
  });

  it('sorts by newest, price up and price down', async () => {
    const asc = await list('?sort=price-asc');
    const ascPrices = asc.items.map(tilePrice);
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
    const desc = await list('?sort=price-desc');
    const descPrices = desc.items.map(tilePrice);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    expect(asc.total).toBe(all.length);

    const [newest] = await t.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.published, true))
      .orderBy(items.createdAt)
      .limit(1);
    await t.db
      .update(items)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(items.id, newest!.id));
    await t.app.ctx.services.readModel.invalidate();
    expect((await list('?sort=newest')).items[0]!._id).toBe(newest!.id);
  });

  it('keeps the filters and the sort across pages, nothing twice', async () => {
    const first = await list('?sort=price-desc&inStock=1');
    expect(first.pages).toBe(Math.max(1, Math.ceil(first.total / ITEMS_PAGE_SIZE)));
    const seen = [...ids(first)];
    for (let p = 2; p <= first.pages; p++) seen.push(...ids(await list(`?sort=price-desc&inStock=1&page=${p}`)));
    expect(new Set(seen).size).toBe(first.total);
    expect((await list(`?sort=price-desc&inStock=1&page=${first.pages + 1}`)).items).toEqual([]);
  });

  it('filters within a category, and a shop colour the category lacks leaves nothing', async () => {
    const bras = all.filter((i) => i.category === 'bras');
    const page = await list('?category=bras&size=S');
    expect(ids(page)).toEqual(bras.filter((i) => variants(i).some((v) => v.size === 'S')).map((i) => i._id));
    const colors = new Set(bras.flatMap((i) => variants(i).map((v) => lower(v.color))));
    const missing = all.flatMap((i) => variants(i).map((v) => lower(v.color))).find((c) => !colors.has(c));
    if (missing) expect((await list(`?category=bras&color=${encodeURIComponent(missing)}`)).total).toBe(0);
  });

  it('refuses values it does not know with a message a person understands', async () => {
    const cases: [string, RegExp][] = [
      ['size=XXL', /size must be one of XS, S, M, L/],
      ['sort=cheapest', /sort must be one of featured, newest, price-asc, price-desc/],
      ['minPrice=abc', /min ?price must be a number/],
      ['maxPrice=-1', /max ?price must not be negative/],
      ['minPrice=90&maxPrice=10', /min ?price must not be above max ?price/],
      ['inStock=maybe', /in ?stock must be 1 or 0/],
      ['color=teal', /color must be one of the shop's colours; "teal" is not/],
      ['type=spaceship', /type must be one of the shop's product types/],
      [Array.from({ length: 31 }, () => 'size=M').join('&'), /size is given at most 30 times/],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/listItems?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(new RegExp(message.source, 'i'));
    }
  });

  it('never counts an unpublished item, nor a sold-out size as in stock', async () => {
    const target = all.find((i) => i.category === 'bras')!;
    await t.db.update(items).set({ published: false }).where(eq(items.id, target._id));
    await t.app.ctx.services.readModel.invalidate();
    const page = await list('?category=bras');
    expect(ids(page)).not.toContain(target._id);
    const bras = all.filter((i) => i.category === 'bras' && i._id !== target._id);
    const withColor = (c: string) => bras.filter((i) => variants(i).some((v) => lower(v.color) === c)).length;
    for (const color of page.facets!.color) expect(color.count, color.value).toBe(withColor(color.value));
    await t.db.update(items).set({ published: true }).where(eq(items.id, target._id));

    await t.db.update(sizes).set({ soldOut: true });
    await t.app.ctx.services.readModel.invalidate();
    const soldOut = await list('?inStock=1');
    expect(soldOut.total).toBe(0);
    expect(soldOut.facets!.inStock).toBe(0);
    expect(soldOut.facets!.price).toBeNull();
  });
});

describe('the filtered pages', () => {
  it('renders /collections with the filters of its address, on the server', async () => {
    await t.db.update(sizes).set({ soldOut: false });
    await t.app.ctx.services.readModel.invalidate();
    const filtered = await list('?type=brief&sort=price-asc');
    const res = await t.app.inject({ method: 'GET', url: '/collections?type=brief&sort=price-asc' });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<article\b/g)).toHaveLength(filtered.items.length);
    for (const item of filtered.items) expect(res.body).toContain(`href="/product/${item.url}"`);
    // The form that works without JavaScript, with the choice checked.
    expect(res.body).toMatch(/<form[^>]*method="get"/);
    expect(res.body).toMatch(/<input type="checkbox" name="type" checked="" value="brief"\/>/);
  });

  it('sends a filtered address past its last page back to its first, filters kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collections?type=brief&page=9' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections?type=brief');
  });

  it('sends an address with a colour the shop does not carry to the unfiltered list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/categories/?category=bras&color=teal' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/categories/?category=bras');
  });
});
