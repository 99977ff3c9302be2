// Issue 28 #4: abandoned checkouts. A bag is recorded when its shopper sends the contact step with an
// email; an hour (Settings) without an order and it is listed in the Abandoned tab with its pieces and
// value. A shopper who ticked 'Email me a reminder if I don't finish' gets one reminder (never two,
// never after the order, not while the owner has reminders off), whose signed link brings the bag
// back on another device and whose other link stops reminders. The Overview's reminder figures count
// the orders such bags became. Test clock, orders through the real checkout, mail through SMTP.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbandonedCheckoutsAnswer } from '../../src/contract/abandoned.js';
import { GetCartAnswerSchema, type Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import type { ShopSettings } from '../../src/contract/settings.js';
import { admins, checkoutReminders, emailOutbox, orders } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { abandonedRepository } from '../../src/server/modules/abandoned/abandoned-repository.js';
import { BAG_GONE, LINK_NOT_VALID } from '../../src/server/modules/abandoned/abandoned-service.js';
import { reminderLinks } from '../../src/server/modules/abandoned/reminder-links.js';
import { reminderStats } from '../../src/server/modules/abandoned/reminder-stats.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { type AdminTestApp, adminCookie, createAdminTestApp } from '../support/admin-session.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

const quietLog = { warn: () => {}, info: () => {} };
const MINUTE = 60_000;
const START = new Date('2026-12-01T10:00:00Z');
let now = new Date(START);
let t: AdminTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];
let bra: Selection;
let thong: Selection;
/** Dollars of one of each. */
let braPrice: number;
let thongPrice: number;

const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * MINUTE);
};
const shopper = (email: string, firstName = 'Ada') => ({ ...US_SHOPPER, email, firstName });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const session = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
const bagOf = async (cookie: string) =>
  GetCartAnswerSchema.parse((await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).json());
const runReminders = () => t.app.ctx.services.abandoned.runReminders();
const deliver = () => outboxWorker(t.db, t.mailer, quietLog, { now: () => now }).runOnce();
const remindersTo = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter(
    (m) => m.kind === 'checkout_reminder',
  );
/** An owner's call; the test clock outruns an admin session (12 hours), so a 401 signs in again. */
let ownerCookie: string | undefined;
async function owner(method: 'GET' | 'POST', url: string, payload?: unknown) {
  for (let attempt = 0; ; attempt++) {
    ownerCookie ??= t.adminCookie;
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: ownerCookie, origin: t.config.publicUrl },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode !== 401 || attempt > 0) return res;
    ownerCookie = await adminCookie(t);
  }
}
const list = async (page = 0) => {
  const res = await owner('GET', `/admin/api/abandonedCheckouts?page=${page}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AbandonedCheckoutsAnswer;
};
const listed = async (email: string) => (await list()).checkouts.find((c) => c.email === email);
const tokenIn = (text: string, path: string) => text.match(new RegExp(`${path}\\?t=([A-Za-z0-9._-]+)`))?.[1];

/** A bag of `pieces` whose shopper sends the contact step (with or without ticking the box). */
async function contactStep(email: string, remindMe: boolean | undefined, pieces: Selection[] = [bra]) {
  const cookie = await session();
  for (const piece of pieces) expect((await post('/addToCart', [piece], cookie)).statusCode).toBe(200);
  const body = remindMe === undefined ? { shippingInfo: shopper(email) } : { shippingInfo: shopper(email), remindMe };
  const res = await post('/order/getShippingOptions', body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return cookie;
}

/** The rest of the real checkout from a session that gave its contact step: shipping, card, PLACE ORDER. */
async function placeOrderFrom(cookie: string, email: string): Promise<number> {
  const info = shopper(email);
  const ok = async (url: string, payload: unknown) => {
    const res = await post(url, payload, cookie);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const [option] = (await ok('/order/getShippingOptions', { shippingInfo: info })) as { type: string; amt: number }[];
  const { taxRate } = (await ok('/getTaxRate', { zipCode: info.zip })) as { taxRate: number };
  const secret = (await ok('/api/getClientSecret', {
    taxRate,
    shippingFee: option!.amt,
    shippingType: option!.type,
  })) as string;
  await ok('/sandbox/card/confirm', {
    clientSecret: secret,
    cardNumber: '4242 4242 4242 4242',
    exp: '12/40',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  const placed = (await ok('/placeOrder', {
    shippingInfo: info,
    billingInfo: { cardholderName: 'Ada' },
    shippingType: option!.type,
    promo: null,
    additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
  })) as { orderId: number };
  return placed.orderId;
}

async function setReminders(on: boolean) {
  const current = (await owner('GET', '/admin/api/settings')).json() as ShopSettings;
  const res = await owner('POST', '/admin/api/settings', {
    ...current,
    insights: { ...current.insights, checkoutReminders: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
  t = await createAdminTestApp({ fixture: 'demo', mailer, clock: () => now });
  all = await storefrontItems(t.app);
  bra = selectionOf(all, 'tulle-longline-bra');
  thong = selectionOf(all, 'satin-thong');
  braPrice = all.find((i) => i.url === bra.url)!.available_products[0]!.price;
  thongPrice = all.find((i) => i.url === thong.url)!.available_products[0]!.price;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('recording a checkout', () => {
  it('records nothing before an email is given, nor for an email the shop refuses', async () => {
    const cookie = await session();
    await post('/addToCart', [bra], cookie);
    await post('/requestCheckout', {}, cookie);
    const refused = await post('/order/getShippingOptions', { shippingInfo: shopper('not-an-email') }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(checkoutReminders)).toEqual([]);
    later(120);
    expect((await list()).checkouts).toEqual([]);
  });

  it("keeps the shopper's choice when the options are read again without it, and follows a change of mind", async () => {
    const cookie = await contactStep('mind@example.com', true);
    await post('/order/getShippingOptions', { shippingInfo: shopper('mind@example.com') }, cookie);
    const [kept] = await t.db.select().from(checkoutReminders).where(eq(checkoutReminders.email, 'mind@example.com'));
    expect(kept?.wantsReminder).toBe(true);
    await post('/order/getShippingOptions', { shippingInfo: shopper('mind@example.com'), remindMe: false }, cookie);
    const [changed] = await t.db
      .select()
      .from(checkoutReminders)
      .where(eq(checkoutReminders.email, 'mind@example.com'));
    expect(changed?.wantsReminder).toBe(false);
  });
});

describe('the Abandoned tab', () => {
  it('lists a checkout once it placed no order for the hour, newest first, with its pieces and value', async () => {
    await contactStep('first@example.com', false, [bra, bra, thong]);
    later(5);
    await contactStep('second@example.com', undefined, [thong]);
    later(30);
    expect(await listed('first@example.com')).toBeUndefined();
    later(30); // 65 minutes after the first, 60 after the second
    const { checkouts, total, pageSize, abandonAfterMinutes, remindersOn } = await list();
    expect([abandonAfterMinutes, remindersOn, pageSize]).toEqual([60, true, 20]);
    const emails = checkouts.map((c) => c.email);
    expect(emails.indexOf('second@example.com')).toBeLessThan(emails.indexOf('first@example.com'));
    expect(total).toBe(checkouts.length);
    const first = checkouts.find((c) => c.email === 'first@example.com')!;
    expect(first.pieces.map((p) => [p.title.toLowerCase(), p.color, p.size, p.quantity])).toEqual([
      [all.find((i) => i.url === bra.url)!.title.toLowerCase(), bra.color, bra.size, 2],
      [all.find((i) => i.url === thong.url)!.title.toLowerCase(), thong.color, thong.size, 1],
    ]);
    expect(first.value).toBeCloseTo(2 * braPrice + thongPrice, 2);
    expect(first.reminder).toBe('not-asked');
    expect(first.emailGivenAt).toBe(new Date(now.getTime() - 65 * MINUTE).toISOString());
  });

  it('pages by 20', async () => {
    const { total } = await list();
    const beyond = await list(Math.ceil(total / 20));
    expect(beyond.checkouts).toEqual([]);
    expect(beyond.total).toBe(total);
  });

  it('is for the back office only, staff included', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/abandonedCheckouts' })).statusCode).toBe(401);
    const staff = { email: 'abandoned.staff@murashki.test', password: 'staff horse battery' };
    await t.app.ctx.services.adminAuth.setPassword(staff.email, staff.password);
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, staff.email));
    const cookie = cookieFrom(await post('/authenticate', staff), 'admin_sid')!;
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/abandonedCheckouts', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the reminder', () => {
  it('goes once, only to a shopper who ticked the box, once the checkout is abandoned', async () => {
    await contactStep('quiet@example.com', false);
    await contactStep('remind.me@example.com', true, [bra, thong]);
    later(59);
    expect(await runReminders()).toBe(0);
    expect((await listed('remind.me@example.com'))?.reminder).toBeUndefined();
    later(2);
    expect((await listed('remind.me@example.com'))?.reminder).toBe('waiting');
    const written = await runReminders();
    expect(written).toBeGreaterThanOrEqual(1);
    expect(await runReminders()).toBe(0);
    expect(await remindersTo('remind.me@example.com')).toHaveLength(1);
    expect(await remindersTo('quiet@example.com')).toHaveLength(0);
    expect(await remindersTo('first@example.com')).toHaveLength(0);

    await deliver();
    const mails = sink.received.filter((m) => m.to.includes('remind.me@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Murashki bag is waiting');
    const [row] = await remindersTo('remind.me@example.com');
    expect(row!.text).toMatch(/Return to your bag: http:\/\/localhost:\d+\/restore-bag\?t=/);
    expect(row!.text).toContain(`Colour: ${bra.color} · Size: ${bra.size} · Qty: 1`);
    expect(row!.text).toMatch(/Stop checkout reminders: .*\/stop-reminders\?t=/);
    expect(row!.listUnsubscribe).toMatch(/\/stopReminders\/[A-Za-z0-9._-]+$/);
    expect(mails[0]!.raw).toMatch(/List-Unsubscribe:\s*<http/i);
    const shown = await listed('remind.me@example.com');
    expect([shown?.reminder, shown?.remindedAt]).toEqual(['sent', now.toISOString()]);
  });

  it('is claimed once when two copies of the job run at the same time', async () => {
    await contactStep('twice@example.com', true);
    later(61);
    const [a, b] = await Promise.all([runReminders(), runReminders()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await remindersTo('twice@example.com')).toHaveLength(1);
  });

  it('is not sent while the owner has reminders off, and goes once they are on again', async () => {
    await setReminders(false);
    try {
      await contactStep('off@example.com', true);
      later(61);
      expect(await runReminders()).toBe(0);
      expect((await listed('off@example.com'))?.reminder).toBe('off');
      const config = await t.app.inject({ method: 'GET', url: '/checkout/config' });
      expect(config.json().reminders).toBe(false);
    } finally {
      await setReminders(true);
    }
    expect(await runReminders()).toBeGreaterThanOrEqual(1);
    expect(await remindersTo('off@example.com')).toHaveLength(1);
  });

  it('is never sent after the order is placed', async () => {
    const cookie = await contactStep('ordered@example.com', true);
    later(10);
    const orderId = await placeOrderFrom(cookie, 'ordered@example.com');
    later(120);
    await runReminders();
    expect(await remindersTo('ordered@example.com')).toHaveLength(0);
    expect(await listed('ordered@example.com')).toBeUndefined();
    const [row] = await t.db.select().from(checkoutReminders).where(eq(checkoutReminders.email, 'ordered@example.com'));
    expect(row?.orderId).toBe(orderId);
    // Its link (were one made) brings nothing back: the bag became the order.
    const { bagUrl } = reminderLinks(t.config.sessionSecret, t.config.publicUrl, row!.cartId, now);
    const res = await post('/restoreBag', { t: new URL(bagUrl).searchParams.get('t') });
    expect(res.json()).toEqual({ status: 'ordered' });
  });

  // PostgreSQL only: on PGlite one connection runs one transaction at a time, so nothing overlaps.
  it.skipIf(!process.env.DATABASE_URL)(
    "is not sent for a bag whose order is being written while the job runs (the order's row lock)",
    async () => {
      await contactStep('race@example.com', true);
      later(61);
      const [row] = await t.db.select().from(checkoutReminders).where(eq(checkoutReminders.email, 'race@example.com'));
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      // As createOrder does, in its transaction: the bag is marked ordered, then the rest takes a while.
      const order = t.db.transaction(async (tx) => {
        await abandonedRepository(t.db).markOrdered(tx, row!.cartId, 999_999_999);
        locked();
        await held;
      });
      await isLocked;
      await runReminders();
      release();
      await order;
      await runReminders();
      expect(await remindersTo('race@example.com')).toHaveLength(0);
    },
  );

  it('is not sent for a checkout older than three days when first seen', async () => {
    await setReminders(false);
    await contactStep('stale@example.com', true);
    later(4 * 24 * 60);
    await setReminders(true);
    await runReminders();
    expect(await remindersTo('stale@example.com')).toHaveLength(0);
    expect((await listed('stale@example.com'))?.reminder).toBe('too-old');
  });
});

describe("the reminder's links", () => {
  let bagToken: string;
  let stopToken: string;
  let deviceOne: string;

  beforeAll(async () => {
    deviceOne = await contactStep('links@example.com', true, [bra, bra, thong]);
    later(61);
    await runReminders();
    const [mail] = await remindersTo('links@example.com');
    bagToken = tokenIn(mail!.text, '/restore-bag')!;
    stopToken = tokenIn(mail!.text, '/stop-reminders')!;
    expect([bagToken, stopToken].every(Boolean)).toBe(true);
  });

  it('brings the bag back in a fresh session (another device), and opening it again adds nothing', async () => {
    const res = await post('/restoreBag', { t: bagToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'restored', count: 3, missing: [] });
    const cookie = cookieFrom(res, 'sid')!;
    expect(cookie).toBeTruthy();
    const lines = await bagOf(cookie);
    expect(lines.map((l) => [l.url, l.color, l.size, l.quantity])).toEqual([
      [bra.url, bra.color, bra.size, 2],
      [thong.url, thong.color, thong.size, 1],
    ]);
    const again = await post('/restoreBag', { t: bagToken }, cookie);
    expect(again.json()).toEqual({ status: 'restored', count: 3, missing: [] });
    expect((await bagOf(cookie)).map((l) => l.quantity)).toEqual([2, 1]);
    // On the first device the bag is still there, untouched.
    expect((await bagOf(deviceOne)).map((l) => l.quantity)).toEqual([2, 1]);
    expect((await listed('links@example.com'))?.restoredAt).toBe(now.toISOString());
  });

  it('adds to a bag the other device already holds, without doubling what is there', async () => {
    const cookie = await session();
    await post('/addToCart', [bra], cookie);
    const res = await post('/restoreBag', { t: bagToken }, cookie);
    expect(res.json()).toEqual({ status: 'restored', count: 3, missing: [] });
    expect((await bagOf(cookie)).map((l) => [l.url, l.quantity])).toEqual([
      [bra.url, 2],
      [thong.url, 1],
    ]);
  });

  it('refuses a forged, altered or expired link with a clear message', async () => {
    for (const token of ['abc.def.ghi', `${bagToken.slice(0, -2)}xx`, stopToken]) {
      const res = await post('/restoreBag', { t: token });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(LINK_NOT_VALID);
    }
    const malformed = await post('/restoreBag', { t: '<script>' });
    expect(malformed.statusCode).toBe(400);
    const saved = now;
    later(31 * 24 * 60);
    try {
      const expired = await post('/restoreBag', { t: bagToken });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(LINK_NOT_VALID);
    } finally {
      now = saved;
    }
    // Signed by the shop, but for a bag it no longer keeps.
    const { bagUrl } = reminderLinks(t.config.sessionSecret, t.config.publicUrl, 'f'.repeat(24), now);
    const gone = await post('/restoreBag', { t: new URL(bagUrl).searchParams.get('t') });
    expect([gone.statusCode, gone.json().message]).toEqual([404, BAG_GONE]);
  });

  it('counts the order placed from the restored bag as recovered, with its revenue, and closes both bags', async () => {
    const before = await reminderStats(t.db, START, new Date(now.getTime() + MINUTE));
    const device = await session();
    await post('/restoreBag', { t: bagToken }, device);
    const orderId = await placeOrderFrom(device, 'links@example.com');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const after = await reminderStats(t.db, START, new Date(now.getTime() + MINUTE));
    expect(after.sent).toBe(before.sent);
    expect(after.recoveredOrders).toBe(before.recoveredOrders + 1);
    expect(after.recoveredRevenue).toBeCloseTo(before.recoveredRevenue + order!.totalCents / 100, 2);
    expect(await listed('links@example.com')).toBeUndefined();
    // The first bag's own link now says it became an order.
    expect((await post('/restoreBag', { t: bagToken })).json()).toEqual({ status: 'ordered' });
    // A period before any of it counts nothing.
    expect(await reminderStats(t.db, new Date('2026-01-01T00:00:00Z'), START)).toEqual({
      sent: 0,
      recoveredOrders: 0,
      recoveredRevenue: 0,
    });
  });

  it('counts the reminders sent in the period', async () => {
    const stats = await reminderStats(t.db, START, new Date(now.getTime() + MINUTE));
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'checkout_reminder'));
    expect(stats.sent).toBe(sent.length);
  });

  it('stops reminders to that address: none for a later bag', async () => {
    const res = await post('/stopReminders', { t: stopToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await post('/stopReminders', { t: bagToken })).statusCode).toBe(404);
    await contactStep('LINKS@example.com', true);
    later(61);
    await runReminders();
    expect(await remindersTo('LINKS@example.com')).toHaveLength(0);
    expect((await listed('LINKS@example.com'))?.reminder).toBe('unsubscribed');
  });

  it("takes a mailbox provider's one-click form from another site", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/stopReminders/${stopToken}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/stopReminders/abc.def.ghi',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(404);
  });
});
