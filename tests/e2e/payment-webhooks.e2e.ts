// Issue 29 #2: what Stripe reports reaches the owner. A shop of its own takes cards through the Stripe
// fake, whose webhooks it receives on its real port: a refund made in Stripe's dashboard and a
// dispute show on the order's card in the Orders tab (phone and desktop), and the owner is emailed
// about the dispute through the outbox and SMTP.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { startStripeFake } from '../support/fakes/stripe-fake.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { adminShot, ownerSignedInAt } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

const SECRET = `whsec_${'5f3a9c'.repeat(6)}`;
let fake: Awaited<ReturnType<typeof startStripeFake>>;
let shop: OwnShop;
let browser: Browser;

beforeAll(async () => {
  fake = await startStripeFake('sk_test_journey');
  [shop, browser] = await Promise.all([
    startOwnShop({
      seed: 'demo',
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_journey',
        STRIPE_API_URL: `http://127.0.0.1:${fake.api.port}`,
        STRIPE_WEBHOOK_SECRET: SECRET,
      },
    }),
    launchBrowser(),
  ]);
  fake.sendEventsTo(`${shop.url}/webhooks/stripe`, SECRET);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
});

/** A shopper's order through the shop's own calls, the card authorised in the fake as Stripe.js would. */
async function orderPaidThroughStripe(email: string) {
  const token = await fetch(`${shop.url}/token`);
  const cookie = token.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const items = (await (await fetch(`${shop.url}/getAllItems`)).json()) as Item[];
  const shopper = { ...US_SHOPPER, email };
  await call('/addToCart', [selectionOf(items, 'silk-balconette-bra')]);
  const [option] = (await call('/order/getShippingOptions', { shippingInfo: shopper })) as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await call('/getTaxRate', { zipCode: shopper.zip })) as { taxRate: number };
  const secret = (await call('/api/getClientSecret', {
    taxRate,
    shippingFee: option!.amt,
    shippingType: option!.type,
  })) as string;
  const piId = secret.split('_secret_')[0]!;
  fake.confirmWithCard(piId, '4242424242424242');
  const { orderId } = (await call('/placeOrder', {
    shippingInfo: shopper,
    billingInfo: { cardholderName: 'Ada Lovelace' },
    shippingType: option!.type,
    promo: null,
    additionalInfo: { paymentIntentId: piId },
  })) as { orderId: number };
  await fake.eventsSettled();
  return { orderId, piId };
}

describe('payment webhooks in the back office', () => {
  it("shows a refund made in Stripe's dashboard and a dispute on the order, and emails the owner", async () => {
    const { orderId, piId } = await orderPaidThroughStripe('webhook.journey@example.com');
    const refunded = await fake.dashboardRefund(piId, 2000);
    expect(refunded.answers.map((a) => a.status)).toEqual([200, 200]);
    const { answer } = await fake.dispute(piId, { reason: 'product_not_received' });
    expect(answer?.status).toBe(200);

    await shop.mailTo(E2E_ADMIN.email, `Order #${orderId}: the payment is disputed at Stripe`);

    // Signed in once (sign-ins are counted per address); the phone reuses the session.
    let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>> | undefined;
    for (const [viewport, width] of [
      [DESKTOP, 1440],
      [PHONE, 390],
    ] as const) {
      const context = await browser.newContext({ viewport, ...(session ? { storageState: session } : {}) });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${shop.url}/admin`);
      if (!session) {
        await page.getByLabel('Email').fill(E2E_ADMIN.email);
        await page.getByLabel('Password').fill(E2E_ADMIN.password);
        await page.getByLabel('Password').press('Enter');
      }
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      session ??= await context.storageState();
      await page.goto(`${shop.url}/admin?tab=orders`);
      const card = page.getByRole('article', { name: `Order #${orderId}` });
      await card.waitFor();
      await card.getByText('Disputed', { exact: true }).waitFor();
      await card.getByText('Refunded $20.00 in Stripe’s dashboard').waitFor();
      await card.getByText(/^Disputed at Stripe: \$[\d.]+, product not received · answer by /).waitFor();
      await card.scrollIntoViewIfNeeded();
      await adminShot(page, `webhooks-order-card-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
  it("takes an order refunded in full in Stripe's dashboard off To ship", async () => {
    const { orderId, piId } = await orderPaidThroughStripe('webhook.full.refund@example.com');
    await fake.dashboardRefund(piId);
    const { context, page, errors } = await ownerSignedInAt(browser, shop.url);
    await page.goto(`${shop.url}/admin?tab=orders`);
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    await card.getByText('Refunded at Stripe', { exact: true }).waitFor();
    expect(await card.getByText('To ship', { exact: true }).count()).toBe(0);
    await card
      .getByText(/^Refunded in full \$[\d.]+ in Stripe’s dashboard: nothing more can be refunded here$/)
      .waitFor();

    const filters = page.getByRole('group', { name: 'Show orders' });
    const toShip = page.waitForResponse((r) => new URL(r.url()).searchParams.get('filter') === 'to-ship');
    await filters.getByRole('button', { name: 'To ship', exact: true }).click();
    await toShip;
    await expect
      .poll(() => filters.getByRole('button', { name: 'To ship', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await page.getByRole('article', { name: `Order #${orderId}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
