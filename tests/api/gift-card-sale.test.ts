import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCartAnswerSchema, type CartLine } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { balances, emailOutbox, orders } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { placedOrders } from '../../src/server/modules/orders/placed-orders.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import type { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

const quietLog = { warn: () => {}, info: () => {} };
let now = new Date('2026-12-01T10:00:00Z');
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];

beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail({ clock: () => now }));
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const deliver = () => outboxWorker(t.db, t.mailer, quietLog, { now: () => now }).runOnce();
const received = (to: string) => sink.received.filter((m) => m.to.includes(to));
const card = {
  amount: 100,
  recipientName: 'Anna',
  recipientEmail: 'anna.gift@example.com',
  senderName: 'Ada',
  message: 'Happy birthday, Anna!',
  sendOn: '2026-12-03',
};

async function session() {
  return cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
}
const post = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
async function bag(cookie: string): Promise<CartLine[]> {
  const res = await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return GetCartAnswerSchema.parse(res.json());
}

describe('adding a gift card to the bag', () => {
  it('refuses bad fields with a 400 naming each', async () => {
    const cookie = await session();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...card, amount: 20 }, /Amount must be at least \$50/],
      [{ ...card, amount: 501 }, /Amount must be at most \$500/],
      [{ ...card, amount: 75.5 }, /Amount must be whole dollars/],
      [{ ...card, recipientName: ' ' }, /Recipient name is required/],
      [{ ...card, recipientEmail: 'anna@' }, /Recipient email is not a valid email address/],
      [{ ...card, senderName: '' }, /From \(your name\) is required/],
      [{ ...card, message: 'x'.repeat(301) }, /Message must be at most 300 characters/],
      [{ ...card, sendOn: '2026-11-30' }, /Send date cannot be in the past/],
      [{ ...card, sendOn: '2027-12-02' }, /Send date must be within a year/],
      [{ ...card, sendOn: '3 Dec' }, /Send date must be a date/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/addGiftCard', body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await bag(cookie)).toEqual([]);
  });

  it('shows it in /getCart as a line without stock or size, and removes it', async () => {
    const cookie = await session();
    expect((await post('/addToCart', [selectionOf(all, 'silk-balconette-bra', 'bra')], cookie)).statusCode).toBe(200);
    const added = await post('/addGiftCard', card, cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ ok: true, count: 2 });
    const lines = await bag(cookie);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      index: 1,
      title: 'Gift card',
      size: '$100 for Anna',
      quantity: 1,
      price: 100,
      pictures: ['/gift-card.svg'],
      giftCard: {
        amount: 100,
        recipientName: 'Anna',
        recipientEmail: 'anna.gift@example.com',
        senderName: 'Ada',
        message: 'Happy birthday, Anna!',
        sendOn: '2026-12-03',
      },
    });
    const picture = await t.app.inject({ method: 'GET', url: '/gift-card.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');

    expect((await post('/removeFromCart', { index: 1 }, cookie)).json()).toEqual({ ok: true, count: 1 });
    const left = await bag(cookie);
    expect(left.map((l) => l.title)).toEqual(['Silk Balconette Bra']);
    expect(left[0]!.giftCard).toBeUndefined();
  });

  it('refuses a gift card or store credit balance on a bag holding a gift card', async () => {
    const cookie = await session();
    await post('/addGiftCard', card, cookie);
    const [row] = await t.db
      .insert(balances)
      .values({ code: 'GIFTCARD-TESTBAL1', kind: 'gift_card', remainingCents: 500_00 })
      .returning();
    const res = await post('/applyPromo', { promo: row!.code }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/gift card cannot be paid for with a gift card or store credit/),
    });
  });
});

describe('buying a gift card', () => {
  it('a gift-card-only bag ships free by email, untaxed; the order issues the balance; the email comes on the send date; the code pays another order', async () => {
    const cookie = await session();
    expect((await post('/addGiftCard', card, cookie)).statusCode).toBe(200);
    const options = await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie);
    expect(options.json()).toEqual([{ type: 'email', description: 'By email', amt: 0 }]);
    const { taxRate } = (await post('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json() as { taxRate: number };
    expect(taxRate).toBeGreaterThan(0);
    const secretRes = await post('/api/getClientSecret', { taxRate, shippingFee: 0, shippingType: 'email' }, cookie);
    expect(secretRes.statusCode).toBe(200);
    const summary = (await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })).json();
    expect(summary).toMatchObject({ subtotal: 100, shipping: 0, tax: 0, total: 100, due: 100 });
    const secret = secretRes.json() as string;
    await post(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada Lovelace' },
      cookie,
    );
    const placed = await post(
      '/placeOrder',
      {
        shippingInfo: US_SHOPPER,
        billingInfo: { cardholderName: 'Ada' },
        shippingType: 'email',
        promo: null,
        additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
      },
      cookie,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().orderId as number;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      totalCents: 100_00,
      taxCents: 0,
      shippingCents: 0,
      shippingType: 'email',
      processed: true,
    });
    expect(order!.lines[0]).toMatchObject({
      title: 'Gift card',
      unitPriceCents: 100_00,
      giftCard: { recipientName: 'Anna', amountCents: 100_00, sendOn: '2026-12-03' },
    });
    const issued = await t.db.select().from(balances).where(eq(balances.issuedTo, card.recipientEmail));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'gift_card', remainingCents: 100_00 });
    expect(await bag(cookie)).toEqual([]);

    // The owner's order card: the card, sent by email, nothing to ship (processed, so no label offered).
    const cardOfOrder = (await placedOrders(t.db, t.app.ctx.services.shipping, undefined)).find(
      (o) => o.id === orderId,
    )!;
    expect(cardOfOrder.cart[0]).toMatchObject({
      title: 'Gift card',
      gift_card: 'A $100 gift card for Anna, sent on 3 Dec',
      price: 100,
    });
    expect(cardOfOrder.cart[0]!.item_removed).toBeUndefined();
    expect(cardOfOrder).toMatchObject({
      processed: true,
      shippingInfo: { shippingType: 'email', shippingService: 'Sent by email' },
    });
    // The return lookup shows it as final sale; asking it back is refused.
    const lookup = (await post('/orderDetailsById', { orderId }, cookie)).json();
    expect(lookup.orderData[0]).toMatchObject({
      title: 'Gift card',
      is_final_sale: true,
      gift_card: 'A $100 gift card for Anna, sent on 3 Dec',
    });
    expect(lookup.orderData[0].item_removed).toBeUndefined();
    const asked = await post(
      '/requestReturn',
      { creditSelected: false, orderId, items: [{ index: 0, quantity: 1 }], international: false },
      cookie,
    );
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('Gift cards are final sale and cannot be returned');

    // The buyer's confirmation names the card; the recipient's email waits for 3 Dec.
    await deliver();
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your Murashki order #${orderId}`));
    for (const part of [confirmation?.text, confirmation?.html])
      expect(part).toContain('A $100 gift card for Anna, sent on 3 Dec');
    expect(received(card.recipientEmail)).toHaveLength(0);
    now = new Date('2026-12-03T14:00:00Z');
    await deliver();
    const mail = received(card.recipientEmail);
    expect(mail.map((m) => m.subject)).toEqual(['Ada sent you a $100 Murashki gift card']);
    expect(mail[0]!.raw).toContain(issued[0]!.code);

    // The code pays part of a $142 order ($98 bra + $44 piece): $100 from the card, the rest by card.
    const second = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra', 'bra'), selectionOf(all, 'silk-balconette-bra', 'bra')],
      promo: issued[0]!.code,
    });
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, second));
    expect(paid).toMatchObject({ balanceCode: issued[0]!.code, balanceCents: 100_00 });
    expect(paid!.totalCents).toBeGreaterThan(100_00);
    const [after] = await t.db.select().from(balances).where(eq(balances.id, issued[0]!.id));
    expect(after!.remainingCents).toBe(0);
  });
});

describe('on a shop started with SEED=none', () => {
  it('serves /gift-card and sells a card with no catalog at all (needs npm run build)', async () => {
    const empty = await createTestApp({ clock: () => now });
    try {
      const page = await empty.app.inject({ method: 'GET', url: '/gift-card' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Gift Card');
      expect(page.body).toContain('Recipient email');
      const cookie = cookieFrom(await empty.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
      const send = (url: string, payload: unknown) =>
        empty.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
      expect((await send('/addGiftCard', { ...card, sendOn: now.toISOString().slice(0, 10) })).statusCode).toBe(200);
      expect((await send('/requestCheckout', {})).statusCode).toBe(200);
      const [option] = (await send('/order/getShippingOptions', { shippingInfo: US_SHOPPER })).json();
      expect(option).toEqual({ type: 'email', description: 'By email', amt: 0 });
      const { taxRate } = (await send('/getTaxRate', { zipCode: US_SHOPPER.zip })).json();
      const secret = (
        await send('/api/getClientSecret', { taxRate, shippingFee: 0, shippingType: 'email' })
      ).json() as string;
      await send('/sandbox/card/confirm', {
        clientSecret: secret,
        cardNumber: '4242 4242 4242 4242',
        exp: '12/40',
        cvc: '123',
        name: 'Ada',
      });
      const placed = await send('/placeOrder', {
        shippingInfo: US_SHOPPER,
        billingInfo: { cardholderName: 'Ada' },
        shippingType: 'email',
        promo: null,
        additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const [order] = await empty.db.select().from(orders).where(eq(orders.id, placed.json().orderId));
      expect(order).toMatchObject({ totalCents: 100_00, processed: true });
    } finally {
      await empty.close();
    }
  });
});
