// Store credit and gift cards are balances (issue 24 item 3; ARCHITECTURE "Balances"): applied in
// the 'Gift Card or Promo' box, spent like a payment after tax and shipping inside the order's
// transaction, the rest kept for the next order; never below zero, never spent twice; given back when
// the order fails or is refunded.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import {
  balanceEntries,
  balances,
  emailOutbox,
  orders,
  productTypes,
  sandboxPayments,
  sizes,
} from '../../src/server/db/schema.js';
import { balancesRepository } from '../../src/server/modules/balances/balances-repository.js';
import { BALANCE_EMPTY } from '../../src/server/modules/checkout/checkout-service.js';
import { PaymentError } from '../../src/server/providers/payment/payment-provider.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

/** Oregon has no sales tax, and $100 or more ships free in the US: a $120 piece is a $120 order. */
const OREGON = { ...US_SHOPPER, email: 'olive@example.com', city: 'Portland', state: 'OR', zip: '97201' };
const PIECE_URL = 'silk-balconette-bra';

let t: AdminTestApp;
let all: Item[];

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  const item = (await t.db.execute(sql`select id from items where url = ${PIECE_URL}`)) as unknown as {
    rows: { id: string }[];
  };
  await t.db
    .update(productTypes)
    .set({ priceCents: 120_00 })
    .where(and(eq(productTypes.itemId, item.rows[0]!.id), eq(productTypes.type, 'bra')));
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
});

const piece = () => selectionOf(all, PIECE_URL, 'bra');
const issue = (amountCents: number, kind: 'store_credit' | 'gift_card' = 'store_credit') =>
  t.db.transaction((tx) => balancesRepository().issue(tx, { kind, issuedTo: OREGON.email, amountCents, note: 'test' }));
const balanceOf = async (id: number) => (await t.db.select().from(balances).where(eq(balances.id, id)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const post = async (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

/** A checkout prepared up to PLACE ORDER with `code` applied; answers its cookie and the placeOrder body. */
async function preparedCheckout(code: string, pieces = [piece()]) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  for (const p of pieces) expect((await post('/addToCart', [p], cookie)).statusCode).toBe(200);
  const applied = await post('/applyPromo', { promo: code }, cookie);
  expect(applied.json(), applied.body).toMatchObject({ success: true });
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: OREGON }, cookie)).json() as {
    type: string;
    amt: number;
  }[];
  const secret = (
    await post('/api/getClientSecret', { taxRate: 0, shippingFee: option!.amt, shippingType: option!.type }, cookie)
  ).json() as string;
  let additionalInfo = {};
  if (secret !== 'SKIP_PAYMENT') {
    const confirmed = await post(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Olive' },
      cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    additionalInfo = { paymentIntentId: secret.split('_secret_')[0] };
  }
  return {
    cookie,
    secret,
    body: {
      shippingInfo: OREGON,
      billingInfo: { cardholderName: 'Olive' },
      shippingType: option!.type,
      promo: null,
      additionalInfo,
    },
  };
}

describe('a store credit balance across orders', () => {
  it('$300 of credit on a $120 order pays it all and leaves $180 for the next order, which spends the $180 and charges the rest', async () => {
    const credit = await issue(300_00);

    const first = await placeOrder(t.app, { pieces: [piece()], shopper: OREGON, promo: credit.code });
    expect(await orderRow(first)).toMatchObject({
      totalCents: 120_00,
      discountCents: 0,
      taxCents: 0,
      balanceCents: 120_00,
      balanceCode: credit.code,
      paymentProvider: 'none',
    });
    expect((await balanceOf(credit.id)).remainingCents).toBe(180_00);
    // The owner's order card says what the balance paid.
    const [listed] = (await t.admin('GET', `/admin/api/getPlacedOrders?search=${first}`)).json() as {
      paidFromBalance?: unknown;
    }[];
    expect(listed!.paidFromBalance).toEqual({ code: credit.code, amount: 120 });

    // The shopper sees what is left before placing the next order.
    const next = await preparedCheckout(credit.code.toLowerCase(), [piece(), piece()]);
    const summary = (
      await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie: next.cookie } })
    ).json();
    expect(summary).toMatchObject({
      total: 240,
      balance: 180,
      due: 60,
      appliedBalance: { code: credit.code, available: 180, applied: 180, remaining: 0 },
    });
    const placed = await post('/placeOrder', next.body, next.cookie);
    expect(placed.statusCode, placed.body).toBe(200);
    const second = await orderRow(placed.json().orderId);
    expect(second).toMatchObject({ totalCents: 240_00, balanceCents: 180_00 });
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, second.paymentReference!));
    expect(payment).toMatchObject({ amountCents: 60_00, status: 'succeeded' });
    expect((await balanceOf(credit.id)).remainingCents).toBe(0);

    const ledger = await t.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.balanceId, credit.id))
      .orderBy(balanceEntries.id);
    expect(ledger.map((e) => [e.kind, e.amountCents, e.orderId])).toEqual([
      ['issued', 300_00, null],
      ['spent', 120_00, first],
      ['spent', 180_00, second.id],
    ]);

    // The confirmation says what the balance paid and what is left on it.
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_confirmation'), sql`${emailOutbox.text} like ${`%#${first}%`}`));
    expect(mail!.text).toContain(`Paid with gift card / store credit (${credit.code})`);
    expect(mail!.text).toMatch(new RegExp(`Balance left on ${credit.code}:\\s+\\$180`));
  });

  it('a used-up balance is refused in the box with a message', async () => {
    const credit = await issue(50_00);
    await placeOrder(t.app, { pieces: [piece()], shopper: OREGON, promo: credit.code });
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    expect((await post('/applyPromo', { promo: credit.code }, cookie)).json()).toEqual({
      success: false,
      promo: null,
      message: BALANCE_EMPTY,
    });
  });

  it('two checkouts spending the same balance at once cannot overspend it: one order, the other is told the total changed', async () => {
    const credit = await issue(150_00);
    const [a, b] = [await preparedCheckout(credit.code), await preparedCheckout(credit.code)];
    expect([a.secret, b.secret]).toEqual(['SKIP_PAYMENT', 'SKIP_PAYMENT']);
    const results = await Promise.all([post('/placeOrder', a.body, a.cookie), post('/placeOrder', b.body, b.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(/changed/);
    expect((await balanceOf(credit.id)).remainingCents).toBe(30_00);
    const spent = await t.db
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.balanceId, credit.id), eq(balanceEntries.kind, 'spent')));
    expect(spent).toHaveLength(1);
  });

  it('an order whose payment fails after the balance was spent gives the balance back', async () => {
    const credit = await issue(40_00);
    const checkout = await preparedCheckout(credit.code);
    const card = t.app.ctx.services.payments.card;
    const capture = card.capture;
    card.capture = async () => {
      throw new PaymentError('card_declined', 'Your card was declined.');
    };
    try {
      const res = await post('/placeOrder', checkout.body, checkout.cookie);
      expect(res.statusCode).toBe(402);
    } finally {
      card.capture = capture;
    }
    expect((await balanceOf(credit.id)).remainingCents).toBe(40_00);
    const ledger = await t.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.balanceId, credit.id))
      .orderBy(balanceEntries.id);
    expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
      ['issued', 40_00],
      ['spent', 40_00],
      ['restored', 40_00],
    ]);
  });
});

describe('a balance applied after the card was authorised', () => {
  it('the total is now covered: nothing to pay, and the card authorisation is released', async () => {
    const first = await issue(10_00);
    const checkout = await preparedCheckout(first.code);
    expect(checkout.secret).not.toBe('SKIP_PAYMENT');
    const intentId = checkout.secret.split('_secret_')[0]!;
    const bigger = await issue(500_00);
    await post('/applyPromo', { promo: bigger.code }, checkout.cookie);
    const again = await post(
      '/api/getClientSecret',
      { taxRate: 0, shippingFee: 0, shippingType: checkout.body.shippingType },
      checkout.cookie,
    );
    expect(again.json()).toBe('SKIP_PAYMENT');
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, intentId));
    expect(payment!.status).toBe('canceled');
    const placed = await post('/placeOrder', { ...checkout.body, additionalInfo: {} }, checkout.cookie);
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await balanceOf(bigger.id)).remainingCents).toBe(380_00);
    expect((await balanceOf(first.id)).remainingCents).toBe(10_00);
  });
});

describe('a balance beside a promo code', () => {
  it('one promo and one balance combine: the promo is a discount before tax, the balance pays after it', async () => {
    await t.db.execute(
      sql`insert into promotions (code, type, discount_cents) values ('TENOFF', 'dollarAmount', 1000)`,
    );
    const credit = await issue(50_00, 'gift_card');
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    await post('/addToCart', [piece()], cookie);
    expect((await post('/applyPromo', { promo: 'TENOFF' }, cookie)).json()).toMatchObject({
      success: true,
      promo: { code: 'TENOFF' },
    });
    const applied = (await post('/applyPromo', { promo: credit.code }, cookie)).json();
    // The promo stays applied beside the gift card.
    expect(applied).toMatchObject({
      success: true,
      promo: { code: 'TENOFF' },
      balance: { code: credit.code, kind: 'gift_card', available: 50 },
    });
    await post('/order/getShippingOptions', { shippingInfo: OREGON }, cookie);
    const summary = (await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })).json();
    expect(summary).toMatchObject({ subtotal: 120, discount: 10, total: 110, balance: 50, due: 60 });
    // Taking the gift card off leaves the promo.
    expect((await post('/checkout/removeBalance', {}, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })).json()).toMatchObject(
      { discount: 10, balance: 0, due: 110, appliedBalance: null },
    );
  });
});

describe('a balance with PayPal', () => {
  it('PayPal is asked only for what the balance leaves to pay, and the order records both', async () => {
    const credit = await issue(20_00, 'gift_card');
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    await post('/addToCart', [piece()], cookie);
    await post('/applyPromo', { promo: credit.code }, cookie);
    const orderID = (await post('/paypal/createOrder', { cart: [], promo: null }, cookie)).json() as string;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/approve',
      payload: {
        orderID,
        payer: { givenName: 'Olive', surname: 'P', email: OREGON.email },
        shipping: { name: 'Olive P', address: '1 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' },
      },
    });
    const updated = await post(
      '/paypal/updateShippingAndTaxes',
      { shippingInfo: OREGON, shippingOptionSelected: 'standard', orderId: orderID },
      cookie,
    );
    expect(updated.json()).toMatchObject({ total: 120, balance: 20, due: 100 });
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, orderID));
    expect(payment!.amountCents).toBe(100_00);
    const placed = await post(
      '/placeOrder',
      { shippingInfo: OREGON, shippingType: 'standard', additionalInfo: { paypalOrderId: orderID } },
      cookie,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await orderRow(placed.json().orderId)).toMatchObject({
      totalCents: 120_00,
      balanceCents: 20_00,
      balanceCode: credit.code,
    });
    expect((await balanceOf(credit.id)).remainingCents).toBe(0);
  });
});

describe('refunding an order paid partly from a balance', () => {
  async function returned(orderId: number) {
    expect(
      (
        await t.admin('POST', '/admin/api/assignCustomTracking', {
          orderId,
          trackingNumber: `T${orderId}`,
          trackingUrlLink: 'https://track.example/x',
        })
      ).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: { creditSelected: false, orderId, items: [{ index: 0, quantity: 1 }], international: false },
      remoteAddress: `10.9.0.${orderId % 250}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('to the original payment: the card gets what it paid, the balance gets its part back, and the owner and the email say so', async () => {
    const credit = await issue(100_00, 'gift_card');
    const orderId = await placeOrder(t.app, { pieces: [piece()], shopper: OREGON, promo: credit.code });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ totalCents: 120_00, balanceCents: 100_00 });
    await returned(orderId);

    const res = await t.admin('POST', '/admin/api/refundReturn', {
      orderId,
      method: 'original_payment',
      restock: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: 120, balanceRestored: 100, giftCode: credit.code });
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order.paymentReference!));
    expect(payment!.amountRefundedCents).toBe(20_00);
    expect((await balanceOf(credit.id)).remainingCents).toBe(100_00);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'refund'), sql`${emailOutbox.text} like ${`%#${orderId}%`}`));
    expect(mail!.text).toContain(
      `$100 back to the gift card or store credit ${credit.code} you paid with (it now holds $100)`,
    );
  });

  it("to store credit without a balance on the order: the shopper's own store credit is topped up, not a second code", async () => {
    const email = 'topped.up@example.com';
    const own = await t.db.transaction((tx) =>
      balancesRepository().issue(tx, { kind: 'store_credit', issuedTo: email, amountCents: 5_00, note: 'test' }),
    );
    const orderId = await placeOrder(t.app, { pieces: [piece()], shopper: { ...OREGON, email } });
    await returned(orderId);
    const res = await t.admin('POST', '/admin/api/refundReturn', { orderId, method: 'store_credit', restock: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: 120, giftCode: own.code, balance: 125 });
    expect(await t.db.select().from(balances).where(sql`lower(${balances.issuedTo}) = ${email}`)).toHaveLength(1);
  });

  it('to store credit: the whole refund goes back to the balance the order was paid with', async () => {
    const credit = await issue(120_00);
    const orderId = await placeOrder(t.app, { pieces: [piece()], shopper: OREGON, promo: credit.code });
    expect((await balanceOf(credit.id)).remainingCents).toBe(0);
    await returned(orderId);
    const res = await t.admin('POST', '/admin/api/refundReturn', { orderId, method: 'store_credit', restock: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: 120, giftCode: credit.code, balance: 120 });
    expect((await balanceOf(credit.id)).remainingCents).toBe(120_00);
  });
});
