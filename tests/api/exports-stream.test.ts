// Exports at scale (issue 28 #5): 5,000 orders inserted directly (the scale generator) come out of the
// orders CSV as 5,000 rows, read in pages of CSV_PAGE and streamed: the answer has no length set in
// advance, and the database is asked one page at a time, never for every order at once.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.js';
import { seedScale } from '../../src/server/db/seed/seed-scale.js';
import { CSV_PAGE } from '../../src/server/modules/exports/exports-service.js';
import { type AdminTestApp, createAdminTestApp } from '../support/admin-session.js';

const ORDERS = 5_000;
let t: AdminTestApp;

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  await seedScale(t.db, { items: 20, orders: ORDERS, carts: 0, subscribers: 0 });
}, 180_000);
afterAll(() => t?.close());

const day = (d: Date) => d.toISOString().slice(0, 10);

describe('the orders CSV of 5,000 orders', () => {
  it('has a row for each, oldest first, streamed page by page', async () => {
    const [{ first, last, n }] = rowsOf<{ first: Date | string; last: Date | string; n: number }>(
      await t.db.execute(sql`select min(created_at) as first, max(created_at) as last, count(*)::int as n from orders`),
    ) as [{ first: Date | string; last: Date | string; n: number }];
    expect(n).toBe(ORDERS);
    const statements: string[] = [];
    const stop = t.database.observeQueries((text) => statements.push(text));
    const res = await t.admin(
      'GET',
      `/admin/api/exports/orders.csv?from=${day(new Date(first))}&to=${day(new Date(last))}`,
    );
    stop();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // A stream: no length announced before the last row is read.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(ORDERS);
    const dates = rows.map((r) => r.date);
    expect(dates).toEqual([...dates].sort());
    // One query per page of CSV_PAGE rows (and the empty page that ends it), each limited.
    const pages = statements.filter((s) => /from orders o\s+where o\.created_at >=/.test(s));
    expect(pages).toHaveLength(Math.ceil(ORDERS / CSV_PAGE) + (ORDERS % CSV_PAGE === 0 ? 1 : 0));
    for (const page of pages) expect(page).toMatch(/limit \$\d+\s*$/);
  }, 120_000);

  it('the customers CSV has a row for each email, in pages too', async () => {
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(distinct lower(email))::int as n from orders`),
    ) as [{ n: number }];
    const res = await t.admin('GET', '/admin/api/exports/customers.csv');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(n);
    expect(rows.reduce((sum, r) => sum + Number(r.orders), 0)).toBe(ORDERS);
  }, 120_000);
});
