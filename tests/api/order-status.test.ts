import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { OrderStatusAnswer } from '../../src/contract/order-status.js';
import { ORDER_NOT_FOUND } from '../../src/domain/returns.js';
import { emailOutbox, orders } from '../../src/server/db/schema.js';
import { signLink } from '../../src/server/http/signed-link.js';
import { orderStatusToken } from '../../src/server/modules/order-status/order-status-link.js';
import { RETURN_CALLS_PER_WINDOW } from '../../src/server/modules/returns/returns-service.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery staple' };

let t: TestApp;
let all: Item[];
let admin: string;
let placed: number;
let fr: number;

beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
  await t.app.ctx.services.adminAuth.setPassword(ADMIN.email, ADMIN.password);
  admin = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: ADMIN }), 'admin_sid')!;
  placed = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-balconette-bra')] });
  fr = await placeOrder(t.app, { pieces: [selectionOf(all, 'high-waist-silk-brief')], shopper: FR_SHOPPER });
});
afterAll(async () => {
  await t?.close();
});

// Each call from its own address unless a test says otherwise, so the rate limit bites only where tested.
let clients = 0;
const nextIp = () => `10.27.${Math.floor(++clients / 250)}.${clients % 250}`;
const status = (payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/orderStatus', payload: payload as object, remoteAddress: ip });
const byLink = (token: string, ip = nextIp()) =>
  t.app.inject({ method: 'GET', url: `/orderStatusByLink?t=${encodeURIComponent(token)}`, remoteAddress: ip });
const adminPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
const withoutRequestId = (body: string) => {
  const { requestId: _, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};
const NOT_FOUND = { error: 'not_found', message: ORDER_NOT_FOUND };

describe('POST /orderStatus', () => {
  it('answers the timeline for the right order number and email, showing only what the shopper may see', async () => {
    const res = await status({ orderId: placed, email: US_SHOPPER.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as OrderStatusAnswer;
    expect(answer).toMatchObject({
      orderId: placed,
      status: 'placed',
      destination: { city: 'New York', country: 'US' },
      lines: [{ url: 'silk-balconette-bra', quantity: 1 }],
    });
    expect(answer.steps).toEqual([{ kind: 'placed', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(answer.total).toBeGreaterThan(0);
    // No street, zip, phone, name, email or card details.
    for (const secret of [US_SHOPPER.address, US_SHOPPER.zip, US_SHOPPER.lastName, US_SHOPPER.email, '4242']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('accepts the email in any case and with spaces, and the order number as typed digits', async () => {
    const res = await status({ orderId: ` ${placed} `, email: '  ADA@Example.COM ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderId).toBe(placed);
  });

  it('answers a wrong email exactly as a missing order', async () => {
    const wrong = await status({ orderId: placed, email: FR_SHOPPER.email });
    const missing = await status({ orderId: 1_234_567_890_123, email: US_SHOPPER.email });
    const otherOrder = await status({ orderId: fr, email: US_SHOPPER.email });
    for (const res of [wrong, missing, otherOrder]) {
      expect(res.statusCode).toBe(404);
      expect(withoutRequestId(res.body)).toEqual(NOT_FOUND);
    }
  });

  it('needs both the order number and the email, and says what is wrong', async () => {
    const noEmail = await status({ orderId: placed });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain('Please enter the email you ordered with');
    const blank = await status({ orderId: placed, email: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please enter the email you ordered with');
    const letters = await status({ orderId: 'abc', email: US_SHOPPER.email });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toContain('Please enter your order number (digits only)');
  });

  it('keeps XSS-looking input inert: refused as data, never echoed as markup', async () => {
    const evil = '<script>alert(1)</script>@example.com';
    const res = await status({ orderId: placed, email: evil });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<script>');
    const link = await byLink('<img src=x onerror=alert(1)>');
    expect(link.statusCode).toBe(404);
    expect(link.headers['content-type']).toMatch(/^application\/json/);
    expect(link.body).not.toContain('<img');
  });

  it('is rate-limited per client like the return lookup, right or wrong', async () => {
    const ip = '10.99.27.1';
    for (let i = 0; i < RETURN_CALLS_PER_WINDOW; i++) {
      const res = await status({ orderId: 1_000_000 + i, email: US_SHOPPER.email }, ip);
      expect(res.statusCode).toBe(404);
    }
    const limited = await status({ orderId: placed, email: US_SHOPPER.email }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    // The link counts against the same client's limit.
    expect((await byLink(orderStatusToken(t.config.sessionSecret, placed, new Date()), ip)).statusCode).toBe(429);
    // Another client is not affected.
    expect((await status({ orderId: placed, email: US_SHOPPER.email })).statusCode).toBe(200);
  });
});

describe('the signed order-status link', () => {
  it('is in the confirmation email and opens the timeline with nothing to type', async () => {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.to, US_SHOPPER.email)))
      .orderBy(emailOutbox.id)
      .limit(1);
    expect(mail!.html).toContain('Check your order status');
    const match = /Check your order status: (\S+)/.exec(mail!.text);
    expect(match, mail!.text).not.toBeNull();
    const url = new URL(match![1]!);
    expect(url.origin).toBe(t.config.publicUrl);
    expect(url.pathname).toBe('/order-status');
    expect(mail!.html).toContain(`href="${match![1]!.replaceAll('&', '&amp;')}"`);
    const res = await byLink(url.searchParams.get('t')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderId: placed, status: 'placed' });
  });

  it('refuses a forged, altered, expired or other-purpose token with the same not-found answer', async () => {
    const secret = t.config.sessionSecret;
    const good = orderStatusToken(secret, placed, new Date());
    const [subject, expires, mac] = good.split('.') as [string, string, string];
    const otherSubject = Buffer.from(String(fr)).toString('base64url');
    const cases = [
      orderStatusToken('not-the-shop-secret-not-the-shop-secret', placed, new Date()),
      `${otherSubject}.${expires}.${mac}`,
      `${subject}.${(Number.parseInt(expires, 36) + 1000).toString(36)}.${mac}`,
      orderStatusToken(secret, placed, new Date(Date.now() - 200 * 86_400_000)),
      signLink(secret, 'review', String(placed), new Date(Date.now() + 86_400_000)),
      'not-a-token',
    ];
    for (const token of cases) {
      const res = await byLink(token);
      expect(res.statusCode, token).toBe(404);
      expect(withoutRequestId(res.body)).toEqual(NOT_FOUND);
    }
    const empty = await t.app.inject({ method: 'GET', url: '/orderStatusByLink', remoteAddress: nextIp() });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the timeline after shipping, a return and a refund', () => {
  it('shows shipped with the carrier tracking page, then the return, then the refund with amount and method', async () => {
    const orderId = await placeOrder(t.app, { pieces: [selectionOf(all, 'high-waist-silk-brief')] });
    const shipped = await adminPost('/admin/api/assignCustomTracking', {
      orderId,
      trackingNumber: '1Z999AA10123456784',
      trackingUrlLink: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tracking = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_shipped'), eq(emailOutbox.to, US_SHOPPER.email)));
    expect(tracking.at(-1)!.text).toMatch(/Check your order status: \S+\/order-status\?t=/);

    let res = await status({ orderId, email: US_SHOPPER.email });
    let answer = res.json() as OrderStatusAnswer;
    expect(answer.status).toBe('shipped');
    expect(answer.steps[1]).toEqual({
      kind: 'shipped',
      at: expect.stringMatching(/^\d{4}-/),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const requested = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: { orderId, items: [{ index: 0, quantity: 1 }], creditSelected: false, international: false },
      remoteAddress: nextIp(),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    res = await status({ orderId, email: US_SHOPPER.email });
    answer = res.json() as OrderStatusAnswer;
    expect(answer.status).toBe('return_requested');
    expect(answer.steps[2]).toMatchObject({ kind: 'return_requested', at: expect.any(String), pieces: 1 });

    const refunded = await adminPost('/admin/api/refundReturn', {
      orderId,
      method: 'original_payment',
      restock: false,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    res = await status({ orderId, email: US_SHOPPER.email });
    answer = res.json() as OrderStatusAnswer;
    expect(answer.status).toBe('refunded');
    expect(answer.steps.map((s) => s.kind)).toEqual(['placed', 'shipped', 'return_requested', 'refunded']);
    expect(answer.steps[3]).toEqual({
      kind: 'refunded',
      at: after!.returnRequest!.refundedAt,
      amount: after!.returnRequest!.totalRefundCents / 100,
      method: 'Card',
    });
    expect(row!.shippedAt).toBeInstanceOf(Date);
  });

  it('keeps the first shipped date when the tracking is replaced', async () => {
    const orderId = await placeOrder(t.app, { pieces: [selectionOf(all, 'high-waist-silk-brief')] });
    const ship = (n: string) =>
      adminPost('/admin/api/assignCustomTracking', {
        orderId,
        trackingNumber: n,
        trackingUrlLink: `https://parcels.example/track/${n}`,
      });
    expect((await ship('AB123')).statusCode).toBe(200);
    const [first] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect((await ship('AB124')).statusCode).toBe(200);
    const [second] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(second!.shippedAt!.getTime()).toBe(first!.shippedAt!.getTime());
    const answer = (await status({ orderId, email: US_SHOPPER.email })).json() as OrderStatusAnswer;
    // An unknown carrier keeps the stored tracking address and is named by its site.
    expect(answer.steps[1]).toMatchObject({
      carrier: 'parcels.example',
      trackingNumber: 'AB124',
      trackingUrl: 'https://parcels.example/track/AB124',
    });
  });
});
