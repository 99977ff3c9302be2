// The Overview (issue 28 #1, decision 038): GET /admin/api/overview answers, for a period of days in
// the shop's time zone and the period before it, figures that equal the sums of the orders, refunds
// and sign-ups behind them; revenue and orders by day (by month beyond 62 days); the top items with
// their sizes and the return rates. Orders are placed through the real checkout at test-clock times.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { OverviewAnswer } from '../../src/contract/overview.js';
import { admins, orders, sizes, subscriptions } from '../../src/server/db/schema.js';
import { createAdminTestApp, TEST_ADMIN, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
let now = new Date('2026-11-10T15:00:00Z');

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo', clock: () => now });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** An owner's call, signed in again whenever the test clock moved (a session ends when the clock jumps weeks). */
let signedAt = 0;
let ownerCookie = '';
let signIns = 0;
async function owner(method: 'GET' | 'POST', url: string, payload?: unknown) {
  if (signedAt !== now.getTime()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      payload: TEST_ADMIN,
      remoteAddress: `10.29.0.${++signIns}`,
    });
    ownerCookie = cookieFrom(res, 'admin_sid')!;
    signedAt = now.getTime();
  }
  return t.app.inject({
    method,
    url,
    headers: { cookie: ownerCookie, origin: t.config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function overview(query: string): Promise<OverviewAnswer> {
  const res = await owner('GET', `/admin/api/overview?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OverviewAnswer;
}

const at = async (instant: string, place: () => Promise<number>) => {
  now = new Date(instant);
  return place();
};

const orderRows = (ids: number[]) => t.db.select().from(orders).where(inArray(orders.id, ids));
const cents = (dollars: number) => Math.round(dollars * 100);

let clients = 0;
async function shipAndReturnAll(orderId: number) {
  const shipped = await owner('POST', '/admin/api/assignCustomTracking', {
    orderId,
    trackingNumber: `TRK${orderId}`,
    trackingUrlLink: `https://track.example/${orderId}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [row] = await orderRows([orderId]);
  const requested = await t.app.inject({
    method: 'POST',
    url: '/requestReturn',
    payload: {
      creditSelected: false,
      orderId,
      items: row!.lines.map((l, index) => ({ index, quantity: l.quantity })),
      international: false,
    },
    remoteAddress: `10.28.0.${++clients}`,
  });
  expect(requested.statusCode, requested.body).toBe(200);
}

describe('GET /admin/api/overview', () => {
  it('answers zeros for a period without orders, and no conversion rather than a division by zero', async () => {
    const o = await overview('from=2026-11-01&to=2026-11-30');
    expect(o).toMatchObject({ from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC', unit: 'day' });
    expect(o.previous).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(o.figures).toEqual({
      revenue: 0,
      sales: 0,
      orders: 0,
      averageOrderValue: 0,
      pieces: 0,
      discounts: 0,
      refunds: 0,
      refundCount: 0,
      giftCardsSold: 0,
      newSubscribers: 0,
      conversion: null,
    });
    expect(o.series).toHaveLength(30);
    expect(o.series.every((p) => p.revenue === 0 && p.orders === 0)).toBe(true);
    expect(o.topByRevenue).toEqual([]);
    expect(o.returns).toEqual([]);
  });

  describe('with orders placed through the checkout', () => {
    let first: number;
    let second: number;
    let third: number;
    const bra = () => selectionOf(all, 'silk-balconette-bra');
    const brief = () => selectionOf(all, 'silk-bikini-brief');

    beforeAll(async () => {
      first = await at('2026-11-10T15:00:00Z', () => placeOrder(t.app, { pieces: [bra(), bra(), brief()] }));
      second = await at('2026-11-12T09:30:00Z', () =>
        placeOrder(t.app, {
          pieces: [brief()],
          promo: 'WELCOME10',
          shopper: { ...US_SHOPPER, email: 'b@example.com' },
        }),
      );
      // The month before, for the comparison.
      third = await at('2026-10-20T12:00:00Z', () =>
        placeOrder(t.app, { pieces: [bra()], shopper: { ...US_SHOPPER, email: 'c@example.com' } }),
      );
      await t.db.insert(subscriptions).values([
        { id: 'a'.repeat(24), email: 'n1@example.com', newsletter: true, createdAt: new Date('2026-11-05T10:00:00Z') },
        { id: 'b'.repeat(24), email: 'n2@example.com', newsletter: true, createdAt: new Date('2026-10-25T10:00:00Z') },
        // A back-in-stock request alone is no newsletter sign-up.
        { id: 'c'.repeat(24), email: 'n3@example.com', newsletter: false, createdAt: new Date('2026-11-06T10:00:00Z') },
      ]);
      now = new Date('2026-11-27T12:00:00Z');
    }, 180_000);

    it('each figure is the sum of the orders placed in the period', async () => {
      const rows = await orderRows([first, second]);
      const o = await overview('from=2026-11-01&to=2026-11-30');
      const total = rows.reduce((s, r) => s + r.totalCents, 0);
      expect(rows.find((r) => r.id === second)!.discountCents).toBeGreaterThan(0);
      expect(o.figures).toMatchObject({
        orders: 2,
        sales: total / 100,
        revenue: total / 100,
        averageOrderValue: Math.round(total / 2) / 100,
        pieces: 4,
        discounts: rows.reduce((s, r) => s + r.discountCents, 0) / 100,
        refunds: 0,
        newSubscribers: 1,
      });
      const day = (d: string) => o.series.find((p) => p.start === d)!;
      expect(day('2026-11-10')).toEqual({
        start: '2026-11-10',
        orders: 1,
        revenue: rows.find((r) => r.id === first)!.totalCents / 100,
      });
      expect(day('2026-11-12').orders).toBe(1);
      expect(day('2026-11-11')).toEqual({ start: '2026-11-11', orders: 0, revenue: 0 });
      expect(o.series.reduce((s, p) => s + cents(p.revenue), 0)).toBe(total);
    });

    it('compares with the period of the same length just before', async () => {
      const [october] = await orderRows([third]);
      const o = await overview('from=2026-11-01&to=2026-11-30');
      expect(o.previousFigures).toMatchObject({
        orders: 1,
        sales: october!.totalCents / 100,
        pieces: 1,
        newSubscribers: 1,
      });
      // Ten days against the ten before them: the 10th's order falls in the earlier period.
      const ten = await overview('from=2026-11-11&to=2026-11-20');
      expect(ten.previous).toEqual({ from: '2026-11-01', to: '2026-11-10' });
      expect(ten.figures.orders).toBe(1);
      expect(ten.previousFigures.orders).toBe(1);
    });

    it('lists the top items by revenue and by pieces with the sizes sold', async () => {
      const o = await overview('from=2026-11-01&to=2026-11-30');
      const braItem = all.find((i) => i.url === 'silk-balconette-bra')!;
      const briefItem = all.find((i) => i.url === 'silk-bikini-brief')!;
      const byPieces = o.topByPieces.map((i) => [i.url, i.pieces]);
      expect(byPieces).toEqual([
        ['silk-balconette-bra', 2],
        ['silk-bikini-brief', 2],
      ]);
      const top = o.topByRevenue.find((i) => i.itemId === braItem._id)!;
      expect(top).toMatchObject({ title: braItem.title, pieces: 2, returned: 0, returnRate: 0 });
      expect(top.sizes).toEqual([{ size: bra().size, pieces: 2 }]);
      // Each item's revenue is its pieces' prices less their share of the order's discount.
      const rows = await orderRows([first, second]);
      const goods = rows.reduce((s, r) => s + r.subtotalCents - r.discountCents, 0);
      expect(o.topByRevenue.reduce((s, i) => s + cents(i.revenue), 0)).toBe(goods);
      expect(o.topByRevenue.map((i) => i.itemId)).toContain(briefItem._id);
    });

    it('a refund lowers revenue on the day it is made and counts the pieces as returned', async () => {
      now = new Date('2026-11-15T10:00:00Z');
      await shipAndReturnAll(first);
      now = new Date('2026-11-20T16:00:00Z');
      const refunded = await owner('POST', '/admin/api/refundReturn', {
        orderId: first,
        method: 'store_credit',
        restock: false,
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      now = new Date('2026-11-27T12:00:00Z');
      const [row] = await orderRows([first]);
      const refundCents = row!.returnRequest!.totalRefundCents;
      expect(refundCents).toBeGreaterThan(0);

      const o = await overview('from=2026-11-01&to=2026-11-30');
      const rows = await orderRows([first, second]);
      const total = rows.reduce((s, r) => s + r.totalCents, 0);
      expect(o.figures).toMatchObject({
        sales: total / 100,
        refunds: refundCents / 100,
        refundCount: 1,
        revenue: (total - refundCents) / 100,
      });
      expect(o.series.find((p) => p.start === '2026-11-20')!.revenue).toBe(-refundCents / 100);
      expect(o.returns.map((i) => [i.url, i.returned, i.returnRate])).toEqual([
        ['silk-balconette-bra', 2, 1],
        ['silk-bikini-brief', 1, 0.5],
      ]);
      // A period holding the refund but not the sale: the refund alone.
      const late = await overview('from=2026-11-20&to=2026-11-20');
      expect(late.figures).toMatchObject({
        orders: 0,
        sales: 0,
        refunds: refundCents / 100,
        revenue: -refundCents / 100,
      });
    });

    it('12 months are charted by month, the current month holding its orders', async () => {
      const o = await overview('period=12m');
      expect(o).toMatchObject({ from: '2025-12-01', to: '2026-11-27', today: '2026-11-27', unit: 'month' });
      expect(o.series.map((p) => p.start)).toEqual([
        '2025-12-01',
        ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
      ]);
      expect(o.series.at(-1)!.orders).toBe(2);
      expect(o.series.at(-2)!.orders).toBe(1);
      expect(o.figures.orders).toBe(3);
    });

    it("counts days in the shop's time zone: 23:30 in New York is that day there", async () => {
      const late = await at('2026-11-28T04:30:00Z', () =>
        placeOrder(t.app, { pieces: [brief()], shopper: { ...US_SHOPPER, email: 'late@example.com' } }),
      );
      const [row] = await orderRows([late]);
      expect((await overview('from=2026-11-28&to=2026-11-28')).figures.orders).toBe(1);
      expect((await overview('from=2026-11-27&to=2026-11-27')).figures.orders).toBe(0);

      const settings = (await owner('GET', '/admin/api/settings')).json() as Record<string, unknown> & {
        insights: Record<string, unknown>;
      };
      const saved = await owner('POST', '/admin/api/settings', {
        ...settings,
        insights: { ...settings.insights, timeZone: 'America/New_York' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const ny = await overview('from=2026-11-27&to=2026-11-27');
      expect(ny.timeZone).toBe('America/New_York');
      expect(ny.figures).toMatchObject({ orders: 1, sales: row!.totalCents / 100 });
      expect(ny.series).toEqual([{ start: '2026-11-27', orders: 1, revenue: row!.totalCents / 100 }]);
      expect((await overview('from=2026-11-28&to=2026-11-28')).figures.orders).toBe(0);
      // 'today' is New York's: at 04:30 UTC on the 28th it is still the 27th there.
      now = new Date('2026-11-28T04:45:00Z');
      const today = await overview('period=today');
      expect(today).toMatchObject({ from: '2026-11-27', to: '2026-11-27', today: '2026-11-27' });
      expect(today.figures.orders).toBe(1);
    });
  });

  it('the summaries equal a recount of the orders behind them, after placing, refunding and deleting', async () => {
    await t.db.delete(orders).where(eq(orders.email, 'c@example.com'));
    const recount = (await t.db.execute(sql`
      select count(*)::int as orders,
             coalesce(sum(total_cents - coalesce((select sum((e->>'unitPriceCents')::int * (e->>'quantity')::int)
               from jsonb_array_elements(lines) e where e ? 'giftCard'), 0)), 0)::bigint as sales,
             coalesce(sum((return_request->>'totalRefundCents')::int) filter (where return_request ? 'refundedAt'), 0)::bigint as refunds
      from orders`)) as unknown as { rows: { orders: number; sales: string; refunds: string }[] };
    const kept = (await t.db.execute(sql`
      select sum(orders)::int as orders, sum(sales_cents)::bigint as sales, sum(refund_cents)::bigint as refunds,
             (select sum(pieces)::int from report_item_sales) as item_pieces,
             (select sum(pieces)::int from report_item_months) as month_pieces
      from report_sales`)) as unknown as {
      rows: { orders: number; sales: string; refunds: string; item_pieces: number; month_pieces: number }[];
    };
    expect(kept.rows[0]).toMatchObject({
      orders: recount.rows[0]!.orders,
      sales: recount.rows[0]!.sales,
      refunds: recount.rows[0]!.refunds,
    });
    expect(kept.rows[0]!.item_pieces).toBe(kept.rows[0]!.month_pieces);
    expect((await overview('from=2026-10-01&to=2026-10-31')).figures.orders).toBe(0);
  });

  it('refuses dates that are not days, periods backwards or too long, with a message that says so', async () => {
    const bad = async (query: string, message: RegExp) => {
      const res = await owner('GET', `/admin/api/overview?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(message);
    };
    await bad('from=2026-02-30&to=2026-03-01', /from: a date written YYYY-MM-DD/);
    await bad('from=2026-11-01&to=yesterday', /to: a date written YYYY-MM-DD/);
    await bad('from=2026-11-30&to=2026-11-01', /comes on or after from/);
    await bad('from=2025-01-01&to=2026-11-30', /at most 400 days/);
    await bad('from=2026-11-01', /Give from and to/);
    await bad('period=week', /period: one of/);
    await bad('period=7d&from=2026-11-01&to=2026-11-02', /either a period or from and to/);
  });

  it('staff read it too; a stranger is turned away', async () => {
    const staff = { email: 'staff@murashki.test', password: 'staff horse battery' };
    await t.app.ctx.services.adminAuth.setPassword(staff.email, staff.password);
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, staff.email));
    const cookie = cookieFrom(
      await t.app.inject({ method: 'POST', url: '/authenticate', payload: staff }),
      'admin_sid',
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/overview?period=7d',
      headers: { cookie: cookie! },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stranger = await t.app.inject({ method: 'GET', url: '/admin/api/overview?period=7d' });
    expect(stranger.statusCode).toBe(401);
  });
});
