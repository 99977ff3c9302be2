// Card holds left after a crash (issue 24 item 28): every payment the checkout opens is noted, and
// the recovery job releases one that no order took once it is older than HOLD_RELEASE_AFTER_MS
// (on the test clock): an authorised card (requires_capture), an intent never confirmed
// (requires_payment_method), an approved PayPal order. A payment that became an order is never
// released, captured or still pending capture after a crash.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { captureRecovery } from '../../src/server/jobs/capture-recovery.js';
import { orders, paymentHolds, sandboxPayments } from '../../src/server/db/schema.js';
import { HOLD_RELEASE_AFTER_MS, releaseOrphanHolds } from '../../src/server/modules/checkout/payment-holds.js';
import { paypalOrdersProvider } from '../../src/server/providers/payment/paypal-orders.js';
import { stripeCardProvider } from '../../src/server/providers/payment/stripe-card.js';
import { PAYER, PAYER_ADDRESS, startPaypalFake } from '../support/fakes/paypal-fake.js';
import { startStripeFake } from '../support/fakes/stripe-fake.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let now = new Date();
let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo', clock: () => now });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const post = async (url: string, payload: unknown, cookie: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
};
const payment = async (id: string) => (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;
const hold = async (id: string) => (await t.db.select().from(paymentHolds).where(eq(paymentHolds.id, id)))[0];
const releaseOrphans = () => t.app.ctx.services.checkout.releaseOrphanHolds();

/** A shopper at billing with a card intent (what a crash mid-checkout leaves); confirmed when `authorise`. */
async function cardAtBilling(authorise: boolean) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  await post('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie)) as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)) as { taxRate: number };
  const secret = (await post(
    '/api/getClientSecret',
    { taxRate, shippingFee: option!.amt, shippingType: option!.type },
    cookie,
  )) as string;
  if (authorise)
    await post(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada' },
      cookie,
    );
  return { cookie, id: secret.split('_secret_')[0]!, option: option!, taxRate };
}

/** A shopper who approved a PayPal order and then vanished. */
async function paypalApproved() {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  await post('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
  const id = (await post('/paypal/createOrder', {}, cookie)) as string;
  await post(
    '/sandbox/paypal/approve',
    {
      orderID: id,
      payer: { givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
      shipping: { name: 'Ada', address: '1 Main St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
    },
    cookie,
  );
  return id;
}

describe('payment holds left by a crash', () => {
  it('the job releases holds with no order once they are old enough, and never a hold that became an order', async () => {
    const authorised = await cardAtBilling(true);
    const unconfirmed = await cardAtBilling(false);
    const paypal = await paypalApproved();
    const orderId = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra')],
      shopper: { ...US_SHOPPER, email: 'ordered@example.com' },
    });
    const crashed = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra')],
      shopper: { ...US_SHOPPER, email: 'crashed@example.com' },
    });
    const [ordered] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [saved] = await t.db.select().from(orders).where(eq(orders.id, crashed));
    // A crash between the order's commit and the capture: the order waits for capture recovery.
    await t.db.update(orders).set({ pendingCaptureId: saved!.paymentReference }).where(eq(orders.id, crashed));
    await t.db
      .update(sandboxPayments)
      .set({ status: 'requires_capture', amountCapturedCents: 0 })
      .where(eq(sandboxPayments.id, saved!.paymentReference!));

    expect(await payment(authorised.id)).toMatchObject({ status: 'requires_capture' });
    expect(await hold(authorised.id)).toMatchObject({ provider: 'sandbox', method: 'card', closedAt: null });
    expect(await hold(paypal)).toMatchObject({ provider: 'sandbox', method: 'paypal', closedAt: null });

    // Young holds are left to their checkouts.
    later(HOLD_RELEASE_AFTER_MS - 60_000);
    expect(await releaseOrphans()).toBe(0);
    expect((await payment(authorised.id)).status).toBe('requires_capture');

    later(2 * 60_000);
    const young = await cardAtBilling(true);
    expect(await releaseOrphans()).toBe(3);
    expect(await payment(authorised.id)).toMatchObject({ status: 'canceled', amountCapturedCents: 0 });
    expect((await payment(unconfirmed.id)).status).toBe('canceled');
    expect((await payment(paypal)).status).toBe('canceled');
    expect(await hold(authorised.id)).toMatchObject({ outcome: 'released', closedAt: expect.any(Date) });

    // The orders' payments are untouched: one captured, one still waiting for capture recovery.
    expect(await payment(ordered!.paymentReference!)).toMatchObject({
      status: 'succeeded',
      amountCapturedCents: ordered!.totalCents,
    });
    expect((await payment(saved!.paymentReference!)).status).toBe('requires_capture');
    expect((await t.db.select().from(orders).where(eq(orders.id, crashed)))[0]!.pendingCaptureId).toBe(
      saved!.paymentReference,
    );
    // So is the young one; a second pass has nothing left to release.
    expect((await payment(young.id)).status).toBe('requires_capture');
    expect(await releaseOrphans()).toBe(0);
  });

  it('a shopper whose payment was released gets a fresh one on the next try, and the order goes through', async () => {
    const shopper = await cardAtBilling(false);
    later(HOLD_RELEASE_AFTER_MS + 60_000);
    expect(await releaseOrphans()).toBeGreaterThanOrEqual(1);
    expect((await payment(shopper.id)).status).toBe('canceled');

    const secret = (await post(
      '/api/getClientSecret',
      { taxRate: shopper.taxRate, shippingFee: shopper.option.amt, shippingType: shopper.option.type },
      shopper.cookie,
    )) as string;
    const fresh = secret.split('_secret_')[0]!;
    expect(fresh).not.toBe(shopper.id);
    await post(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada' },
      shopper.cookie,
    );
    await post(
      '/placeOrder',
      {
        shippingInfo: US_SHOPPER,
        billingInfo: { cardholderName: 'Ada' },
        shippingType: shopper.option.type,
        promo: null,
        additionalInfo: { paymentIntentId: fresh },
      },
      shopper.cookie,
    );
    expect((await payment(fresh)).status).toBe('succeeded');
    later(HOLD_RELEASE_AFTER_MS + 60_000);
    await releaseOrphans();
    expect((await payment(fresh)).status).toBe('succeeded');
  });

  it('runs in the capture-recovery job, after the captures', async () => {
    const calls: string[] = [];
    const job = captureRecovery(
      {
        recoverCaptures: async () => {
          calls.push('captures');
          return 0;
        },
        releaseOrphanHolds: async () => {
          calls.push('holds');
          return 0;
        },
      },
      { warn: () => {} },
      10,
    );
    job.start();
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    await job.stop();
    expect(calls.slice(0, 2)).toEqual(['captures', 'holds']);
  });
});

describe('payment holds with Stripe and PayPal (local fakes of their APIs)', () => {
  it('cancels orphan Stripe intents, authorised or not; leaves PayPal orders to expire; reports money taken with no order', async () => {
    const stripeFake = await startStripeFake('sk_test_holds');
    const paypalFake = await startPaypalFake();
    try {
      const card = stripeCardProvider({
        secretKey: 'sk_test_holds',
        publishableKey: 'pk_test_holds',
        api: stripeFake.api,
      });
      const express = paypalOrdersProvider({
        clientId: paypalFake.clientId,
        clientSecret: paypalFake.clientSecret,
        baseUrl: paypalFake.baseUrl,
      });
      const authorised = await card.createIntent({ amountCents: 9000, idempotencyKey: 'holds-a' });
      stripeFake.confirmWithCard(authorised.id, '4242424242424242');
      const unconfirmed = await card.createIntent({ amountCents: 9000, idempotencyKey: 'holds-b' });
      const amount = { totalCents: 9000, itemsCents: 9000, discountCents: 0, shippingCents: 0, taxCents: 0 };
      const approved = await express.createOrder({ amount, idempotencyKey: 'holds-c' });
      paypalFake.approve(approved.id, PAYER, PAYER_ADDRESS);
      const captured = await express.createOrder({ amount, idempotencyKey: 'holds-d' });
      paypalFake.approve(captured.id, PAYER, PAYER_ADDRESS);
      await express.capture(captured.id, 'holds-d');

      const old = new Date(now.getTime() - HOLD_RELEASE_AFTER_MS - 60_000);
      for (const [id, provider, method] of [
        [authorised.id, 'stripe', 'card'],
        [unconfirmed.id, 'stripe', 'card'],
        [approved.id, 'paypal', 'paypal'],
        [captured.id, 'paypal', 'paypal'],
      ] as const) {
        await t.db
          .insert(paymentHolds)
          .values({ id, provider, method, sessionId: null, checkoutKey: `k-${id}`, createdAt: old, touchedAt: old });
      }
      const errors: string[] = [];
      const log = { info: () => {}, warn: () => {}, error: (_o: object, m: string) => void errors.push(m) };
      const released = await releaseOrphanHolds({ db: t.db, payments: { card, express }, clock: () => now, log });
      expect(released).toBe(3);
      expect(stripeFake.intent(authorised.id)!.status).toBe('canceled');
      expect(stripeFake.intent(unconfirmed.id)!.status).toBe('canceled');
      expect(await hold(approved.id)).toMatchObject({ outcome: 'released' });
      expect(await hold(captured.id)).toMatchObject({ outcome: 'captured' });
      expect(errors).toEqual([expect.stringMatching(/captured with no order/)]);
      expect(await releaseOrphanHolds({ db: t.db, payments: { card, express }, clock: () => now, log })).toBe(0);
    } finally {
      await stripeFake.close();
      await paypalFake.close();
    }
  });
});
