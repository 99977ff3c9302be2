// The owner's promotions editor (spec §2 Promotions editor, §4 create/edit mode, §7 Admin): campaign
// codes listed without their pass hash, created with checked fields, edited with code and type locked,
// deleted; each change shows at checkout (/applyPromo) and in the promoter report (/promoPerformance).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { AdminPromotion } from '../../src/contract/promotions.js';
import { promotions } from '../../src/server/db/schema.js';
import { adminCookie } from '../support/admin-session.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
  all = await storefrontItems(t.app);
  await t.db.insert(promotions).values({
    code: 'FRIEND-X',
    type: 'percentage',
    rateBasisPoints: 9000,
    kind: 'referral',
    issuedTo: 'x@example.com',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/admin/api/getAllPromotions', headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPromotion[];
};
async function create(body: Record<string, unknown>) {
  const res = await post('/admin/api/createPromotions', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { promotion: AdminPromotion }).promotion;
}
const expect400 = async (url: string, body: unknown, message: RegExp | string) => {
  const res = await post(url, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(message);
};

/** A shopper with one piece in the bag and a US address: answers the discount the summary shows for `code`. */
async function discountAtCheckout(code: string): Promise<{ success: boolean; discount?: number; subtotal?: number }> {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  const piece = selectionOf(all, all[0]!.url);
  expect((await post('/addToCart', [piece], cookie)).statusCode).toBe(200);
  expect((await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie)).statusCode).toBe(200);
  const applied = (await post('/applyPromo', { promo: code }, cookie)).json() as { success: boolean };
  if (!applied.success) return { success: false };
  const summary = (await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })).json() as {
    discount: number;
    subtotal: number;
  };
  return { success: true, discount: summary.discount, subtotal: summary.subtotal };
}

describe('admin gate', () => {
  it('answers 401 to every editor call without the owner signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/getAllPromotions' })).statusCode).toBe(401);
    for (const url of ['/admin/api/createPromotions', '/admin/api/updatePromotions', '/admin/api/deletePromotions']) {
      expect((await post(url, { _id: 1, code: 'X', type: 'percentage', discount: 0.9 }, '')).statusCode).toBe(401);
    }
  });
});

describe('createPromotions', () => {
  it('checks each field with a clear message', async () => {
    const ok = { code: 'OKCODE', type: 'percentage', discount: 0.9, payout: 5 };
    await expect400('/admin/api/createPromotions', { ...ok, code: '   ' }, /^Code is required/);
    await expect400('/admin/api/createPromotions', { ...ok, code: undefined }, /^Code is required/);
    await expect400('/admin/api/createPromotions', { ...ok, code: 'SUMMER SALE' }, /letters, digits, - and _ only/);
    await expect400('/admin/api/createPromotions', { ...ok, code: 'ÉTÉ10' }, /letters, digits/);
    await expect400('/admin/api/createPromotions', { ...ok, type: 'bogus' }, /^Type: choose/);
    await expect400('/admin/api/createPromotions', { ...ok, discount: 0 }, /discount/i);
    await expect400('/admin/api/createPromotions', { ...ok, discount: -5 }, /discount/i);
    await expect400('/admin/api/createPromotions', { ...ok, discount: 1 }, /between 0 and 1/);
    await expect400('/admin/api/createPromotions', { ...ok, discount: 15 }, /between 0 and 1/);
    await expect400('/admin/api/createPromotions', { ...ok, payout: -1 }, /^Payout/);
    await expect400('/admin/api/createPromotions', { ...ok, usageLimit: 0 }, /^Usage limit/);
    await expect400('/admin/api/createPromotions', { ...ok, usageLimit: 1.5 }, /^Usage limit/);
    await expect400(
      '/admin/api/createPromotions',
      { ...ok, expiresAt: 'next tuesday' },
      /^Expires at: an ISO date and time$/,
    );
    await expect400('/admin/api/createPromotions', { ...ok, password: 'short' }, /^Password: at least 8 characters$/);
    expect((await list()).some((p) => p.code === 'OKCODE')).toBe(false);
  });

  it('creates a trimmed code that works at checkout; codes are unique case-insensitively', async () => {
    const created = await create({
      code: '  SILK15 ',
      type: 'percentage',
      discount: 0.85,
      payout: 7.5,
      usageLimit: 100,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created).toMatchObject({
      code: 'SILK15',
      type: 'percentage',
      discount: 0.85,
      payout: 7.5,
      usageLimit: 100,
      usedCount: 0,
      hasPassword: false,
    });
    const res = await post('/admin/api/createPromotions', { code: 'silk15', type: 'dollarAmount', discount: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A promo code silk15 already exists');
    // a shop-issued code's name is taken too
    expect(
      (await post('/admin/api/createPromotions', { code: 'friend-x', type: 'dollarAmount', discount: 10 })).statusCode,
    ).toBe(409);

    const at = await discountAtCheckout('silk15');
    expect(at.success).toBe(true);
    expect(at.discount).toBeCloseTo(Math.round(at.subtotal! * 15) / 100, 2);
  });

  it('refuses a new promotion whose expiry date is already in the past; an existing one may keep its date', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await expect400(
      '/admin/api/createPromotions',
      { code: 'LATE10', type: 'percentage', discount: 0.9, expiresAt: yesterday },
      'The expiry date is in the past. Choose a later one, or leave it empty for no expiry.',
    );
    expect((await list()).some((p) => p.code === 'LATE10')).toBe(false);

    const created = await create({
      code: 'LATE10',
      type: 'percentage',
      discount: 0.9,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await t.db
      .update(promotions)
      .set({ expiresAt: new Date(yesterday) })
      .where(eq(promotions.id, created._id));
    const edited = await post('/admin/api/updatePromotions', {
      _id: created._id,
      code: 'LATE10',
      discount: 0.8,
      expiresAt: yesterday,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().promotion).toMatchObject({ discount: 0.8, expiresAt: yesterday });
    expect((await post('/admin/api/deletePromotions', { _id: created._id })).statusCode).toBe(200);
  });

  it('stores dollars for a dollarAmount promo', async () => {
    const created = await create({ code: 'TWENTY_OFF', type: 'dollarAmount', discount: 20 });
    expect(created).toMatchObject({ discount: 20, payout: 0, usageLimit: null, expiresAt: null });
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, created._id));
    expect(row).toMatchObject({ discountCents: 2000, rateBasisPoints: null, kind: 'campaign' });
    expect((await discountAtCheckout('TWENTY_OFF')).discount).toBe(20);
  });
});

describe('getAllPromotions', () => {
  it('lists campaign codes only, newest first, never the hash', async () => {
    await create({ code: 'PASSED', type: 'percentage', discount: 0.9, password: 'a-long-pass' });
    const rows = await list();
    expect(rows.map((p) => p.code)).not.toContain('FRIEND-X');
    const mine = rows.filter((p) => ['PASSED', 'TWENTY_OFF', 'SILK15'].includes(p.code)).map((p) => p.code);
    expect(mine).toEqual(['PASSED', 'TWENTY_OFF', 'SILK15']);
    expect(rows.find((p) => p.code === 'PASSED')!.hasPassword).toBe(true);
    const raw = (await t.app.inject({ method: 'GET', url: '/admin/api/getAllPromotions', headers: { cookie: admin } }))
      .body;
    expect(raw).not.toMatch(/argon2|passwordHash|a-long-pass/);
  });
});

describe('updatePromotions', () => {
  it('changes the discount (it applies at checkout), keeps code and type locked', async () => {
    const silk = (await list()).find((p) => p.code === 'SILK15')!;
    await expect400(
      '/admin/api/updatePromotions',
      { _id: silk._id, code: 'SILK16', discount: 0.8 },
      /cannot be changed/,
    );
    await expect400(
      '/admin/api/updatePromotions',
      { _id: silk._id, type: 'dollarAmount', discount: 5 },
      /cannot be changed/,
    );
    await expect400('/admin/api/updatePromotions', { _id: silk._id, discount: 1.2 }, /between 0 and 1/);
    expect((await post('/admin/api/updatePromotions', { _id: 999_999, discount: 0.8 })).statusCode).toBe(404);
    const friend = (await t.db.select().from(promotions).where(eq(promotions.code, 'FRIEND-X')))[0]!;
    expect((await post('/admin/api/updatePromotions', { _id: friend.id, discount: 0.5 })).statusCode).toBe(404);

    const res = await post('/admin/api/updatePromotions', {
      _id: silk._id,
      code: 'SILK15',
      type: 'percentage',
      discount: 0.8,
      payout: 9,
      usageLimit: null,
      expiresAt: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promotion).toMatchObject({
      code: 'SILK15',
      discount: 0.8,
      payout: 9,
      usageLimit: null,
      expiresAt: null,
      hasPassword: false,
    });
    const at = await discountAtCheckout('SILK15');
    expect(at.discount).toBeCloseTo(Math.round(at.subtotal! * 20) / 100, 2);
  });

  it('sets or resets the pass only when a new one is given; /promoPerformance accepts it', async () => {
    const silk = (await list()).find((p) => p.code === 'SILK15')!;
    const report = (password: string) =>
      t.app.inject({ method: 'POST', url: '/promoPerformance', payload: { promoCode: 'SILK15', password } });
    expect((await report('silk-pass-1')).statusCode).toBe(401);
    await expect400('/admin/api/updatePromotions', { _id: silk._id, password: 'short' }, /8/);

    let res = await post('/admin/api/updatePromotions', { _id: silk._id, password: 'silk-pass-1' });
    expect(res.json().promotion.hasPassword).toBe(true);
    expect(res.body).not.toMatch(/argon2|silk-pass-1/);
    expect((await report('silk-pass-1')).statusCode).toBe(200);

    res = await post('/admin/api/updatePromotions', { _id: silk._id, discount: 0.85, password: '' }); // kept
    expect(res.statusCode).toBe(200);
    expect((await report('silk-pass-1')).statusCode).toBe(200);

    await post('/admin/api/updatePromotions', { _id: silk._id, password: 'silk-pass-2' }); // reset
    expect((await report('silk-pass-1')).statusCode).toBe(401);
    expect((await report('silk-pass-2')).statusCode).toBe(200);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, silk._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('updatePromotions and deletePromotions by code (spec §7 sends the promotion: code, discount, type, password, payout; no id)', () => {
  it('updatePromotions by code, in any case, changes that promotion (it applies at checkout)', async () => {
    const made = await create({ code: 'BYCODE10', type: 'percentage', discount: 0.9, payout: 1 });
    const res = await post('/admin/api/updatePromotions', {
      code: 'bycode10',
      type: 'percentage',
      discount: 0.75,
      payout: 3,
      password: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promotion).toMatchObject({
      _id: made._id,
      code: 'BYCODE10',
      type: 'percentage',
      discount: 0.75,
      payout: 3,
      hasPassword: false,
    });
    expect((await list()).find((p) => p.code === 'BYCODE10')).toMatchObject({ discount: 0.75, payout: 3 });
    const at = await discountAtCheckout('BYCODE10');
    expect(at.discount).toBeCloseTo(Math.round(at.subtotal! * 25) / 100, 2);
    // With an _id too, the code names the same promotion in any case.
    const both = await post('/admin/api/updatePromotions', { _id: made._id, code: 'ByCode10', discount: 0.7 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().promotion).toMatchObject({ code: 'BYCODE10', discount: 0.7 });
  });

  it('deletePromotions by code deletes that promotion: the list and checkout no longer have it', async () => {
    await create({ code: 'GONE_BY_CODE', type: 'dollarAmount', discount: 5 });
    const res = await post('/admin/api/deletePromotions', {
      code: 'gone_by_code',
      type: 'dollarAmount',
      discount: 5,
      payout: 0,
      password: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).some((p) => p.code === 'GONE_BY_CODE')).toBe(false);
    expect((await t.db.select().from(promotions).where(eq(promotions.code, 'GONE_BY_CODE'))).length).toBe(0);
    expect((await discountAtCheckout('GONE_BY_CODE')).success).toBe(false);
  });

  it('answers 404 with a message for a code that names no campaign promotion, and changes nothing', async () => {
    for (const url of ['/admin/api/updatePromotions', '/admin/api/deletePromotions']) {
      const res = await post(url, { code: 'NO-SUCH-CODE', type: 'percentage', discount: 0.5, payout: 0 });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('No promo code NO-SUCH-CODE (it may have been deleted)');
      // a shop-issued code is not the editor's
      const friend = await post(url, { code: 'friend-x', discount: 0.5 });
      expect(friend.statusCode, friend.body).toBe(404);
      expect(friend.json().message).toMatch(/No promo code friend-x/);
    }
    expect((await t.db.select().from(promotions).where(eq(promotions.code, 'FRIEND-X')))[0]).toMatchObject({
      rateBasisPoints: 9000,
    });
  });

  it('answers 400 with a message for a body with neither _id nor code', async () => {
    for (const url of ['/admin/api/updatePromotions', '/admin/api/deletePromotions']) {
      await expect400(
        url,
        { type: 'percentage', discount: 0.5, payout: 0 },
        '_id or code is required: name the promotion by its _id or by its code',
      );
      await expect400(url, { code: '   ', discount: 0.5 }, /_id or code is required/);
      await expect400(url, {}, /_id or code is required/);
    }
  });

  it('deletes nothing when the _id and the code sent name different promotions', async () => {
    const keep = await create({ code: 'KEEP_ME', type: 'dollarAmount', discount: 3 });
    await expect400(
      '/admin/api/deletePromotions',
      { _id: keep._id, code: 'BYCODE10' },
      `code: BYCODE10 is not the code of promotion ${keep._id}; nothing was deleted`,
    );
    const codes = (await list()).map((p) => p.code);
    expect(codes).toContain('KEEP_ME');
    expect(codes).toContain('BYCODE10');
  });
});

describe('deletePromotions', () => {
  it('deletes a campaign code: checkout no longer takes it', async () => {
    const twenty = (await list()).find((p) => p.code === 'TWENTY_OFF')!;
    expect((await post('/admin/api/deletePromotions', { _id: twenty._id })).json()).toEqual({ ok: true });
    expect((await list()).some((p) => p.code === 'TWENTY_OFF')).toBe(false);
    expect((await discountAtCheckout('TWENTY_OFF')).success).toBe(false);
    expect((await post('/admin/api/deletePromotions', { _id: twenty._id })).statusCode).toBe(404);
    await expect400('/admin/api/deletePromotions', {}, /_id/);
    // shop-issued codes are not the editor's to delete
    const friend = (await t.db.select().from(promotions).where(eq(promotions.code, 'FRIEND-X')))[0]!;
    expect((await post('/admin/api/deletePromotions', { _id: friend.id })).statusCode).toBe(404);
  });
});

describe("the editor reads the app's clock", () => {
  it('judges a new expiry date against the clock the app was built with, not the machine clock', async () => {
    // The app's clock stands in 2040: a date in 2039 is in its past, though still ahead of the machine clock.
    const later = await createTestApp({ clock: () => new Date('2040-01-01T00:00:00Z') });
    try {
      const cookie = await adminCookie(later);
      const body = { code: 'CLOCK10', type: 'percentage', discount: 0.9, expiresAt: '2039-06-01T00:00:00.000Z' };
      const res = await later.app.inject({
        method: 'POST',
        url: '/admin/api/createPromotions',
        payload: body,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'The expiry date is in the past. Choose a later one, or leave it empty for no expiry.',
      );
    } finally {
      await later.close();
    }
  });
});
