// The promoter's campaign performance report (spec §2, §6 promoter, §7 POST /promoPerformance): the
// code plus its hashed 'Performance access pass' opens the list of orders placed with the code; a
// wrong code or pass is a 401 the page shows as 'Code or password is wrong...'; tries are limited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import {
  PROMO_REPORT_PAGE_SIZE,
  type PromoPerformanceRow,
  type PromoReportPage,
} from '../../src/contract/promotions.js';
import { orders, promotions, sizes } from '../../src/server/db/schema.js';
import { DEMO_PROMOTION } from '../../src/server/db/seed/demo-catalog.js';
import { hashPassword } from '../../src/server/modules/admin-auth/admin-auth-service.js';
import {
  REPORT_CALLS_PER_CLIENT,
  REPORT_TRIES_PER_CODE,
  REPORT_TRIES_PER_CODE_ALL_CLIENTS,
} from '../../src/server/modules/promotions/promotions-service.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { createTestApp, onDemoCatalog, type TestApp } from '../support/test-app.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createTestApp));
  await t.db.insert(promotions).values([
    {
      code: 'TENOFF',
      type: 'dollarAmount',
      discountCents: 1000,
      kind: 'campaign',
      payoutCents: 750,
      passwordHash: await hashPassword('ten-off-pass'),
    },
    {
      code: 'QUIET20',
      type: 'percentage',
      rateBasisPoints: 8000,
      kind: 'campaign',
      payoutCents: 300,
      passwordHash: await hashPassword('quiet-pass'),
    },
    { code: 'NOPASS', type: 'percentage', rateBasisPoints: 9000, kind: 'newsletter' },
  ]);
});
afterAll(() => t.close());

let clients = 0;
const report = (body: unknown, ip = `10.2.${Math.floor(++clients / 250)}.${clients % 250}`) =>
  t.app.inject({ method: 'POST', url: '/promoPerformance', payload: body as object, remoteAddress: ip });
const WELCOME = { promoCode: DEMO_PROMOTION.code, password: DEMO_PROMOTION.password };
const totalOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('POST /promoPerformance', () => {
  it('keeps the pass as an argon2id hash, never the pass itself', async () => {
    const [row] = await t.db.select().from(promotions).where(eq(promotions.code, 'WELCOME10'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(DEMO_PROMOTION.password);
  });

  it('answers an empty list for a campaign without sales (the page says there were none)', async () => {
    const res = await report({ promoCode: 'QUIET20', password: 'quiet-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists the orders placed with the code, newest first: order id, total, discount multiplier, payout', async () => {
    const first = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-balconette-bra')], promo: 'WELCOME10' });
    await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-camisole')] }); // no promo: not in the report
    await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')], promo: 'TENOFF' }); // another code
    const second = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-bikini-brief'), selectionOf(all, 'silk-tanga-brief')],
      promo: 'welcome10',
    });

    const res = await report(WELCOME);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as PromoPerformanceRow[];
    expect(rows).toEqual([
      { orderId: second, total: (await totalOf(second)).totalCents / 100, discount: 0.9, payout: 5 },
      { orderId: first, total: (await totalOf(first)).totalCents / 100, discount: 0.9, payout: 5 },
    ]);
    // The code is matched whatever its case.
    expect((await report({ ...WELCOME, promoCode: ' welcome10 ' })).json()).toEqual(rows);
  });

  it("shows a dollar promo's discount as the share of the goods it took off", async () => {
    const res = await report({ promoCode: 'TENOFF', password: 'ten-off-pass' });
    expect(res.statusCode).toBe(200);
    const [row] = res.json() as PromoPerformanceRow[];
    // $10 off a $38 thong: 0.7368 of the price was paid; the dollars it took off are added (issue 24 item 8).
    expect(row).toMatchObject({ discount: 0.7368, payout: 7.5, discountAmount: 10 });
  });

  it('names the dollars off only for a dollar promo: a percentage promo keeps its rate alone (issue 24 item 8)', async () => {
    const rows = (await report(WELCOME)).json() as PromoPerformanceRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty('discountAmount');
  });

  it("keeps each order's payout as it was when placed; a code re-created after a delete shows none of the old code's orders", async () => {
    const campaign = { type: 'percentage' as const, rateBasisPoints: 9500, kind: 'campaign' as const };
    await t.db
      .insert(promotions)
      .values({ ...campaign, code: 'AGAIN5', payoutCents: 500, passwordHash: await hashPassword('again-pass-1') });
    const before = await placeOrder(t.app, { pieces: [selectionOf(all, 'lace-french-knicker')], promo: 'AGAIN5' });
    // The owner raises the payout: the order placed before keeps its $5, a new one earns $7.
    await t.db.update(promotions).set({ payoutCents: 700 }).where(eq(promotions.code, 'AGAIN5'));
    const after = await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-slip-dress')], promo: 'again5' });
    const rows = (await report({ promoCode: 'AGAIN5', password: 'again-pass-1' })).json() as PromoPerformanceRow[];
    expect(rows.map((r) => [r.orderId, r.payout])).toEqual([
      [after, 7],
      [before, 5],
    ]);

    // The code is deleted and a new campaign takes its name: its promoter sees only its own orders.
    await t.db.delete(promotions).where(eq(promotions.code, 'AGAIN5'));
    await t.db
      .insert(promotions)
      .values({ ...campaign, code: 'again5', payoutCents: 200, passwordHash: await hashPassword('new-owner-pass') });
    const fresh = await report({ promoCode: 'again5', password: 'new-owner-pass' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual([]);
    const third = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-garter-belt')], promo: 'AGAIN5' });
    expect((await report({ promoCode: 'again5', password: 'new-owner-pass' })).json()).toEqual([
      expect.objectContaining({ orderId: third, payout: 2 }),
    ]);
  });

  it.each([
    ['a wrong pass', { ...WELCOME, password: 'promoter-pas' }],
    ['the pass of another campaign', { ...WELCOME, password: 'quiet-pass' }],
    ['an unknown code', { promoCode: 'NOSUCHCODE', password: 'promoter-pass' }],
    ['a code that has no pass', { promoCode: 'NOPASS', password: 'anything' }],
  ])("answers 401 'Code or password is wrong...' for %s", async (_name, body) => {
    const res = await report(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized', message: 'Code or password is wrong...' });
  });

  it.each([
    ['no password', { promoCode: 'WELCOME10' }, 'Password is required'],
    ['an empty password', { promoCode: 'WELCOME10', password: '' }, 'Please enter the password'],
    ['an empty code', { promoCode: '  ', password: 'x' }, 'Please enter the promo code'],
    ['a code that is not text', { promoCode: 10, password: 'x' }, 'Promo code must be text'],
    ['an overlong pass', { promoCode: 'WELCOME10', password: 'x'.repeat(201) }, 'The password is too long'],
  ])('answers 400 for %s', async (_name, body, message) => {
    const res = await report(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("POST /promoReport (the page's call)", () => {
  const reportPage = (body: unknown, ip = `10.3.${Math.floor(++clients / 250)}.${clients % 250}`) =>
    t.app.inject({ method: 'POST', url: '/promoReport', payload: body as object, remoteAddress: ip });

  it("answers a page of /promoPerformance's rows with the totals over every order of the code", async () => {
    await t.db.insert(promotions).values({
      code: 'PAGED',
      type: 'percentage',
      rateBasisPoints: 9000,
      kind: 'campaign',
      payoutCents: 250,
      passwordHash: await hashPassword('paged-pass'),
    });
    // Enough of each piece for a page and a bit of orders.
    await t.db.update(sizes).set({ stock: 500 });
    const placed: number[] = [];
    for (let i = 0; i < PROMO_REPORT_PAGE_SIZE + 3; i++)
      placed.push(await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')], promo: 'PAGED' }));
    const pass = { promoCode: 'paged', password: 'paged-pass' };
    const whole = (await report(pass)).json() as PromoPerformanceRow[];
    expect(whole).toHaveLength(placed.length);
    const cents = (n: number) => Math.round(n * 100);
    const sum = (rows: PromoPerformanceRow[], key: 'total' | 'payout') =>
      rows.reduce((s, r) => s + cents(r[key]), 0) / 100;

    const first = await reportPage(pass);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = first.json() as PromoReportPage;
    expect(answer).toEqual({
      orders: whole.slice(0, PROMO_REPORT_PAGE_SIZE),
      orderCount: placed.length,
      total: sum(whole, 'total'),
      payout: sum(whole, 'payout'),
      page: 1,
      pages: 2,
      pageSize: PROMO_REPORT_PAGE_SIZE,
    });
    expect(answer.payout).toBe((placed.length * 250) / 100);

    const second = (await reportPage({ ...pass, page: 2 })).json() as PromoReportPage;
    expect(second).toMatchObject({
      orders: whole.slice(PROMO_REPORT_PAGE_SIZE),
      orderCount: placed.length,
      page: 2,
      pages: 2,
    });
    // The oldest order is last on the last page.
    expect(second.orders.at(-1)!.orderId).toBe(placed[0]);
    // Past the last page: no rows, the same totals.
    expect((await reportPage({ ...pass, page: 3 })).json()).toMatchObject({
      orders: [],
      orderCount: placed.length,
      page: 3,
      pages: 2,
    });
  });

  it('answers one empty page for a campaign without sales, and 401 for a wrong pass', async () => {
    expect((await reportPage({ promoCode: 'QUIET20', password: 'quiet-pass' })).json()).toEqual({
      orders: [],
      orderCount: 0,
      total: 0,
      payout: 0,
      page: 1,
      pages: 1,
      pageSize: PROMO_REPORT_PAGE_SIZE,
    });
    const wrong = await reportPage({ promoCode: 'QUIET20', password: 'quiet-pas' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Code or password is wrong...');
  });

  it.each([
    ['page 0', 0],
    ['a fraction', 1.5],
    ['a page as text', '2'],
    ['a huge page', 1e12],
  ])('answers 400 for %s', async (_name, page) => {
    const res = await reportPage({ promoCode: 'QUIET20', password: 'quiet-pass', page });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page/i);
  });

  it(`lets a promoter whose pass was just verified turn more pages than any limit (${REPORT_CALLS_PER_CLIENT} calls, ${REPORT_TRIES_PER_CODE_ALL_CLIENTS} tries on a code); guesses from the same client stay limited`, async () => {
    const ip = '198.51.100.44';
    const pass = { promoCode: 'QUIET20', password: 'quiet-pass' };
    for (let i = 0; i < REPORT_TRIES_PER_CODE_ALL_CLIENTS + 5; i++)
      expect((await reportPage({ ...pass, page: 1 + (i % 3) }, ip)).statusCode).toBe(200);
    for (let i = 0; i < REPORT_CALLS_PER_CLIENT; i++)
      expect((await reportPage({ promoCode: `GUESS${i}`, password: 'x' }, ip)).statusCode).toBe(401);
    expect((await reportPage({ promoCode: 'GUESS-LAST', password: 'x' }, ip)).statusCode).toBe(429);
  });
});

describe('rate limits', () => {
  it(`refuses a client's ${REPORT_TRIES_PER_CODE + 1}th try on one code within the window, even with the right pass; the promoter elsewhere and other codes go on`, async () => {
    const guesser = '203.0.113.40';
    for (let i = 0; i < REPORT_TRIES_PER_CODE; i++)
      expect((await report({ promoCode: 'QUIET20', password: `guess-${i}` }, guesser)).statusCode).toBe(401);
    const limited = await report({ promoCode: 'QUIET20', password: 'quiet-pass' }, guesser);
    expect(limited.statusCode).toBe(429);
    // The answer says the real wait: the rest of the 15-minute window, also as Retry-After in seconds.
    expect(limited.json().message).toBe('Too many requests, please try again in 15 minutes');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // A stranger's guesses do not lock the promoter out.
    expect((await report({ promoCode: 'QUIET20', password: 'quiet-pass' })).statusCode).toBe(200);
    expect((await report({ promoCode: 'TENOFF', password: 'ten-off-pass' }, guesser)).statusCode).toBe(200);
  });

  it(`stops guesses at one code spread over many clients after ${REPORT_TRIES_PER_CODE_ALL_CLIENTS}`, async () => {
    await t.db.insert(promotions).values({
      code: 'SPREAD',
      type: 'percentage',
      rateBasisPoints: 9000,
      kind: 'campaign',
      payoutCents: 100,
      passwordHash: await hashPassword('spread-pass'),
    });
    for (let i = 0; i < REPORT_TRIES_PER_CODE_ALL_CLIENTS; i++)
      expect((await report({ promoCode: 'SPREAD', password: `guess-${i}` })).statusCode).toBe(401);
    expect((await report({ promoCode: 'SPREAD', password: 'spread-pass' })).statusCode).toBe(429);
  });

  it("a success clears the client's failed tries on its code", async () => {
    const promoter = '203.0.113.41';
    for (let i = 0; i < REPORT_TRIES_PER_CODE - 1; i++)
      await report({ promoCode: 'TENOFF', password: `guess-${i}` }, promoter);
    expect((await report({ promoCode: 'TENOFF', password: 'ten-off-pass' }, promoter)).statusCode).toBe(200);
    for (let i = 0; i < REPORT_TRIES_PER_CODE - 1; i++)
      expect((await report({ promoCode: 'TENOFF', password: `again-${i}` }, promoter)).statusCode).toBe(401);
  });

  it(`lets one client make ${REPORT_CALLS_PER_CLIENT} calls, then answers 429`, async () => {
    const ip = '198.51.100.7';
    // Spread over many codes, so only the client's own limit is reached.
    for (let i = 0; i < REPORT_CALLS_PER_CLIENT; i++)
      expect((await report({ promoCode: `CODE${i}`, password: 'x' }, ip)).statusCode).toBe(401);
    expect((await report({ ...WELCOME, password: 'promoter-pas' }, ip)).statusCode).toBe(429);
    // A right pass not verified lately counts like any try.
    await t.db.insert(promotions).values({
      code: 'UNSEEN',
      type: 'percentage',
      rateBasisPoints: 9000,
      kind: 'campaign',
      payoutCents: 100,
      passwordHash: await hashPassword('unseen-pass'),
    });
    expect((await report({ promoCode: 'UNSEEN', password: 'unseen-pass' }, ip)).statusCode).toBe(429);
    expect((await report({ promoCode: 'UNSEEN', password: 'unseen-pass' })).statusCode).toBe(200);
    // A pass verified in the last minutes is not a guess: its promoter is not held up by the client's limit.
    expect((await report(WELCOME, ip)).statusCode).toBe(200);
  });
});
