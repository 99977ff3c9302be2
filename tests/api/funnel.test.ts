// The funnel (issue 28 #2, decision 039): a shopper walked through the real calls moves each step of
// services.funnel.between(...) once, the same before and after the counts are written; a session
// counts once per step per shop day; a forged cookie counts nothing; the product read served by the
// node:http fast path counts too; counts in memory are written when the app stops; two copies on one
// database add their counts and count a session they share once; no session id or address is stored.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Funnel } from '../../src/contract/funnel.js';
import type { Item } from '../../src/contract/catalog.js';
import type { ShopSettings } from '../../src/contract/settings.js';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

const OWNER = { id: 1, email: 'owner@murashki.test' };
const onPostgres = inject('testDb').kind === 'postgres';

let now = new Date('2026-05-12T10:20:00Z');
const clock = () => now;
let t: TestApp;
let items: Item[];
const ZERO: Funnel = { visited: 0, viewedProduct: 0, addedToBag: 0, gaveShipping: 0, placedOrder: 0 };
const DAY = { from: new Date('2026-05-12T00:00:00Z'), to: new Date('2026-05-13T00:00:00Z') };

beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo', clock });
  items = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
});

const funnelOf = (app: TestApp['app'], range = DAY) => app.ctx.services.funnel.between(range.from, range.to);

async function token(app: TestApp['app'], cookie?: string, referer = 'http://localhost:3000/collections') {
  const res = await app.inject({ method: 'GET', url: '/token', headers: { referer, ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode).toBe(200);
  return cookie ?? cookieFrom(res, 'sid')!;
}
async function post(app: TestApp['app'], url: string, payload: unknown, cookie: string) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}
const viewProduct = (app: TestApp['app'], cookie: string, url = 'silk-balconette-bra') =>
  app.inject({ method: 'GET', url: `/product?url=${url}`, headers: { cookie } });

/** The rest of the checkout after the shipping step, as tests/support/place-order.ts walks it. */
async function payAndPlace(app: TestApp['app'], cookie: string, option: { type: string; amt: number }) {
  const { taxRate } = (await post(app, '/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)) as { taxRate: number };
  const secret = (await post(
    app,
    '/api/getClientSecret',
    { taxRate, shippingFee: option.amt, shippingType: option.type },
    cookie,
  )) as string;
  await post(
    app,
    '/sandbox/card/confirm',
    { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada Lovelace' },
    cookie,
  );
  return post(
    app,
    '/placeOrder',
    {
      shippingInfo: US_SHOPPER,
      billingInfo: { cardholderName: US_SHOPPER.firstName },
      shippingType: option.type,
      promo: null,
      additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
    },
    cookie,
  );
}

describe('the funnel, walked through the real calls', () => {
  it('moves each step once as a shopper goes from the first page to a placed order, the same after a flush', async () => {
    const before = await funnelOf(t.app);
    const moved = async () => {
      const f = await funnelOf(t.app);
      return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v - before[k as keyof Funnel]]));
    };
    const cookie = await token(t.app);
    expect(await moved()).toEqual({ ...ZERO, visited: 1 });

    expect((await viewProduct(t.app, cookie)).statusCode).toBe(200);
    expect(await moved()).toEqual({ ...ZERO, visited: 1, viewedProduct: 1 });

    await post(t.app, '/addToCart', [selectionOf(items, 'silk-balconette-bra')], cookie);
    expect(await moved()).toEqual({ ...ZERO, visited: 1, viewedProduct: 1, addedToBag: 1 });

    const [option] = (await post(t.app, '/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie)) as {
      type: string;
      amt: number;
    }[];
    expect(await moved()).toEqual({ visited: 1, viewedProduct: 1, addedToBag: 1, gaveShipping: 1, placedOrder: 0 });

    const placed = (await payAndPlace(t.app, cookie, option!)) as { success: boolean };
    expect(placed.success).toBe(true);
    const after = await moved();
    expect(after).toEqual({ visited: 1, viewedProduct: 1, addedToBag: 1, gaveShipping: 1, placedOrder: 1 });

    // Coming back the same day moves nothing.
    await token(t.app, cookie);
    await viewProduct(t.app, cookie, 'silk-balconette-bra');
    await post(t.app, '/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie);
    await t.app.ctx.services.funnel.flush();
    expect(await moved()).toEqual(after);
  });

  it('counts the counts in memory too: between() before a flush equals the table after it', async () => {
    const cookie = await token(t.app);
    await viewProduct(t.app, cookie);
    const answered = await funnelOf(t.app); // flushes first
    const rows = rowsOf<{ step: string; sessions: number }>(
      await t.db.execute(
        sql`select step, sum(sessions)::int as sessions from funnel_hours where hour >= ${DAY.from.toISOString()}::timestamptz and hour < ${DAY.to.toISOString()}::timestamptz group by step`,
      ),
    );
    expect(Object.fromEntries(rows.map((r) => [r.step, r.sessions]))).toEqual(
      Object.fromEntries(Object.entries(answered).filter(([, v]) => v > 0)),
    );
  });

  it('counts a shopper landing on a product page as having viewed a product (the page asks no /product)', async () => {
    const before = await funnelOf(t.app);
    await token(t.app, undefined, 'http://localhost:3000/product/silk-balconette-bra');
    const after = await funnelOf(t.app);
    expect(after.visited - before.visited).toBe(1);
    expect(after.viewedProduct - before.viewedProduct).toBe(1);
    expect(after.addedToBag).toBe(before.addedToBag);
  });

  it("does not count the back office's page loads as visits (the owner at work is not a shopper)", async () => {
    const before = await funnelOf(t.app);
    for (const page of ['/admin', '/admin?tab=overview', '/bulk/admin', '/edit/landing/silk-balconette-bra'])
      await token(t.app, undefined, `http://localhost:3000${page}`);
    const returning = await token(t.app, undefined, 'http://localhost:3000/admin');
    await token(t.app, returning, 'http://localhost:3000/admin?tab=orders');
    expect(await funnelOf(t.app)).toEqual(before);
    // A shop page whose path only starts with the same letters is a visit.
    await token(t.app, undefined, 'http://localhost:3000/administration-of-lace');
    expect((await funnelOf(t.app)).visited - before.visited).toBe(1);
  });

  it('counts nothing for a forged or missing cookie, nor for an unknown product', async () => {
    const real = await token(t.app);
    const before = await funnelOf(t.app);
    const forged = real.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await viewProduct(t.app, forged);
    await viewProduct(t.app, 'sid=not-a-signed-cookie');
    await t.app.inject({ method: 'GET', url: '/product?url=silk-balconette-bra' });
    expect((await viewProduct(t.app, real, 'no-such-thing')).statusCode).toBe(404);
    expect(await funnelOf(t.app)).toEqual(before);
  });

  it('counts the session again the next day, in the hours of that day', async () => {
    const cookie = await token(t.app);
    await viewProduct(t.app, cookie);
    const nextDay = { from: new Date('2026-05-13T00:00:00Z'), to: new Date('2026-05-14T00:00:00Z') };
    expect(await funnelOf(t.app, nextDay)).toEqual(ZERO);
    now = new Date('2026-05-13T08:05:00Z');
    try {
      await token(t.app, cookie);
      await viewProduct(t.app, cookie);
      await viewProduct(t.app, cookie);
      expect(await funnelOf(t.app, nextDay)).toEqual({ ...ZERO, visited: 1, viewedProduct: 1 });
      const eight = { from: new Date('2026-05-13T08:00:00Z'), to: new Date('2026-05-13T09:00:00Z') };
      expect(await funnelOf(t.app, eight)).toEqual({ ...ZERO, visited: 1, viewedProduct: 1 });
      expect(await funnelOf(t.app, { from: nextDay.from, to: eight.from })).toEqual(ZERO);
    } finally {
      now = new Date('2026-05-12T10:20:00Z');
    }
  });

  it("counts a session once per day of the shop's time zone", async () => {
    const settings = t.app.ctx.services.settings;
    const saved = await settings.read();
    await settings.save(OWNER, {
      ...saved,
      insights: { ...saved.insights, timeZone: 'America/Los_Angeles' },
    } as ShopSettings);
    try {
      await t.app.ctx.services.funnel.flush(); // the counter takes the new zone
      // 23:30 and 01:30 UTC on 20/21 May are 16:30 and 18:30 of 20 May in Los Angeles: one shop day.
      now = new Date('2026-05-20T23:30:00Z');
      const cookie = await token(t.app);
      now = new Date('2026-05-21T01:30:00Z');
      await token(t.app, cookie);
      // 07:30 UTC on 21 May is 00:30 of 21 May in Los Angeles: the next shop day.
      now = new Date('2026-05-21T07:30:00Z');
      await token(t.app, cookie);
      const la20 = { from: new Date('2026-05-20T07:00:00Z'), to: new Date('2026-05-21T07:00:00Z') };
      const la21 = { from: new Date('2026-05-21T07:00:00Z'), to: new Date('2026-05-22T07:00:00Z') };
      expect((await funnelOf(t.app, la20)).visited).toBe(1);
      expect((await funnelOf(t.app, la21)).visited).toBe(1);
    } finally {
      now = new Date('2026-05-12T10:20:00Z');
      await settings.save(OWNER, saved);
      await t.app.ctx.services.funnel.flush();
    }
  });

  it('counts a product read answered by the fast path (before Fastify) as a product view', async () => {
    const listening = await createTestApp({
      fixture: 'demo',
      clock,
      beforeReady: (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.url.startsWith('/product?')) reachedFastify++;
        });
      },
    });
    let reachedFastify = 0;
    try {
      const address = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await token(listening.app);
      await listening.app.ctx.services.catalog.snapshot(); // warm: the fast path serves
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${address}/product?url=silk-balconette-bra`, { headers: { cookie } });
        expect(res.status).toBe(200);
      }
      expect(reachedFastify).toBe(0);
      expect(await funnelOf(listening.app)).toEqual({ ...ZERO, visited: 1, viewedProduct: 1 });
    } finally {
      await listening.close();
    }
  });
});

describe('what the funnel keeps', () => {
  it('writes the counts in memory when the app stops', async () => {
    const database = await (await import('../support/test-database.js')).freshDatabase('demo');
    const copy = await createTestApp({ database, clock });
    try {
      const cookie = await token(copy.app);
      await viewProduct(copy.app, cookie);
      await copy.app.close();
      const rows = rowsOf<{ step: string; sessions: number }>(
        await database.db.execute(sql`select step, sessions from funnel_hours order by step`),
      );
      expect(rows).toEqual([
        { step: 'viewedProduct', sessions: 1 },
        { step: 'visited', sessions: 1 },
      ]);
    } finally {
      await database.close();
    }
  });

  it('stores no session id, cookie or address: per-hour counts, and day-salted keys that are not the session', async () => {
    const cookie = await token(t.app);
    await viewProduct(t.app, cookie);
    await t.app.ctx.services.funnel.flush();
    const sessionId = decodeURIComponent(cookie.slice('sid='.length)).split('.')[0]!;
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await t.db.execute(
        sql`select table_name, column_name from information_schema.columns where table_name in ('funnel_hours', 'funnel_seen') order by table_name, ordinal_position`,
      ),
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'funnel_hours.hour',
      'funnel_hours.step',
      'funnel_hours.sessions',
      'funnel_seen.day',
      'funnel_seen.step',
      'funnel_seen.key',
    ]);
    const dump = JSON.stringify(
      rowsOf(await t.db.execute(sql`select * from funnel_hours`)).concat(
        rowsOf(await t.db.execute(sql`select * from funnel_seen`)),
      ),
    );
    expect(dump).not.toContain(sessionId);
    expect(dump).not.toContain(sessionId.slice(0, 12));
    expect(dump).not.toContain('127.0.0.1');
    const keys = rowsOf<{ key: string }>(await t.db.execute(sql`select key from funnel_seen`)).map((r) => r.key);
    expect(keys.every((k) => /^[\w-]{22}$/.test(k))).toBe(true);
  });

  it('forgets the day-salted keys of days before yesterday', async () => {
    now = new Date('2026-05-30T12:00:00Z');
    try {
      await token(t.app);
      await t.app.ctx.services.funnel.flush();
      const days = rowsOf<{ day: string }>(
        await t.db.execute(sql`select distinct day::text as day from funnel_seen order by 1`),
      ).map((r) => r.day);
      expect(days).toEqual(['2026-05-30']);
      // The counts stay.
      expect((await funnelOf(t.app)).visited).toBeGreaterThan(0);
    } finally {
      now = new Date('2026-05-12T10:20:00Z');
    }
  });
});

describe('several copies of the server', () => {
  let second: TestApp | undefined;
  let secondDatabase: Database | undefined;
  afterAll(async () => {
    await second?.app.close();
    await secondDatabase?.close();
  });

  it('add their counts on one database, and count a session both served once', async () => {
    // On PostgreSQL the second copy has its own pool of connections; PGlite is one process's database.
    const url = (t.database as Database & { url?: string }).url;
    secondDatabase = onPostgres && url ? await openDatabase({ databaseUrl: url, poolSize: 3 }) : undefined;
    second = await createTestApp({ database: secondDatabase ?? t.database, clock });
    const range = { from: new Date('2026-06-02T00:00:00Z'), to: new Date('2026-06-03T00:00:00Z') };
    now = new Date('2026-06-02T15:00:00Z');
    try {
      const a = await token(t.app);
      const b = await token(second.app);
      const both = await token(t.app);
      await token(second.app, both);
      await viewProduct(t.app, a);
      await viewProduct(second.app, b);
      await viewProduct(second.app, both);
      await viewProduct(t.app, both);
      // Both copies write at the same time, then each answers the shop's total.
      await Promise.all([t.app.ctx.services.funnel.flush(), second.app.ctx.services.funnel.flush()]);
      const expected = { ...ZERO, visited: 3, viewedProduct: 3 };
      expect(await funnelOf(t.app, range)).toEqual(expected);
      expect(await funnelOf(second.app, range)).toEqual(expected);
    } finally {
      now = new Date('2026-05-12T10:20:00Z');
    }
  });
});
