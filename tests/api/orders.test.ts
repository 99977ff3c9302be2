import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { emailOutbox, orders } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import type { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems, type TestApp } from '../support/test-app.js';
import { US_SHOPPER } from '../support/shoppers.js';

const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery staple' };
const quietLog = { warn: () => {}, info: () => {} };
const ASSIGN = '/admin/api/assignCustomTracking';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];
let admin: string;
let orderId: number;

beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail());
  all = await storefrontItems(t.app);
  await t.app.ctx.services.adminAuth.setPassword(ADMIN.email, ADMIN.password);
  admin = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: ADMIN }), 'admin_sid')!;
  orderId = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-balconette-bra')] });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const assign = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: ASSIGN, payload: payload as object, headers: cookie ? { cookie } : {} });
const orderRow = async (id = orderId) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const outboxFor = async (kind: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const TRACKING = {
  trackingNumber: '1Z999AA10123456784',
  trackingUrlLink: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
};

describe('the admin gate', () => {
  it('answers 401 without a session, with a shopper session, and with a shopper id in the admin cookie; nothing changes', async () => {
    const shopper = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    const shopperId = shopper.split('=')[1];
    for (const cookie of [undefined, shopper, `admin_sid=${shopperId}`, 'admin_sid=forged.value']) {
      const res = await assign({ orderId, ...TRACKING }, cookie);
      expect(res.statusCode, String(cookie)).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized', message: 'Please sign in as the shop owner' });
    }
    // The gate answers before the payload is read: a bad payload without a session is a 401 too.
    expect((await assign({}, shopper)).statusCode).toBe(401);
    expect(await orderRow()).toMatchObject({ processed: false, trackingNumber: null, trackingUrl: null });
    expect(await outboxFor('order_shipped')).toHaveLength(0);
  });

  it('refuses a signed-out admin session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: ADMIN });
    const cookie = cookieFrom(res, 'admin_sid')!;
    await t.app.inject({ method: 'POST', url: '/signout', headers: { cookie } });
    expect((await assign({ orderId, ...TRACKING }, cookie)).statusCode).toBe(401);
  });

  it('refuses a cross-site request even with the admin cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ASSIGN,
      payload: { orderId, ...TRACKING },
      headers: { cookie: admin, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await orderRow()).processed).toBe(false);
  });
});

describe('validation', () => {
  it.each([
    ['no body fields', {}, /Please enter your order number/],
    ['a non-numeric order id', { ...TRACKING, orderId: 'abc' }, /^Please enter your order number/],
    ['a negative order id', { ...TRACKING, orderId: -5 }, /Please enter your order number/],
    ['an empty tracking number', { ...TRACKING, orderId: 1, trackingNumber: '   ' }, /^Tracking number is required/],
    ['a tracking number with a line break', { ...TRACKING, orderId: 1, trackingNumber: 'AB\n12' }, /tracking number/i],
    [
      'a javascript: link',
      { ...TRACKING, orderId: 1, trackingUrlLink: 'javascript:alert(1)' },
      /^The tracking link must be an http/,
    ],
    ['an ftp link', { ...TRACKING, orderId: 1, trackingUrlLink: 'ftp://carrier.example/1' }, /tracking link/],
    ['a link without //', { ...TRACKING, orderId: 1, trackingUrlLink: 'http:carrier.example' }, /tracking link/],
    ['a bare host', { ...TRACKING, orderId: 1, trackingUrlLink: 'www.ups.com/track' }, /tracking link/],
    [
      'an overlong link',
      { ...TRACKING, orderId: 1, trackingUrlLink: `https://x.example/${'a'.repeat(2000)}` },
      /tracking link is too long/,
    ],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const res = await assign(payload, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await assign({ orderId: 1_000_000_001, ...TRACKING }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no order #1000000001');
  });

  it('left the order and the outbox alone', async () => {
    expect(await orderRow()).toMatchObject({ processed: false, trackingNumber: null });
    expect(await outboxFor('order_shipped')).toHaveLength(0);
  });
});

describe('assigning custom tracking', () => {
  it('marks the order processed with the tracking and emails the shopper the link (HTML and text, through SMTP)', async () => {
    const res = await assign({ orderId: String(orderId), ...TRACKING }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      orderId,
      processed: true,
      trackingNumber: TRACKING.trackingNumber,
      trackingUrl: TRACKING.trackingUrlLink,
      emailed: true,
    });
    expect(await orderRow()).toMatchObject({
      processed: true,
      trackingNumber: TRACKING.trackingNumber,
      trackingUrl: TRACKING.trackingUrlLink,
    });

    const [queued] = await outboxFor('order_shipped');
    expect(queued).toMatchObject({
      to: US_SHOPPER.email,
      status: 'pending',
      subject: `Your Murashki order #${orderId} is on its way`,
    });
    expect(queued!.text).toContain(`Tracking number: ${TRACKING.trackingNumber}`);
    expect(queued!.text).toContain(`Track your parcel: ${TRACKING.trackingUrlLink}`);
    expect(queued!.html).toContain(`href="${TRACKING.trackingUrlLink.replace(/&/g, '&amp;')}"`);
    expect(queued!.html).toContain('Silk Balconette Bra');

    expect(await outboxWorker(t.db, t.mailer, quietLog).runOnce()).toBeGreaterThanOrEqual(1);
    const mail = sink.received.find((m) => m.subject.includes(`#${orderId} is on its way`));
    expect(mail?.to).toEqual([US_SHOPPER.email]);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('the same tracking again changes nothing and sends nothing', async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const res = await assign({ orderId, ...TRACKING }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().emailed).toBe(false);
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('a second call updates the tracking and emails the new link', async () => {
    const next = {
      trackingNumber: '9400 1000 0000 0000 0000 00',
      trackingUrlLink: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    };
    const res = await assign({ orderId, ...next }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailed: true, trackingNumber: next.trackingNumber });
    expect(await orderRow()).toMatchObject({
      processed: true,
      trackingNumber: next.trackingNumber,
      trackingUrl: next.trackingUrlLink,
    });
    const [updated] = await outboxFor('order_tracking_updated');
    expect(updated).toMatchObject({
      to: US_SHOPPER.email,
      subject: `New tracking for your Murashki order #${orderId}`,
    });
    expect(updated!.text).toContain(next.trackingUrlLink);
    expect(await outboxFor('order_shipped')).toHaveLength(1);
  });
});
