import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { OrderDetailsAnswer } from '../../src/contract/returns.js';
import { refundFor } from '../../src/domain/returns.js';
import { emailOutbox, orders, settings } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { RETURN_CALLS_PER_WINDOW } from '../../src/server/modules/returns/returns-service.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import type { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems, type TestApp } from '../support/test-app.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';

const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery staple' };
const quietLog = { warn: () => {}, info: () => {} };

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];
let admin: string;
/** US, WELCOME10, NY tax: bra $98, brief $62 × 2, final-sale velvet brief $48. */
let mixed: number;

beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail());
  all = await storefrontItems(t.app);
  await t.app.ctx.services.adminAuth.setPassword(ADMIN.email, ADMIN.password);
  admin = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: ADMIN }), 'admin_sid')!;
  const brief = selectionOf(all, 'high-waist-silk-brief');
  mixed = await placeOrder(t.app, {
    pieces: [selectionOf(all, 'silk-balconette-bra'), brief, brief, selectionOf(all, 'velvet-bikini-brief')],
    promo: 'WELCOME10',
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// Each call comes from its own address unless a test says otherwise, so the rate limit only bites where it is tested.
let clients = 0;
const post = (url: string, payload: unknown, ip = `10.1.${Math.floor(++clients / 250)}.${clients % 250}`) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const lookup = (orderId: unknown, ip?: string) => post('/orderDetailsById', { orderId }, ip);
const requestReturn = (orderId: unknown, items: unknown, extra: object = {}, ip?: string) =>
  post('/requestReturn', { creditSelected: false, orderId, items, international: false, ...extra }, ip);
const ship = async (orderId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/assignCustomTracking',
    payload: { orderId, trackingNumber: `TRK${orderId}`, trackingUrlLink: `https://track.example/${orderId}` },
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const returnMails = async () =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'return_request')).orderBy(emailOutbox.id);

describe('POST /orderDetailsById', () => {
  it("answers status 'fail' for an order number that does not exist", async () => {
    const res = await lookup(1_234_567_890);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'fail',
      country: '',
      international: false,
      shipped: false,
      refunded: false,
      orderData: [],
    });
  });

  it('lists every piece with what the page shows: type, title, url, picture, size, colour, price, final sale', async () => {
    const res = await lookup(String(mixed)); // the digits as typed work too
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderDetailsAnswer;
    expect(answer).toMatchObject({ status: 'success', country: 'US', international: false, shipped: false });
    expect(answer.orderData).toHaveLength(4);
    expect(answer.orderData[0]).toEqual({
      index: 0,
      piece: 0,
      product_type: 'bra',
      product_name: 'Bra',
      title: 'Silk Balconette Bra',
      url: 'silk-balconette-bra',
      picture: expect.stringMatching(/\.jpg$/),
      size: expect.any(String),
      color: expect.any(String),
      price: 98,
      is_final_sale: false,
      return_requested: false,
    });
    // A line of two is two pieces, each with its own checkbox.
    expect(answer.orderData.slice(1, 3).map((p) => [p.index, p.piece, p.title, p.price])).toEqual([
      [1, 0, 'High-Waist Silk Brief', 62],
      [1, 1, 'High-Waist Silk Brief', 62],
    ]);
    expect(answer.orderData[3]).toMatchObject({ index: 2, url: 'velvet-bikini-brief', is_final_sale: true });
  });

  it('reveals no name, email, address or payment data', async () => {
    const body = (await lookup(mixed)).body;
    for (const secret of [
      US_SHOPPER.email,
      US_SHOPPER.lastName,
      US_SHOPPER.firstName,
      US_SHOPPER.address,
      US_SHOPPER.city,
      US_SHOPPER.zip,
      '4242',
      'Visa',
      'pi_',
      'card',
    ]) {
      expect(body, secret).not.toContain(secret);
    }
    expect(Object.keys(JSON.parse(body) as object).sort()).toEqual([
      'country',
      'international',
      'orderData',
      'refunded',
      'shipped',
      'status',
    ]);
  });

  it('flags an order shipped to France as international (spec §4)', async () => {
    const paris = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-bikini-brief')], shopper: FR_SHOPPER });
    expect((await lookup(paris)).json()).toMatchObject({
      status: 'success',
      country: 'FR',
      international: true,
      shipped: false,
    });
  });

  it.each([
    ['letters', 'abc'],
    ['a negative number', -4],
    ['a fraction', 12.5],
    ['zero', 0],
    ['an empty string', ''],
    ['too many digits', '12345678901234567890'],
    ['an object', { $gt: 0 }],
  ])('answers 400 for %s', async (_name, orderId) => {
    const res = await lookup(orderId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Please enter your order number/);
  });

  it('answers 400 without an order id, and for a body that is not JSON', async () => {
    expect((await post('/orderDetailsById', {})).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/orderDetailsById',
      payload: '{"orderId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /requestReturn', () => {
  it('refuses an order that has not been processed for shipping, and records nothing', async () => {
    const res = await requestReturn(mixed, [{ index: 0, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order has not shipped yet. You can start a return as soon as it is on its way.',
    );
    expect((await orderRow(mixed)).returnRequest).toBeNull();
    expect(await returnMails()).toHaveLength(0);
  });

  it("answers 404 'Order not found...' for an unknown order", async () => {
    const res = await requestReturn(1_234_567_890, [{ index: 0 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found...');
  });

  it('records the return on a shipped order: the pieces, and a refund of price less discount share plus tax share', async () => {
    await ship(mixed);
    expect((await lookup(mixed)).json().shipped).toBe(true);
    const order = await orderRow(mixed);
    expect(order.promo).toMatchObject({ code: 'WELCOME10', discount: 0.9 });
    expect(order.discountCents).toBe(2700);
    expect(order.taxCents).toBeGreaterThan(0);

    // The browser claims an international order; the server decides from the order's country.
    const res = await requestReturn(mixed, [{ index: 0, quantity: 1 }], { international: true });
    expect(res.statusCode, res.body).toBe(200);
    const expected = refundFor(order, [{ index: 0, quantity: 1 }]);
    // The bra's price less its 10% (its share of $27 off is exactly $9.80), plus its share of the tax.
    expect(expected.discountCents).toBe(980);
    expect(res.json()).toEqual({
      success: true,
      refund: {
        subtotal: 98,
        discount: 9.8,
        tax: expected.taxCents / 100,
        total_refund: expected.totalRefundCents / 100,
      },
    });
    expect((await orderRow(mixed)).returnRequest).toEqual({
      creditSelected: false,
      items: [{ index: 0, quantity: 1 }],
      subtotalCents: 9800,
      discountCents: 980,
      taxCents: expected.taxCents,
      totalRefundCents: 9800 - 980 + expected.taxCents,
      international: false,
      requestedAt: expect.any(String),
    });
  });

  it('emails the shipping instructions to the email on the order, through the outbox and SMTP', async () => {
    const [queued] = await returnMails();
    expect(queued).toMatchObject({ to: US_SHOPPER.email, subject: `Your return for Murashki order #${mixed}` });
    expect(queued!.text).toContain('We received your return request');
    expect(queued!.text).toContain(`Put a note with your order number #${mixed} inside the parcel`);
    expect(queued!.text).toContain('Returns to:');
    expect(queued!.text).toContain('Shipping is not refunded');
    expect(queued!.text).not.toContain('customs');
    expect(queued!.html).toContain('Silk Balconette Bra');
    expect(queued!.html).not.toContain('High-Waist Silk Brief');

    await outboxWorker(t.db, t.mailer, quietLog).runOnce();
    const mail = sink.received.find((m) => m.subject === `Your return for Murashki order #${mixed}`);
    expect(mail?.to).toEqual([US_SHOPPER.email]);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
  });

  it('refuses a second request for the same piece, and changes nothing', async () => {
    const before = await orderRow(mixed);
    const res = await requestReturn(mixed, [{ index: 0, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^A return was already requested for Silk Balconette Bra \(/);
    expect((await orderRow(mixed)).returnRequest).toEqual(before.returnRequest);
    expect(await returnMails()).toHaveLength(1);
    const pieces = (await lookup(mixed)).json().orderData as OrderDetailsAnswer['orderData'];
    expect(pieces.map((p) => p.return_requested)).toEqual([true, false, false, false]);
  });

  it('refuses a final-sale piece, also when asked together with a returnable one', async () => {
    for (const items of [
      [{ index: 2 }],
      [
        { index: 1, quantity: 1 },
        { index: 2, quantity: 1 },
      ],
    ]) {
      const res = await requestReturn(mixed, items);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^Velvet Bikini Brief \(.*\) is final sale and cannot be returned$/);
    }
    expect((await orderRow(mixed)).returnRequest!.items).toEqual([{ index: 0, quantity: 1 }]);
    expect(await returnMails()).toHaveLength(1);
  });

  it('a later request for other pieces joins the return; the totals are the whole return, the email this request', async () => {
    const order = await orderRow(mixed);
    const res = await requestReturn(mixed, [{ index: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    const whole = refundFor(order, [
      { index: 0, quantity: 1 },
      { index: 1, quantity: 1 },
    ]);
    const first = refundFor(order, [{ index: 0, quantity: 1 }]);
    expect(res.json().refund.total_refund).toBe((whole.totalRefundCents - first.totalRefundCents) / 100);
    expect((await orderRow(mixed)).returnRequest).toMatchObject({
      items: [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 1 },
      ],
      subtotalCents: 9800 + 6200,
      totalRefundCents: whole.totalRefundCents,
    });
    const mails = await returnMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.html).toContain('High-Waist Silk Brief');
    expect(mails[1]!.html).not.toContain('Silk Balconette Bra');
    // One brief of the two is still returnable; two more are too many.
    const tooMany = await requestReturn(mixed, [{ index: 1, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/^A return was already requested for High-Waist Silk Brief/);
  });

  it('two simultaneous requests for the same piece: one is recorded, the other refused', async () => {
    const order = await placeOrder(t.app, { pieces: [selectionOf(all, 'lace-cheeky-brief')] });
    await ship(order);
    const answers = await Promise.all([requestReturn(order, [{ index: 0 }]), requestReturn(order, [{ index: 0 }])]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await orderRow(order)).returnRequest!.items).toEqual([{ index: 0, quantity: 1 }]);
  });

  it('an international order gets the customs steps and the owner’s return address', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'returnAddress', value: ['Murashki Returns', '1 Test Lane', 'Brooklyn, NY 11201', 'USA'] });
    const paris = await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')], shopper: FR_SHOPPER });
    await ship(paris);
    const res = await requestReturn(paris, [{ index: 0 }], { international: false });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(paris);
    expect(order.returnRequest).toMatchObject({
      international: true,
      taxCents: 0,
      subtotalCents: 3800,
      totalRefundCents: 3800,
    });
    const mail = (await returnMails()).find((m) => m.to === FR_SHOPPER.email)!;
    expect(mail.text).toContain('International returns to:');
    expect(mail.text).toContain('1 Test Lane');
    expect(mail.text).toMatch(/customs form/);
  });

  it.each([
    ['no items', { items: [] }, 'Select at least one item to return'],
    ['an item without its line', { items: [{ quantity: 1 }] }, 'Each item needs the index of its order line (item 1)'],
    ['a negative line', { items: [{ index: -1 }] }, 'Each item needs the index of its order line (item 1)'],
    ['a fractional quantity', { items: [{ index: 0, quantity: 0.5 }] }, 'Quantity of item 1 must be a whole number'],
    ['store credit chosen', { creditSelected: true, items: [{ index: 0 }] }, 'Store credit cannot be chosen here'],
    ['items that are not a list', { items: 'all' }, 'Items must be a list'],
    ['no order id', { orderId: undefined, items: [{ index: 0 }] }, 'Please enter your order number'],
  ])('answers 400 for %s', async (_name, override, message) => {
    const res = await post('/requestReturn', {
      creditSelected: false,
      orderId: mixed,
      international: false,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 400 for a line that is not in the order or more pieces than were ordered', async () => {
    const notThere = await requestReturn(mixed, [{ index: 7 }]);
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().message).toBe('That item is not part of this order');
    const tooMany = await requestReturn(mixed, [{ index: 0, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^Your order has only 1 × Silk Balconette Bra/);
  });
});

describe('rate limits', () => {
  it(`lets one client make ${RETURN_CALLS_PER_WINDOW} lookups and requests, then answers 429; other clients go on`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < RETURN_CALLS_PER_WINDOW - 1; i++)
      expect((await lookup(1_000_000_000 + i, ip)).statusCode).toBe(200);
    expect((await requestReturn(1_000_000_000, [{ index: 0 }], {}, ip)).statusCode).toBe(404);
    const limited = await lookup(mixed, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests, please try again in 15 minutes');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await requestReturn(mixed, [{ index: 1 }], {}, ip)).statusCode).toBe(429);
    expect((await lookup(mixed, '203.0.113.10')).statusCode).toBe(200);
  });
});
