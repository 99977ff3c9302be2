// Checkout trust (issue 24 items 1, 5, 15, 19, 20, 24) in real Chromium against the sandbox providers:
// two tabs on one bag (the page says what changed, reloads every line and total, releases the first
// authorisation and charges the shown total), no marketing popup in the purchase path, /cart/success
// without an order, a stale 'Invalid Promo Code' cleared on the next stage, the stages without the
// bag view and the phone's collapsible summary at the top, and money shown by one rule.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckoutSummary } from '../../src/web/api/http-api.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.js';
import { mostStockedPiece, openCheckout, roomiestSelection } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOTS = process.env.CHECKOUT_SHOTS;
const PIECE = mostStockedPiece();
/** The piece tab B adds: not the journeys' main piece. */
const SECOND = 'silk-kimono-robe';
const SECOND_TITLE = 'Silk Kimono Robe';

async function fillContact(checkout: Locator) {
  await checkout.getByLabel('First name', { exact: true }).fill('Ada');
  await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await checkout.getByLabel('Confirm email', { exact: true }).fill('ada@example.com');
  await checkout.getByLabel('Country', { exact: true }).selectOption('US');
  await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await checkout.getByLabel('City', { exact: true }).fill('New York');
  await checkout.getByLabel('State', { exact: true }).selectOption('NY');
  await checkout.getByLabel('Zip', { exact: true }).fill('10001');
}

async function toShipping(checkout: Locator) {
  await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
  await checkout.getByRole('heading', { level: 3, name: 'Delivery' }).waitFor();
  await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
}

async function toBilling(checkout: Locator) {
  await toShipping(checkout);
  await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await checkout.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
}

async function fillCard(checkout: Locator) {
  await checkout.getByLabel('Card number', { exact: true }).fill('4242424242424242');
  await checkout.getByLabel('MM / YY', { exact: true }).fill('12 / 34');
  await checkout.getByLabel('CVC', { exact: true }).fill('123');
}

const placeOrderButton = (checkout: Locator) => checkout.getByRole('button', { name: 'PLACE ORDER', exact: true });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

async function serverSummary(page: Page): Promise<CheckoutSummary> {
  return page.evaluate(async () => (await (await fetch('/checkout/summary', { credentials: 'include' })).json()) as CheckoutSummary);
}

/** The sandbox intent behind a client secret, as Stripe.js retrievePaymentIntent shows it. */
async function intentOf(page: Page, clientSecret: string) {
  return page.evaluate(async (secret) => {
    const res = await fetch('/sandbox/card/retrieve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret: secret }) });
    return ((await res.json()) as { paymentIntent: { id: string; status: string; amount: number; amount_received: number } }).paymentIntent;
  }, clientSecret);
}

/** Every client secret the page received, in order. */
function watchSecrets(page: Page): string[] {
  const secrets: string[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/getClientSecret' && res.status() === 200) secrets.push((await res.json()) as string);
  });
  return secrets;
}

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('two tabs, one bag', () => {
  it('tab B adds a piece while tab A is on billing: PLACE ORDER in tab A says what changed, shows both pieces and the new total, releases the first authorisation and charges the shown total', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const tabA = await context.newPage();
    const errors = watchErrors(tabA);
    const secrets = watchSecrets(tabA);
    const checkout = await openCheckout(tabA, PIECE);
    await fillContact(checkout);
    await toBilling(checkout);
    await fillCard(checkout);
    const side = sidebar(tabA);
    expect(await side.locator('.summary-line').count()).toBe(1);
    const totalBefore = dollars(await side.getByTestId('total-total').textContent());

    // Tab B: the same shopper adds a second piece.
    const tabB = await context.newPage();
    const cartRead = tabB.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
    await tabB.goto(`${shopUrl}/product/${SECOND}`);
    await cartRead;
    const added = await tabB.evaluate(
      async (body) => (await fetch('/addToCart', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify([body]) })).status,
      roomiestSelection(SECOND),
    );
    expect(added).toBe(200);
    await tabB.close();

    // Back in tab A, still showing one piece.
    expect(await side.locator('.summary-line').count()).toBe(1);
    const firstSecret = secrets.at(-1)!;
    await placeOrderButton(checkout).click();
    const notice = tabA.getByTestId('bag-changed');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(new RegExp(`^Your bag changed in another window: ${SECOND_TITLE} \\(.*\\) was added`));
    expect(tabA.url()).toMatch(/stage=billing/);

    // Every line and total on screen follows the bag now.
    await expect.poll(() => side.locator('.summary-line').count()).toBe(2);
    expect(await side.getByText(SECOND_TITLE).count()).toBe(1);
    const server = await serverSummary(tabA);
    await expect.poll(async () => dollars(await side.getByTestId('total-total').textContent())).toBe(server.total);
    expect(server.total).toBeGreaterThan(totalBefore);
    await expect.poll(async () => dollars(await checkout.locator('.checkout-actions__total strong').textContent())).toBe(server.total);

    // The first attempt's authorisation is released; nothing was charged.
    expect(await intentOf(tabA, firstSecret)).toMatchObject({ status: 'canceled', amount_received: 0 });

    // The second attempt charges the total on screen.
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);
    const secondSecret = secrets.at(-1)!;
    expect(secondSecret).not.toBe(firstSecret);
    await placeOrderButton(checkout).click();
    await tabA.waitForURL(/\/cart\/success$/);
    expect(await intentOf(tabA, secondSecret)).toMatchObject({ status: 'succeeded', amount_received: Math.round(server.total * 100) });
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    if (SHOTS) await tabA.screenshot({ path: `${SHOTS}/two-tabs-success-1440.png`, fullPage: true });
    await context.close();
  });
});
