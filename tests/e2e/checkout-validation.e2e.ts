// The checkout's forms and the gift card form checked in the browser with the contract's own schemas
// (issue 25 item 3) in real Chromium: a problem is said by its field, in the words the server would
// answer, the field takes the focus, and no call is sent; once corrected, the checkout goes on. And
// PLACE ORDER, now a mutation, still places one order for a double click.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, waitForHydration, watchErrors } from './support/browser.js';
import { mostStockedPiece, openCheckout } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The paths of the calls the page sends from now on. */
function callsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

async function fillContact(checkout: Locator, firstName: string) {
  await checkout.getByLabel('First name', { exact: true }).fill(firstName);
  await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await checkout.getByLabel('Confirm email', { exact: true }).fill('ada@example.com');
  await checkout.getByLabel('Country', { exact: true }).selectOption('US');
  await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await checkout.getByLabel('City', { exact: true }).fill('New York');
  await checkout.getByLabel('State', { exact: true }).selectOption('NY');
  await checkout.getByLabel('Zip', { exact: true }).fill('10001');
}

describe('forms checked before they are sent', () => {
  it('says a too long first name on the contact stage without a call, then goes on once corrected', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const checkout = await openCheckout(page, mostStockedPiece());
    await fillContact(checkout, 'A'.repeat(101));
    const calls = callsOf(page);

    await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
    await checkout.getByText('First name must be at most 100 characters', { exact: true }).waitFor();
    const firstName = checkout.getByLabel('First name', { exact: true });
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);

    // Corrected, the message goes as it is typed, and the checkout goes on to shipping.
    await firstName.fill('Ada');
    expect(await checkout.getByText('First name must be at most 100 characters').count()).toBe(0);
    await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
    await checkout.getByRole('heading', { level: 3, name: 'Delivery' }).waitFor();
    expect(calls).toContain('/order/getShippingOptions');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page in a chunk of its own answers once the page says it is hydrated, though its chunk came late', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The gift card page's own code arrives 1.5 s after the rest, as on a slow line.
    await page.route(/\/assets\/gift-card-page-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${shopUrl}/gift-card`);
    await waitForHydration(page);
    await page.getByLabel('Recipient email', { exact: true }).fill('anna@');
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    await page.getByText('Recipient email is not a valid email address', { exact: true }).waitFor({ timeout: 5000 });
    expect(await page.getByLabel('Recipient email', { exact: true }).inputValue()).toBe('anna@');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a wrong email on the gift card form without a call', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/gift-card`);
    await waitForHydration(page);
    const calls = callsOf(page);

    await page.getByLabel('Recipient name', { exact: true }).fill('Anna');
    await page.getByLabel('Recipient email', { exact: true }).fill('anna@');
    await page.getByLabel('From', { exact: true }).fill('x'.repeat(101));
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    await page.getByText('Recipient email is not a valid email address', { exact: true }).waitFor();
    await page.getByText('From must be at most 100 characters', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(calls.filter((path) => path === '/addGiftCard')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('PLACE ORDER', () => {
  it('places one order for a double click: one card confirmation, one /placeOrder', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const checkout = await openCheckout(page, mostStockedPiece());
    await fillContact(checkout, 'Ada');
    await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
    await checkout.getByRole('heading', { level: 3, name: 'Delivery' }).waitFor();
    await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
    await checkout.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
    await checkout.getByLabel('Card number', { exact: true }).fill('4242424242424242');
    await checkout.getByLabel('MM / YY', { exact: true }).fill('12 / 34');
    await checkout.getByLabel('CVC', { exact: true }).fill('123');
    const calls = callsOf(page);

    await checkout.getByRole('button', { name: 'PLACE ORDER', exact: true }).dblclick();
    await page.waitForURL(/\/cart\/success$/);
    await page.getByTestId('order-number').waitFor();
    expect(calls.filter((path) => path === '/placeOrder')).toHaveLength(1);
    expect(calls.filter((path) => path === '/sandbox/card/confirm')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
