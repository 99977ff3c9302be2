// Checkout on the server (spec §4 checkout stage, §5 checkout rules, §7 Checkout calls, §9 money):
// the server prices every order, takes payment only for an order it made, and mails it through the outbox.
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { PROMO_FIRST_ORDER_ONLY } from '../../src/server/modules/checkout/checkout-service.js';
import {
  carts,
  emailOutbox,
  orders,
  promotions,
  sandboxPayments,
  settings,
  sizes,
} from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { SETTINGS_KEYS } from '../../src/contract/settings.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems, type TestApp } from '../support/test-app.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';

const quietLog = { warn: () => {}, info: () => {} };

let t: TestApp;
let all: Item[];
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail());
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// ---------- helpers ----------

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;

/** A selection of a product type with this price (dollars), first size on offer. */
function selectionAt(price: number): Selection {
  for (const item of all) {
    const product = item.available_products.find((p) => p.price === price);
    const color = product?.colors[0];
    const sizeIndex = color?.available_sizes.findIndex((s) => !s.sold_out) ?? -1;
    if (product && color && sizeIndex >= 0) {
      const size = color.available_sizes[sizeIndex]!;
      return {
        url: item.url,
        product_type: product.type,
        product_name: product.name,
        color: color.color_name,
        colorIndex: 0,
        size: size.name,
        sizeIndex,
        isSoldOut: false,
      };
    }
  }
  throw new Error(`no product at $${price}`);
}
const BRIEF = () => selectionAt(62);

const sizeRow = (sel: Selection) => sizeRowOf(t.db, sizeKeyOf(all, sel));
async function setStock(sel: Selection, stock: number | null) {
  await t.db
    .update(sizes)
    .set({ stock, soldOut: false })
    .where(eq(sizes.id, (await sizeRow(sel)).id));
  await t.app.ctx.services.readModel.invalidate();
}

async function addToBag(cookie: string, sel: Selection, times = 1) {
  for (let i = 0; i < times; i++) expect((await post('/addToCart', [sel], cookie)).statusCode).toBe(200);
}

const US = US_SHOPPER;
const FR = FR_SHOPPER;

type Option = { type: string; description: string; amt: number };
const shippingOptions = async (cookie: string, info: object = US) => {
  const res = await post('/order/getShippingOptions', { shippingInfo: info }, cookie);
  return { res, options: res.json() as Option[] };
};

/** A shopper with `sel` in the bag, shipping options chosen, a card intent: ready to confirm. */
async function readyToPay(sel: Selection, info = US, quantity = 1) {
  const cookie = await newShopper();
  await addToBag(cookie, sel, quantity);
  const { options } = await shippingOptions(cookie, info);
  const { taxRate } = (await post('/getTaxRate', { zipCode: info.zip }, cookie)).json() as { taxRate: number };
  const res = await post(
    '/api/getClientSecret',
    { taxRate: info.country === 'US' ? taxRate : 0, shippingFee: options[0]!.amt, shippingType: options[0]!.type },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { cookie, clientSecret: res.json() as string, option: options[0]!, taxRate };
}

const confirmCard = (clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
  post('/sandbox/card/confirm', { clientSecret, cardNumber, exp: '12/40', cvc: '123', name: 'Ada Lovelace' });

const placeOrder = (cookie: string, additionalInfo: object, info: object = US, shippingType = 'standard') =>
  post(
    '/placeOrder',
    {
      shippingInfo: info,
      billingInfo: { cardholderName: 'Ada Lovelace' },
      shippingType,
      promo: { code: 'IGNORED', type: 'dollarAmount', discount: 1000 },
      additionalInfo,
    },
    cookie,
  );

const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
const paymentRow = async (id: string) =>
  (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;
const ordersOfCart = async (cookie: string) => {
  const sid = t.app.unsignCookie(decodeURIComponent(cookie.slice('sid='.length))).value!;
  return t.db
    .select({ order: orders })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(carts.sessionId, sid));
};

async function addPromo(
  values: Partial<typeof promotions.$inferInsert> & { code: string; type: 'dollarAmount' | 'percentage' },
) {
  await t.db.insert(promotions).values(values);
}

// ---------- the card path ----------

describe('card checkout through the sandbox', () => {
  it('places a paid order: totals from the server, stock taken, bag closed, success step, confirmation email', async () => {
    const sel = BRIEF();
    await setStock(sel, 5);
    const { cookie, clientSecret, option, taxRate } = await readyToPay(sel);
    expect(option).toEqual({ type: 'standard', description: expect.any(String), amt: 8 });
    expect(taxRate).toBeGreaterThan(0);
    expect((await post('/stageCheck', { stage: 'billing' }, cookie)).json()).toMatchObject({
      validStep: 'billing',
      orderId: null,
      promo: null,
    });

    const confirmed = await confirmCard(clientSecret);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      paymentIntent: { status: 'requires_capture', amount: expect.any(Number) },
    });

    const res = await placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) });
    expect(res.statusCode, res.body).toBe(200);
    const { success, orderId } = res.json() as { success: true; orderId: number };
    expect(success).toBe(true);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const tax = Math.round(6200 * taxRate);
    expect(order).toMatchObject({
      email: US.email,
      shippingType: 'standard',
      promo: null,
      subtotalCents: 6200,
      discountCents: 0,
      shippingCents: 800,
      taxCents: tax,
      totalCents: 6200 + 800 + tax,
      paymentProvider: 'sandbox',
      paymentReference: intentOf(clientSecret),
      paymentMethodDetails: { paymentMethod: 'card', detail: 'Visa •••• 4242' },
    });
    expect(order!.lines).toEqual([
      expect.objectContaining({ url: sel.url, size: sel.size, quantity: 1, unitPriceCents: 6200 }),
    ]);
    expect(await sizeRow(sel)).toMatchObject({ stock: 4, soldOut: false });
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, order!.cartId!));
    expect(cart!.orderId).toBe(orderId);
    expect((await paymentRow(intentOf(clientSecret))).status).toBe('succeeded');

    expect((await post('/stageCheck', { stage: 'success' }, cookie)).json()).toEqual({
      validStep: 'success',
      orderId,
      promo: null,
    });
    expect((await get('/getCart', cookie)).json()).toEqual([]);

    const worker = outboxWorker(t.db, t.mailer, quietLog);
    expect(await worker.runOnce()).toBe(1);
    const mail = sink.received.find((m) => m.raw.includes(String(orderId)));
    expect(mail?.to).toEqual([US.email]);
    expect(mail?.subject).toContain(String(orderId));
  });

  it('a declined card: the confirm answers the decline, placeOrder refuses with 402, no order, no stock taken', async () => {
    const sel = BRIEF();
    await setStock(sel, 5);
    const { cookie, clientSecret } = await readyToPay(sel);
    const confirmed = await confirmCard(clientSecret, '4000 0000 0000 0002');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ error: { code: 'card_declined', message: 'Your card was declined.' } });

    const res = await placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your payment was not completed');
    expect(await ordersOfCart(cookie)).toEqual([]);
    expect((await sizeRow(sel)).stock).toBe(5);
    expect((await get('/getCart', cookie)).json()).toHaveLength(1);
  });

  it('refuses a card intent of another checkout and an unpaid placeOrder', async () => {
    const a = await readyToPay(BRIEF());
    const b = await readyToPay(BRIEF());
    await confirmCard(a.clientSecret);
    const stolen = await placeOrder(b.cookie, { paymentIntentId: intentOf(a.clientSecret) });
    expect(stolen.statusCode).toBe(402);
    const unpaid = await placeOrder(b.cookie, {});
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().message).toBe('Your payment was not completed');
    // a's authorisation was not touched by b's attempts
    expect((await paymentRow(intentOf(a.clientSecret))).status).toBe('requires_capture');
  });

  it("getClientSecret answers 409 when the browser's tax rate or fee differ from the server's", async () => {
    const cookie = await newShopper();
    await addToBag(cookie, BRIEF());
    const { options } = await shippingOptions(cookie);
    const { taxRate } = (await post('/getTaxRate', { zipCode: '10001' }, cookie)).json();
    const wrongTax = await post(
      '/api/getClientSecret',
      { taxRate: taxRate + 0.01, shippingFee: options[0]!.amt, shippingType: 'standard' },
      cookie,
    );
    expect(wrongTax.statusCode).toBe(409);
    expect(wrongTax.json().message).toBe('Your order total changed, please review it');
    const wrongFee = await post('/api/getClientSecret', { taxRate, shippingFee: 0, shippingType: 'standard' }, cookie);
    expect(wrongFee.statusCode).toBe(409);
    const unknownOption = await post(
      '/api/getClientSecret',
      { taxRate, shippingFee: 8, shippingType: 'teleport' },
      cookie,
    );
    expect(unknownOption.statusCode).toBe(400);
    const express = await post('/api/getClientSecret', { taxRate, shippingFee: 18, shippingType: 'express' }, cookie);
    expect(express.statusCode).toBe(200);
    expect(express.json()).toMatch(/^pi_sandbox_\w+_secret_\w+$/);
  });

  it("getClientSecret takes the spec's payload {taxRate, shippingFee}: the option is the one with that fee", async () => {
    const sel = BRIEF();
    const cookie = await newShopper();
    await addToBag(cookie, sel);
    const { options } = await shippingOptions(cookie);
    const { taxRate } = (await post('/getTaxRate', { zipCode: US.zip }, cookie)).json();
    const express = options.find((o) => o.type === 'express')!;
    const secret = await post('/api/getClientSecret', { taxRate, shippingFee: express.amt }, cookie);
    expect(secret.statusCode, secret.body).toBe(200);
    // The intent is for the express total, and the order placed with that option matches it.
    const subtotal = all
      .flatMap((i) => i.available_products)
      .find((p) => p.type === sel.product_type && p.name === sel.product_name)!.price;
    const totalCents =
      Math.round(subtotal * 100) + Math.round(subtotal * taxRate * 100) + Math.round(express.amt * 100);
    expect((await paymentRow(intentOf(secret.json()))).amountCents).toBe(totalCents);
    expect((await confirmCard(secret.json())).statusCode).toBe(200);
    const placed = await placeOrder(cookie, { paymentIntentId: intentOf(secret.json()) }, US, 'express');
    expect(placed.statusCode, placed.body).toBe(200);
    // A fee no offered option has is a total that changed.
    const other = await newShopper();
    await addToBag(other, sel);
    await shippingOptions(other);
    const noSuchFee = await post('/api/getClientSecret', { taxRate, shippingFee: 3.33 }, other);
    expect(noSuchFee.statusCode).toBe(409);
    expect(noSuchFee.json().message).toBe('Your order total changed, please review it');
  });

  it('a double submit of placeOrder makes one order and one capture', async () => {
    const sel = BRIEF();
    await setStock(sel, 5);
    const { cookie, clientSecret } = await readyToPay(sel);
    await confirmCard(clientSecret);
    const card = t.app.ctx.services.payments.card;
    const capture = card.capture;
    let captures = 0;
    card.capture = async (id) => {
      captures++;
      return capture.call(card, id);
    };
    try {
      const [a, b] = await Promise.all([
        placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) }),
        placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) }),
      ]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json().orderId).toBe(b.json().orderId);
      // and a later retry still answers the same order
      const again = await placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) });
      expect(again.json()).toEqual({ success: true, orderId: a.json().orderId });
    } finally {
      card.capture = capture;
    }
    expect(captures).toBe(1);
    expect(await ordersOfCart(cookie)).toHaveLength(1);
    expect((await sizeRow(sel)).stock).toBe(4);
  });

  it('placeOrder with an empty bag is a 400', async () => {
    const cookie = await newShopper();
    const res = await placeOrder(cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your bag is empty');
  });
});

// ---------- money rules ----------

describe('shipping, tax and promos', () => {
  it('the first option is free from $100 discounted for a US address ("at least"), from $300 anywhere', async () => {
    await addPromo({ code: 'EDGE24', type: 'dollarAmount', discountCents: 2400 });
    await addPromo({ code: 'EDGE2401', type: 'dollarAmount', discountCents: 2401 });
    await addPromo({ code: 'EDGE10', type: 'dollarAmount', discountCents: 1000 });
    await addPromo({ code: 'EDGE1001', type: 'dollarAmount', discountCents: 1001 });
    await setStock(BRIEF(), null);
    const cookie = await newShopper();
    await addToBag(cookie, BRIEF(), 2); // $124

    expect((await post('/applyPromo', { promo: 'EDGE24' }, cookie)).json().success).toBe(true); // $100.00
    expect((await shippingOptions(cookie)).options[0]!.amt).toBe(0);
    expect((await shippingOptions(cookie)).options[1]!.amt).toBe(18);
    expect((await shippingOptions(cookie, FR)).options[0]!.amt).toBe(25);
    await post('/applyPromo', { promo: 'EDGE2401' }, cookie); // $99.99
    expect((await shippingOptions(cookie)).options[0]!.amt).toBe(8);

    await addToBag(cookie, BRIEF(), 3); // $310
    await post('/applyPromo', { promo: 'EDGE10' }, cookie); // $300.00
    expect((await shippingOptions(cookie, FR)).options[0]).toMatchObject({ type: 'international', amt: 0 });
    await post('/applyPromo', { promo: 'EDGE1001' }, cookie); // $299.99
    expect((await shippingOptions(cookie, FR)).options[0]!.amt).toBe(25);
  });

  it('tax applies to US zips only (first 5 digits), on the discounted subtotal, not to shipping', async () => {
    const rate = (await post('/getTaxRate', { zipCode: '10001' })).json().taxRate as number;
    expect(rate).toBeGreaterThan(0);
    expect((await post('/getTaxRate', { zipCode: '10001-1234' })).json().taxRate).toBe(rate);
    expect((await post('/getTaxRate', { zipCode: 'SW1A 1AA' })).json().taxRate).toBe(0);

    const cookie = await newShopper();
    await addToBag(cookie, BRIEF());
    await post('/applyPromo', { promo: 'welcome10' }, cookie);
    await shippingOptions(cookie);
    await post('/api/getClientSecret', { taxRate: rate, shippingFee: 8, shippingType: 'standard' }, cookie);
    expect((await get('/checkout/summary', cookie)).json()).toEqual({
      subtotal: 62,
      discount: 6.2,
      shipping: 8,
      tax: Math.round(5580 * rate) / 100,
      total: (5580 + 800 + Math.round(5580 * rate)) / 100,
      balance: 0,
      due: (5580 + 800 + Math.round(5580 * rate)) / 100,
      appliedBalance: null,
    });
    await shippingOptions(cookie, FR);
    expect(
      (await post('/api/getClientSecret', { taxRate: rate, shippingFee: 25, shippingType: 'international' }, cookie))
        .statusCode,
    ).toBe(409);
    expect(
      (await post('/api/getClientSecret', { taxRate: 0, shippingFee: 25, shippingType: 'international' }, cookie))
        .statusCode,
    ).toBe(200);
    expect((await get('/checkout/summary', cookie)).json()).toMatchObject({ tax: 0, shipping: 25, total: 55.8 + 25 });
  });

  it('WELCOME10 applies case-insensitively as 10% off; unknown, expired, used-up and not-yours codes are refused', async () => {
    await addPromo({
      code: 'OLD5',
      type: 'dollarAmount',
      discountCents: 500,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await addPromo({ code: 'ONCE', type: 'dollarAmount', discountCents: 500, usageLimit: 1, usedCount: 1 });
    await addPromo({ code: 'FORBOB', type: 'dollarAmount', discountCents: 2000, issuedTo: 'Bob@example.com' });
    const cookie = await newShopper();
    await addToBag(cookie, BRIEF());

    const applied = await post('/applyPromo', { promo: 'welcome10' }, cookie);
    expect(applied.json()).toEqual({ success: true, promo: { code: 'WELCOME10', type: 'percentage', discount: 0.9 } });
    expect((await get('/checkout/summary', cookie)).json()).toMatchObject({ subtotal: 62, discount: 6.2, total: 55.8 });
    expect((await post('/stageCheck', { stage: 'checkout' }, cookie)).json().promo).toEqual({
      code: 'WELCOME10',
      type: 'percentage',
      discount: 0.9,
    });

    for (const code of ['NOPE', 'OLD5', 'ONCE']) {
      expect((await post('/applyPromo', { promo: code }, cookie)).json()).toEqual({
        success: false,
        promo: null,
        message: 'Invalid Promo Code',
      });
    }
    // issued to someone: allowed before the email is known, refused once it is another email
    expect((await post('/applyPromo', { promo: 'forbob' }, cookie)).json().success).toBe(true);
    await shippingOptions(cookie);
    expect((await post('/applyPromo', { promo: 'FORBOB' }, cookie)).json().success).toBe(false);
    expect((await post('/stageCheck', { stage: 'checkout' }, cookie)).json().promo).toBeNull();

    await post('/applyPromo', { promo: 'WELCOME10' }, cookie);
    expect((await post('/applyPromo', { promo: '' }, cookie)).json()).toEqual({ success: true, promo: null });
    expect((await get('/checkout/summary', cookie)).json()).toMatchObject({ discount: 0 });
  });

  it('a first_order_only promo is refused for an email that already has an order, accepted for a new one', async () => {
    await addPromo({ code: 'FIRSTONLY', type: 'dollarAmount', discountCents: 1000, firstOrderOnly: true });
    const returning = { ...US, email: 'returning-shopper@example.com' };
    const newcomer = { ...US, email: 'first-time@example.com' };

    // The returning shopper places an order without the promo.
    const first = await readyToPay(BRIEF(), returning);
    expect((await confirmCard(first.clientSecret)).statusCode).toBe(200);
    const placed = await placeOrder(first.cookie, { paymentIntentId: intentOf(first.clientSecret) }, returning);
    expect(placed.statusCode, placed.body).toBe(200);

    // Next time (email differs only in case), the code is refused once the email is known…
    const again = await newShopper();
    await addToBag(again, BRIEF());
    await shippingOptions(again, { ...returning, email: 'Returning-Shopper@Example.com' });
    // (issue 24 item 18: the refusal says why)
    expect((await post('/applyPromo', { promo: 'FIRSTONLY' }, again)).json()).toEqual({
      success: false,
      promo: null,
      message: PROMO_FIRST_ORDER_ONLY,
    });
    expect((await post('/stageCheck', { stage: 'checkout' }, again)).json().promo).toBeNull();

    // …and a session promo applied before the email was known is dropped when it turns out to be a returning one.
    const early = await newShopper();
    await addToBag(early, BRIEF());
    expect((await post('/applyPromo', { promo: 'FIRSTONLY' }, early)).json().success).toBe(true);
    await shippingOptions(early, returning);
    expect((await post('/stageCheck', { stage: 'checkout' }, early)).json()).toMatchObject({
      promo: null,
      promoNotice: `Code FIRSTONLY was removed: ${PROMO_FIRST_ORDER_ONLY}`,
    });
    expect((await get('/checkout/summary', early)).json()).toMatchObject({ discount: 0 });

    // A new email may use it.
    const fresh = await newShopper();
    await addToBag(fresh, BRIEF());
    await shippingOptions(fresh, newcomer);
    expect((await post('/applyPromo', { promo: 'FIRSTONLY' }, fresh)).json()).toEqual({
      success: true,
      promo: { code: 'FIRSTONLY', type: 'dollarAmount', discount: 10 },
    });
    expect((await get('/checkout/summary', fresh)).json()).toMatchObject({ subtotal: 62, discount: 10 });
  });

  it('an order of total 0 (100% promo, free option) skips payment and is placed with {}', async () => {
    await addPromo({ code: 'ALLFREE', type: 'percentage', rateBasisPoints: 0, usageLimit: 5 });
    await t.db.insert(settings).values({
      key: SETTINGS_KEYS.shipping,
      value: {
        options: [
          { type: 'pickup', description: 'Studio pick-up', price: 0, region: 'us', labelService: '' },
          { type: 'world', description: 'World', price: 30, region: 'international', labelService: '' },
        ],
        freeShippingUs: 100,
        freeShippingElsewhere: 300,
      },
    });
    await t.app.ctx.services.readModel.invalidate();
    try {
      const cookie = await newShopper();
      await addToBag(cookie, BRIEF());
      expect((await post('/applyPromo', { promo: 'ALLFREE' }, cookie)).json().success).toBe(true);
      const { options } = await shippingOptions(cookie);
      expect(options).toEqual([{ type: 'pickup', description: 'Studio pick-up', amt: 0 }]);
      const { taxRate } = (await post('/getTaxRate', { zipCode: US.zip })).json();
      const secret = await post('/api/getClientSecret', { taxRate, shippingFee: 0, shippingType: 'pickup' }, cookie);
      expect(secret.json()).toBe('SKIP_PAYMENT');
      const res = await placeOrder(cookie, {}, US, 'pickup');
      expect(res.statusCode, res.body).toBe(200);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
      expect(order).toMatchObject({
        totalCents: 0,
        discountCents: 6200,
        paymentProvider: 'none',
        paymentReference: null,
        paymentMethodDetails: { paymentMethod: 'none', detail: '' },
        promo: { code: 'ALLFREE', type: 'percentage', discount: 0 },
      });
      const [promo] = await t.db.select().from(promotions).where(eq(promotions.code, 'ALLFREE'));
      expect(promo!.usedCount).toBe(1);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, SETTINGS_KEYS.shipping));
      await t.app.ctx.services.readModel.invalidate();
    }
  });
});

// ---------- PayPal ----------

describe('PayPal through the sandbox', () => {
  it('createOrder → approve → getAuthorizationDetails → updateShippingAndTaxes → capture check → placeOrder captures', async () => {
    const cookie = await newShopper();
    await addToBag(cookie, BRIEF(), 2);
    const created = await post('/paypal/createOrder', { cart: [], promo: null }, cookie);
    expect(created.statusCode, created.body).toBe(200);
    const orderID = created.json() as string;
    expect((await paymentRow(orderID)).amountCents).toBe(12400);

    const notYet = await post('/paypal/getAuthorizationDetails', { orderID }, cookie);
    expect(notYet.statusCode).toBe(409);

    const approved = await post('/sandbox/paypal/approve', {
      orderID,
      payer: { givenName: 'Grace', surname: 'Hopper', email: 'grace@example.com' },
      shipping: {
        name: 'Grace Hopper',
        address: '2 Navy Way',
        city: 'Arlington',
        state: 'VA',
        zip: '22202',
        country: 'US',
      },
    });
    expect(approved.json()).toEqual({ id: orderID, status: 'APPROVED' });

    const details = await post('/paypal/getAuthorizationDetails', { orderID }, cookie);
    expect(details.json()).toEqual({
      purchase_units: [
        {
          shipping: {
            name: { full_name: 'Grace Hopper' },
            address: {
              address_line_1: '2 Navy Way',
              address_line_2: '',
              admin_area_2: 'Arlington',
              admin_area_1: 'VA',
              postal_code: '22202',
              country_code: 'US',
            },
          },
        },
      ],
      payer: { name: { given_name: 'Grace', surname: 'Hopper' }, email_address: 'grace@example.com' },
    });

    const info = {
      ...US,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      address: '2 Navy Way',
      city: 'Arlington',
      state: 'VA',
      zip: '22202',
    };
    const updated = await post(
      '/paypal/updateShippingAndTaxes',
      { shippingInfo: info, shippingOptionSelected: 'standard', orderId: orderID },
      cookie,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const totals = updated.json() as { total: number; shipping: number };
    expect(totals.shipping).toBe(0); // $124 ≥ $100 in the US
    expect((await paymentRow(orderID)).amountCents).toBe(Math.round(totals.total * 100));

    expect((await post('/paypal/capture', { orderId: orderID }, cookie)).json()).toEqual({ ok: true });
    expect((await paymentRow(orderID)).status).toBe('requires_capture'); // not captured before the order exists

    const res = await placeOrder(cookie, { paypalOrderId: orderID }, info);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.paymentReference).toMatch(/^SANDBOXCAP-/);
    expect(order!.paymentMethodDetails).toEqual({ paymentMethod: 'paypal', detail: 'grace@example.com' });
    expect(order!.totalCents).toBe(Math.round(totals.total * 100));
    expect((await paymentRow(orderID)).status).toBe('succeeded');
  });
});

// ---------- bad input ----------

describe('every checkout call refuses bad input with a 400 and a message', () => {
  it.each([
    ['/stageCheck', {}],
    ['/getTaxRate', {}],
    ['/getTaxRate', { zipCode: '' }],
    ['/applyPromo', { promo: 5 }],
    ['/order/getShippingOptions', {}],
    ['/order/getShippingOptions', { shippingInfo: { ...US, email: 'not-an-email' } }],
    ['/order/getShippingOptions', { shippingInfo: { ...US, zip: '1234x' } }],
    ['/order/getShippingOptions', { shippingInfo: { ...FR, zip: '123' } }],
    ['/order/getShippingOptions', { shippingInfo: { ...US, city: '  ' } }],
    ['/api/getClientSecret', { taxRate: 'x', shippingFee: 8, shippingType: 'standard' }],
    ['/api/getClientSecret', { taxRate: 0.08, shippingFee: -1, shippingType: 'standard' }],
    ['/placeOrder', {}],
    ['/placeOrder', { shippingInfo: US, shippingType: '' }],
    ['/paypal/getAuthorizationDetails', {}],
    ['/paypal/updateShippingAndTaxes', { shippingInfo: US }],
    ['/paypal/capture', {}],
    ['/sandbox/card/confirm', { clientSecret: 'x' }],
    ['/sandbox/paypal/approve', { orderID: 'x' }],
  ])('%s %j', async (url, payload) => {
    const cookie = await newShopper();
    await addToBag(cookie, BRIEF());
    const res = await post(url, payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().message.length).toBeGreaterThan(3);
  });

  it('a US address needs a valid US zip, with a clear message', async () => {
    const cookie = await newShopper();
    const res = await post('/order/getShippingOptions', { shippingInfo: { ...US, zip: '1000' } }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/valid US zip/);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const cookie = await newShopper();
    const res = await t.app.inject({
      method: 'POST',
      url: '/paypal/createOrder',
      payload: '{nope',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('GET /checkout/config names the sandbox providers when no keys are set', async () => {
    expect((await get('/checkout/config')).json()).toEqual({
      card: 'sandbox',
      publishableKey: 'sandbox',
      express: 'sandbox',
      paypalClientId: 'sandbox',
      paypalSdkUrl: '',
      // Issue 28 (abandoned checkouts): the contact step offers a reminder (on by default).
      reminders: true,
    });
  });
});

// ---------- email outage ----------

describe('an SMTP outage while ordering', () => {
  it('the order succeeds and the confirmation arrives once the SMTP server is back', async () => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.close();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: os.tmpdir(),
      from: 'Murashki <hello@murashki.shop>',
    });
    await t.db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'pending'));

    const { cookie, clientSecret } = await readyToPay(BRIEF());
    await confirmCard(clientSecret);
    const res = await placeOrder(cookie, { paymentIntentId: intentOf(clientSecret) });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().orderId as number;

    const worker = outboxWorker(t.db, mailer, quietLog);
    expect(await worker.runOnce()).toBe(0);
    const [pending] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(pending?.lastError).toBeTruthy();

    const back = await startSmtpSink(port);
    try {
      await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.status, 'pending')); // the retry is due
      expect(await worker.runOnce()).toBe(1);
      expect(back.received.map((m) => m.subject)).toEqual([expect.stringContaining(String(orderId))]);
    } finally {
      await back.close();
      mailer.close();
    }
  });
});
