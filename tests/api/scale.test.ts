// The scale data set (npm run seed:scale, src/server/db/seed/seed-scale.ts), small here, and the caps
// that keep every list the owner sees short however big the shop grows (issue 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXISTING_ITEMS_LIMIT, type AdminItem } from '../../src/contract/admin-catalog.js';
import { NON_EMPTY_CARTS_PAGE, type NonEmptyCart } from '../../src/contract/cart.js';
import type { Item, ItemsPage } from '../../src/contract/catalog.js';
import { ITEMS_PAGE_SIZE } from '../../src/domain/storefront-paging.js';
import { PLACED_ORDERS_LIMIT, type PlacedOrder } from '../../src/contract/orders.js';
import {
  PROMO_REPORT_PAGE_SIZE,
  type PromoPerformanceRow,
  type PromoReportPage,
} from '../../src/contract/promotions.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client.js';
import { DEMO_PROMOTION } from '../../src/server/db/seed/demo-catalog.js';
import { isScaled, seedScale } from '../../src/server/db/seed/seed-scale.js';
import { ordersWithCodeQuery, reportPageQuery } from '../../src/server/modules/promotions/promotions-repository.js';
import { adminCookie } from '../support/admin-session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let counts: Record<string, number>;
const SCALE = { items: EXISTING_ITEMS_LIMIT + 20, orders: 400, carts: NON_EMPTY_CARTS_PAGE + 10, subscribers: 40 };

beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
  counts = await seedScale(t.db, SCALE);
  // The generator writes under the app's feet, as the CLI does before a start: re-read the catalog.
  await t.app.inject({ method: 'GET', url: '/getAllItems' });
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('seed:scale', () => {
  it('adds the asked-for rows, each item with product types, colours and sizes', () => {
    expect(counts).toMatchObject({
      items: SCALE.items,
      orders: SCALE.orders,
      carts: SCALE.carts,
      subscribers: SCALE.subscribers,
    });
    expect(counts['product types']).toBeGreaterThanOrEqual(SCALE.items);
    expect(counts.sizes).toBeGreaterThan(counts.colours!);
  });

  it('refuses to run twice on one database', async () => {
    expect(await isScaled(t.db)).toBe(true);
    await expect(seedScale(t.db, SCALE)).rejects.toThrow(/already/);
  });

  it('makes orders the admin finds by last name, with real lines', async () => {
    const found = await get<PlacedOrder[]>('/admin/api/getPlacedOrders?search=garcia');
    expect(found).toHaveLength(PLACED_ORDERS_LIMIT);
    for (const order of found) expect(JSON.stringify(order)).toMatch(/Garcia/);
    expect(found.every((o) => !JSON.stringify(o).includes('failed to load item'))).toBe(true);
  });
});

describe('every list the owner sees is capped', () => {
  it(`Existing Items answers the first ${EXISTING_ITEMS_LIMIT} in position order; a search reaches the others`, async () => {
    const first = await get<AdminItem[]>('/admin/api/existingItems');
    expect(first).toHaveLength(EXISTING_ITEMS_LIMIT);
    const positions = first.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const last = await get<AdminItem[]>(`/admin/api/existingItems?search=No. ${SCALE.items}`);
    expect(last.map((i) => i.title)).toEqual([expect.stringMatching(new RegExp(`No\\. ${SCALE.items}$`))]);
  });

  it('Existing Items pages go on where the last one stopped, and one item is found by its url', async () => {
    const first = await get<AdminItem[]>('/admin/api/existingItems');
    const second = await get<AdminItem[]>('/admin/api/existingItems?page=1');
    expect(second.length).toBeGreaterThan(0);
    expect(second[0]!.position).toBeGreaterThanOrEqual(first.at(-1)!.position);
    expect(new Set([...first, ...second].map((i) => i._id)).size).toBe(first.length + second.length);
    const deep = second.at(-1)!;
    expect((await get<{ item: AdminItem }>(`/admin/api/item?url=${deep.url}`)).item._id).toBe(deep._id);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/api/existingItems?page=-1',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });

  it(`Non-Empty Carts answers ${NON_EMPTY_CARTS_PAGE} bags a page`, async () => {
    const page = await get<NonEmptyCart[]>('/admin/api/getNonEmptyCarts');
    expect(page).toHaveLength(NON_EMPTY_CARTS_PAGE);
  });

  it('the storefront shows the published scale items and never the unpublished ones', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
    const scale = all.filter((i) => i.url.startsWith('scale-'));
    // Every tenth scale item is unpublished.
    expect(scale).toHaveLength(SCALE.items - Math.floor(SCALE.items / 10));
    expect(scale.some((i) => i.url.endsWith('-10'))).toBe(false);
  });
});

describe('the promoter report', () => {
  it("lists the campaign's orders of the whole two years (one in nine is WELCOME10's), newest first", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/promoPerformance',
      payload: { promoCode: DEMO_PROMOTION.code, password: DEMO_PROMOTION.password },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { orderId: number }[];
    expect(rows).toHaveLength(Math.floor(SCALE.orders / 9));
  });

  it("answers the page's call with a page of 50 and the totals over all 11,111 orders, from the covering index alone", async () => {
    const body = { promoCode: DEMO_PROMOTION.code, password: DEMO_PROMOTION.password };
    const whole = (
      await t.app.inject({ method: 'POST', url: '/promoPerformance', payload: body, remoteAddress: '10.9.9.10' })
    ).json() as PromoPerformanceRow[];
    const res = await t.app.inject({
      method: 'POST',
      url: '/promoReport',
      payload: { ...body, page: 3 },
      remoteAddress: '10.9.9.10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PromoReportPage;
    const cents = (rows: PromoPerformanceRow[], key: 'total' | 'payout') =>
      rows.reduce((sum, r) => sum + Math.round(r[key] * 100), 0);
    expect(page).toMatchObject({
      orderCount: whole.length,
      page: 3,
      pages: Math.ceil(whole.length / PROMO_REPORT_PAGE_SIZE),
      pageSize: PROMO_REPORT_PAGE_SIZE,
    });
    expect(page.orders).toEqual(whole.slice(2 * PROMO_REPORT_PAGE_SIZE, 3 * PROMO_REPORT_PAGE_SIZE));
    expect(Math.round(page.total * 100)).toBe(cents(whole, 'total'));
    expect(Math.round(page.payout * 100)).toBe(cents(whole, 'payout'));

    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain ${reportPageQuery('WELCOME10', new Date('2025-01-01'), 500, 50, 100)}`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan.match(/Index Only Scan using orders_promo_report_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it("reads a code's orders from its covering index alone, in report order (no sort, no table)", async () => {
    const plan = await t.db.transaction(async (tx) => {
      // The small test table would be read whole; what matters is that the index fits the query.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain ${ordersWithCodeQuery('WELCOME10', new Date('2025-01-01'))}`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using orders_promo_report_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('the storefront lists a page at a time', () => {
  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/listItems${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ItemsPage;
  };

  it('cuts every published item into pages of ITEMS_PAGE_SIZE, in position order, nothing twice', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
    const first = await list('');
    expect(first).toMatchObject({
      total: all.length,
      page: 1,
      pages: Math.ceil(all.length / ITEMS_PAGE_SIZE),
      pageSize: ITEMS_PAGE_SIZE,
    });
    expect(first.pages).toBeGreaterThan(1);
    const pages = [first];
    for (let page = 2; page <= first.pages; page++) pages.push(await list(`?page=${page}`));
    expect(pages.flatMap((p) => p.items).map((i) => i._id)).toEqual(all.map((i) => i._id));
    expect(first.items).toHaveLength(ITEMS_PAGE_SIZE);
    expect((await list(`?page=${first.pages + 1}`)).items).toEqual([]);
  });

  it("pages a category's items the same way, and an unknown category has none", async () => {
    const bras = (
      await t.app.inject({ method: 'POST', url: '/getCategory', payload: { category: 'bras' } })
    ).json() as Item[];
    const page = await list('?category=bras&page=1');
    expect(page.total).toBe(bras.length);
    expect(page.items.map((i) => i._id)).toEqual(bras.slice(0, ITEMS_PAGE_SIZE).map((i) => i._id));
    expect(await list('?category=nothing-here')).toMatchObject({ items: [], total: 0, pages: 1 });
  });

  it('refuses a page that is not a whole number from 1 with a message', async () => {
    for (const bad of ['0', '-1', '1.5', 'two', '100001']) {
      const res = await t.app.inject({ method: 'GET', url: `/listItems?page=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/page/i);
    }
  });

  it('renders /collections with one page of tiles and a link to the next', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collections' });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<article\b/g)).toHaveLength(ITEMS_PAGE_SIZE);
    expect(res.body).toMatch(/href="\/collections\?page=2"[^>]*>Next</);
    const second = await t.app.inject({ method: 'GET', url: '/collections?page=2' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatch(/href="\/collections"[^>]*>Previous</);
    const past = await t.app.inject({ method: 'GET', url: '/collections?page=999' });
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/collections');
  });
});
