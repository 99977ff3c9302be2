// The live express provider in real Chromium: a shop started with PayPal keys renders PayPal's own
// button from PayPal's JS SDK, here a local fake of PayPal (its SDK script and its Orders v2 API,
// tests/support/fakes/paypal-fake.ts). The journey: product → ADD TO BAG → CHECKOUT → PayPal button →
// the form fills from PayPal's answer and moves to shipping → 'Complete order with PayPal' → the
// order, captured at PayPal. This shop runs on PGlite of its own (the payment path is the same on
// both databases); the journeys' shared shop keeps the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYER, startPaypalFake } from '../support/fakes/paypal-fake.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
import { launchBrowser, PHONE, watchErrors } from './support/browser.js';

let browser: Browser;
let shop: ShopProcess;
let fake: Awaited<ReturnType<typeof startPaypalFake>>;
let dataDir: string;
beforeAll(async () => {
  fake = await startPaypalFake();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-paypal-'));
  shop = await startShop(
    {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED: 'demo',
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_SDK_URL: `${fake.baseUrl}/sdk/js`,
    },
    undefined,
    { server: 'compiled' },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('PayPal (live provider, through its JS SDK)', () => {
  it("checks out with PayPal's button: approval fills the form, the order is placed and captured at PayPal", async () => {
    const config = await (await fetch(`${shop.url}/checkout/config`)).json();
    expect(config).toMatchObject({
      express: 'paypal',
      paypalClientId: fake.clientId,
      paypalSdkUrl: `${fake.baseUrl}/sdk/js`,
    });

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/paypal/createOrder');
    const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
    await page.goto(`${shop.url}/product/lace-cheeky-brief`);
    await cartRead;
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'XS', exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByTestId('line-quantity').waitFor();
    await bag.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/cart\/checkout$/);
    await page.locator('main').getByRole('button', { name: 'CHECKOUT', exact: true }).click();
    const checkout = page.locator('#checkout-stage');
    await checkout.getByRole('heading', { level: 3, name: 'Your details' }).waitFor();

    // PayPal's button, rendered by its SDK (the page's CSP lets the SDK's origin in).
    await checkout.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' }).click();
    const orderId = (await (await created).json()) as string;

    // The form fills from PayPal's answer and moves on to shipping by itself.
    await checkout.getByRole('heading', { level: 3, name: 'Delivery' }).waitFor();
    expect(await checkout.getByTestId('review-contact').textContent()).toContain(PAYER.given_name);
    await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
    await checkout.getByRole('button', { name: 'Complete order with PayPal', exact: true }).click();
    await page.waitForURL(/\/cart\/success$/);
    await expect.poll(() => page.getByTestId('order-number').textContent({ timeout: 10_000 })).toMatch(/^#\d+$/);

    // Captured at PayPal, for the server's total (updated with shipping and tax before capture).
    const captured = fake.order(orderId)!;
    expect(captured.status).toBe('COMPLETED');
    expect(Number(captured.purchase_units[0]!.amount.value)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets the SDK's origin in through the Content Security Policy, and PayPal's window talk to its opener", async () => {
    const page = await fetch(`${shop.url}/cart/success`);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${fake.baseUrl}`);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.paypal\.com/);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
