// The promoter's campaign performance report (spec §2, §6 promoter, §7 POST /promoPerformance): the
// code plus its hashed 'Performance access pass' opens the list of orders placed with the code; a
// wrong code or pass is a 401 the page shows as 'Code or password is wrong...'; tries are limited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PromoPerformanceRow } from '../../src/contract/promotions.js';
import { orders, promotions } from '../../src/server/db/schema.js';
import { DEMO_PROMOTION } from '../../src/server/db/seed/demo-catalog.js';
import { hashPassword } from '../../src/server/modules/admin-auth/admin-auth-service.js';
import { REPORT_CALLS_PER_CLIENT, REPORT_TRIES_PER_CODE } from '../../src/server/modules/promotions/promotions-service.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { createTestApp, onDemoCatalog, type TestApp } from '../support/test-app.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createTestApp));
  await t.db.insert(promotions).values([
    { code: 'TENOFF', type: 'dollarAmount', discountCents: 1000, kind: 'campaign', payoutCents: 750, passwordHash: await hashPassword('ten-off-pass') },
    { code: 'QUIET20', type: 'percentage', rateBasisPoints: 8000, kind: 'campaign', payoutCents: 300, passwordHash: await hashPassword('quiet-pass') },
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
    const second = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-bikini-brief'), selectionOf(all, 'silk-tanga-brief')], promo: 'welcome10' });

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
    // $10 off a $38 thong: 0.7368 of the price was paid, shown as -26.32%.
    expect(row).toMatchObject({ discount: 0.7368, payout: 7.5 });
  });

  it("keeps each order's payout as it was when placed; a code re-created after a delete shows none of the old code's orders", async () => {
    const campaign = { type: 'percentage' as const, rateBasisPoints: 9500, kind: 'campaign' as const };
    await t.db.insert(promotions).values({ ...campaign, code: 'AGAIN5', payoutCents: 500, passwordHash: await hashPassword('again-pass-1') });
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
    await t.db.insert(promotions).values({ ...campaign, code: 'again5', payoutCents: 200, passwordHash: await hashPassword('new-owner-pass') });
    const fresh = await report({ promoCode: 'again5', password: 'new-owner-pass' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual([]);
    const third = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-garter-belt')], promo: 'AGAIN5' });
    expect((await report({ promoCode: 'again5', password: 'new-owner-pass' })).json()).toEqual([expect.objectContaining({ orderId: third, payout: 2 })]);
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

describe('rate limits', () => {
  it(`refuses the ${REPORT_TRIES_PER_CODE + 1}th try on one code within the window, even with the right pass; other codes go on`, async () => {
    for (let i = 0; i < REPORT_TRIES_PER_CODE; i++) expect((await report({ promoCode: 'QUIET20', password: `guess-${i}` })).statusCode).toBe(401);
    const limited = await report({ promoCode: 'QUIET20', password: 'quiet-pass' });
    expect(limited.statusCode).toBe(429);
    // The answer says the real wait: the rest of the 15-minute window, also as Retry-After in seconds.
    expect(limited.json().message).toBe('Too many requests, please try again in 15 minutes');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await report({ promoCode: 'TENOFF', password: 'ten-off-pass' })).statusCode).toBe(200);
  });

  it('a success clears the failed tries on its code', async () => {
    for (let i = 0; i < REPORT_TRIES_PER_CODE - 1; i++) await report({ promoCode: 'TENOFF', password: `guess-${i}` });
    expect((await report({ promoCode: 'TENOFF', password: 'ten-off-pass' })).statusCode).toBe(200);
    for (let i = 0; i < REPORT_TRIES_PER_CODE - 1; i++) expect((await report({ promoCode: 'TENOFF', password: `again-${i}` })).statusCode).toBe(401);
  });

  it(`lets one client make ${REPORT_CALLS_PER_CLIENT} calls, then answers 429`, async () => {
    const ip = '198.51.100.7';
    // Spread over many codes, so only the client's own limit is reached.
    for (let i = 0; i < REPORT_CALLS_PER_CLIENT; i++) expect((await report({ promoCode: `CODE${i}`, password: 'x' }, ip)).statusCode).toBe(401);
    expect((await report(WELCOME, ip)).statusCode).toBe(429);
    expect((await report(WELCOME)).statusCode).toBe(200);
  });
});
