// Issue 29 #1: paying by wallet. The sandbox's wallet button (POST /sandbox/card/wallet) authorises
// like a wallet in Stripe's Payment Element; with Stripe keys the intent allows the Element's
// methods (cards with their wallets, Link) and the order names the wallet, against a local fake of
// Stripe's API reached through STRIPE_API_URL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { orders } from '../../src/server/db/schema.js';
import { startStripeFake } from '../support/fakes/stripe-fake.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

/** A shopper of `t` with one piece in the bag, shipping chosen and a card intent: ready to pay. */
async function readyToPay(t: TestApp, items: Item[], url: string) {
  const post = (path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { cookie } });
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  expect((await post('/addToCart', [selectionOf(items, url)])).statusCode).toBe(200);
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER })).json() as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: US_SHOPPER.zip })).json() as { taxRate: number };
  const secret = await post('/api/getClientSecret', { taxRate, shippingFee: option!.amt, shippingType: option!.type });
  expect(secret.statusCode, secret.body).toBe(200);
  const clientSecret = secret.json() as string;
  return {
    post,
    clientSecret,
    intentId: clientSecret.split('_secret_')[0]!,
    placeOrder: (additionalInfo: object) =>
      post('/placeOrder', {
        shippingInfo: US_SHOPPER,
        billingInfo: { cardholderName: 'Ada Lovelace' },
        shippingType: option!.type,
        promo: null,
        additionalInfo,
      }),
  };
}

const orderOf = async (t: TestApp, orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('the sandbox wallet', () => {
  let t: TestApp;
  let items: Item[];
  beforeAll(async () => {
    t = await createTestApp({ fixture: 'demo' });
    items = await storefrontItems(t.app);
  });
  afterAll(() => t.close());

  it('authorises with the card it holds, and PLACE ORDER then places an order named after the wallet', async () => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    const paid = await shopper.post('/sandbox/card/wallet', {
      clientSecret: shopper.clientSecret,
      name: 'Ada Lovelace',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      paymentIntent: { id: shopper.intentId, status: 'requires_capture', amount: expect.any(Number) },
    });

    const placed = await shopper.placeOrder({ paymentIntentId: shopper.intentId });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await orderOf(t, (placed.json() as { orderId: number }).orderId);
    expect(order).toMatchObject({
      paymentProvider: 'sandbox',
      paymentReference: shopper.intentId,
      paymentMethodDetails: { paymentMethod: 'card', detail: 'Visa •••• 4242 (Sandbox Pay)' },
    });
    expect(await t.app.ctx.services.payments.card.retrieve(shopper.intentId)).toMatchObject({
      status: 'succeeded',
      amountCapturedCents: order.totalCents,
    });
  });

  it('pays once: a second tap, or a card after it, is told the payment was already confirmed', async () => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    const body = { clientSecret: shopper.clientSecret, name: 'Ada Lovelace' };
    const [a, b] = await Promise.all([
      shopper.post('/sandbox/card/wallet', body),
      shopper.post('/sandbox/card/wallet', body),
    ]);
    const answers = [a.json(), b.json()] as { paymentIntent?: unknown; error?: { code: string } }[];
    expect(answers.filter((x) => x.paymentIntent)).toHaveLength(1);
    expect(answers.find((x) => x.error)?.error?.code).toBe('payment_intent_unexpected_state');
    const card = await shopper.post('/sandbox/card/confirm', {
      ...body,
      cardNumber: '4242 4242 4242 4242',
      exp: '12/40',
      cvc: '123',
    });
    expect(card.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
  });

  it('answers an unknown payment as Stripe.js would, and a malformed call with a 400 that says what is wrong', async () => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    const unknown = await shopper.post('/sandbox/card/wallet', { clientSecret: 'pi_nope_secret_nope', name: 'Ada' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ error: { code: 'resource_missing' } });
    const malformed = await shopper.post('/sandbox/card/wallet', { name: 'Ada' });
    expect(malformed.statusCode).toBe(400);
    expect((malformed.json() as { message: string }).message).toMatch(/client ?secret/i);
  });
});

describe('Stripe keys: the Payment Element path against a fake of Stripe', () => {
  let t: TestApp;
  let items: Item[];
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  beforeAll(async () => {
    fake = await startStripeFake('sk_test_element');
    t = await createTestApp({
      fixture: 'demo',
      env: {
        STRIPE_SECRET_KEY: 'sk_test_element',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_element',
        STRIPE_API_URL: `http://127.0.0.1:${fake.api.port}`,
      },
    });
    items = await storefrontItems(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('tells the browser to use Stripe, and has no sandbox card or wallet calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/checkout/config' })).json()).toMatchObject({
      card: 'stripe',
      publishableKey: 'pk_test_element',
    });
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/sandbox/card/wallet',
      payload: { clientSecret: 'x', name: 'y' },
    });
    expect(wallet.statusCode).toBe(404);
  });

  it("lets the Payment Element's scripts and frames in, and a wallet's window talk to its opener (needs npm run build)", async () => {
    const headers = (await t.app.inject({ method: 'GET', url: '/cart/success' })).headers;
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('creates a manual-capture intent that allows cards, their wallets and Link', async () => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    expect(fake.intent(shopper.intentId)).toMatchObject({
      capture_method: 'manual',
      currency: 'usd',
      allowed_payment_method_types: ['card', 'link'],
      client_secret: shopper.clientSecret,
    });
  });

  it.each([
    [
      'Apple Pay',
      (id: string) => fake.confirmWithWallet(id, 'apple_pay', 'Ada Lovelace'),
      'Visa •••• 4242 (Apple Pay)',
    ],
    [
      'Google Pay',
      (id: string) => fake.confirmWithWallet(id, 'google_pay', 'Ada Lovelace'),
      'Visa •••• 4242 (Google Pay)',
    ],
    ['Link', (id: string) => fake.confirmWithLink(id, 'ada@example.com'), 'Link (ada@example.com)'],
  ])('places an order paid with %s, captured, and named after it', async (_name, pay, detail) => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    expect(pay(shopper.intentId)).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    const placed = await shopper.placeOrder({ paymentIntentId: shopper.intentId });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await orderOf(t, (placed.json() as { orderId: number }).orderId);
    expect(order).toMatchObject({
      paymentProvider: 'stripe',
      paymentReference: shopper.intentId,
      paymentMethodDetails: { paymentMethod: 'card', detail },
    });
    expect(fake.intent(shopper.intentId)).toMatchObject({ status: 'succeeded', amount_received: order.totalCents });
  });

  it('refuses an order whose intent the shopper never confirmed, and captures nothing', async () => {
    const shopper = await readyToPay(t, items, items[0]!.url);
    const placed = await shopper.placeOrder({ paymentIntentId: shopper.intentId });
    expect(placed.statusCode).toBe(402);
    expect(fake.intent(shopper.intentId)!.amount_received).toBe(0);
  });
});
