// Issue 26 #3 in real Chromium, on a shop of its own (settings change what every shopper sees): the
// owner sets a $7 standard rate and a $150 US free-shipping threshold in the Settings tab (a wrong
// price is refused next to its field first), and a shopper's next checkout (US address, a bag between
// $100 and $150) offers Standard at $7.00, not free. Screenshots of the tab into $ADMIN_SHOTS at 390
// and 1440 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../src/server/db/seed/demo-catalog.js';
import { openTab, ownerSignedInAt } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration } from './support/browser.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startOwnShop({ seed: 'demo' })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A demo piece priced from $100 to under $150 (free shipping by default, not at $150), in its roomiest size. */
function pieceBetween100And150(): { url: string; size: string } {
  for (const item of DEMO_ITEMS) {
    const product = item.products[0]!;
    if (item.published === false || item.soldOut || product.priceCents < 100_00 || product.priceCents >= 150_00)
      continue;
    const size = ['XS', 'S', 'M', 'L'].sort(
      (a, b) =>
        demoStock(item, product.type, product.colors[0]!, b) - demoStock(item, product.type, product.colors[0]!, a),
    )[0]!;
    if (demoStock(item, product.type, product.colors[0]!, size) > 0) return { url: item.url, size };
  }
  throw new Error('no demo piece between $100 and $150');
}

async function ownerIn(viewport: { width: number; height: number }) {
  const { context, page, errors } = await ownerSignedInAt(browser, shop.url, { viewport });
  await openTab(page, 'Settings');
  await page.getByRole('button', { name: 'Save settings' }).waitFor();
  return { context, page, errors };
}

const standard = (page: Page) => page.getByRole('list', { name: 'Shipping options' }).getByRole('listitem').first();

describe('Settings → the next checkout', () => {
  it('a $7 standard rate and a $150 US threshold reach the shopper’s next checkout', async () => {
    const { context, page, errors } = await ownerIn(DESKTOP);
    const price = standard(page).getByLabel('Price ($)');
    expect(await price.inputValue()).toBe('8');

    // Refused in the browser, next to the field, before anything is sent.
    await price.fill('-1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => standard(page).locator('.field__error').first().textContent())
      .toBe('The price cannot be negative');

    await price.fill('7');
    await page.getByLabel('US addresses, from ($)').fill('150');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/api/settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await standard(page).locator('.field__error').count()).toBe(0);
    await saveShot(process.env.ADMIN_SHOTS, page, 'settings-1440');
    // The change is in Activity, with who made it.
    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    const latest = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first();
    await latest.waitFor();
    expect(await latest.textContent()).toContain('Settings changed: shipping');
    expect(await latest.textContent()).toContain(E2E_ADMIN.email);
    expect(errors).toEqual([]);
    await context.close();

    // A shopper with a bag between $100 and $150 and a New York address.
    const shopper = await browser.newContext({ viewport: PHONE });
    const sp = await shopper.newPage();
    const piece = pieceBetween100And150();
    await sp.goto(`${shop.url}/product/${piece.url}`);
    await waitForHydration(sp);
    await sp.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: piece.size, exact: true }).click();
    await sp.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    const bag = sp.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByTestId('line-quantity').waitFor();
    await bag.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await sp.waitForURL(/\/cart\/checkout$/);
    await sp.locator('main').getByRole('button', { name: 'CHECKOUT', exact: true }).click();
    const checkout = sp.locator('main #checkout-stage');
    await checkout.getByRole('heading', { level: 3, name: 'Your details' }).waitFor();
    await checkout.getByLabel('First name', { exact: true }).fill('Ada');
    await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await checkout.getByLabel('Confirm email', { exact: true }).fill('ada@example.com');
    await checkout.getByLabel('Phone', { exact: true }).fill('+1 212 555 0100');
    await checkout.getByLabel('Country', { exact: true }).selectOption('US');
    await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
    await checkout.getByLabel('City', { exact: true }).fill('New York');
    await checkout.getByLabel('State', { exact: true }).selectOption('NY');
    await checkout.getByLabel('Zip', { exact: true }).fill('10001');
    await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
    const methods = checkout.getByRole('group', { name: 'Shipping method' });
    const first = methods.getByRole('radio').first();
    await first.waitFor();
    const firstOption = methods.locator('label').filter({ hasText: 'Standard' }).first();
    const text = (await firstOption.textContent()) ?? '';
    expect(text).toContain('Standard (3–5 business days)');
    expect(text).toContain('$7.00');
    expect(text).not.toContain('Free');
    await shopper.close();
  });

  it('shows the Settings tab at 390 px', async () => {
    const { context, page, errors } = await ownerIn(PHONE);
    expect(await standard(page).getByLabel('Price ($)').inputValue()).toBe('7');
    await page.getByRole('button', { name: 'Add a rate' }).click();
    await saveShot(process.env.ADMIN_SHOTS, page, 'settings-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
