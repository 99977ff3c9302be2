// The promoter's campaign report in real Chromium (spec §2 Campaign Performance, §4, §5, §8): orders
// placed with the demo campaign WELCOME10 (through the shop's own calls from the page's session) →
// /promo-performance?promoCode=WELCOME10 → Search disabled until the password is typed → a wrong
// password shows 'Code or password is wrong...' → the right one shows the table: Order ID, Total,
// Discount as -10%, Payout. Axe on the table.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PROMOTION } from '../../src/server/db/seed/demo-catalog.js';
import { formatPrice } from '../../src/web/storefront/catalog/format-price.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.js';
import { signedIn } from './support/admin.js';
import { placeOrderThroughCalls } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOTS = process.env.RETURNS_SHOTS;
const SHOPPER = {
  firstName: 'Iris',
  lastName: 'Vale',
  phone: '',
  email: 'promo.journey@example.com',
  address: '350 Fifth Avenue',
  address2: '',
  country: 'US',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};

const placeOrder = (request: APIRequestContext, url: string, promo: string) =>
  placeOrderThroughCalls(request, { url, shopper: SHOPPER, promo });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

describe('campaign performance', () => {
  it('shows the orders placed with the code to its promoter, after a wrong password is refused', async () => {
    // Two shoppers order with the code (in any case).
    const shoppers = await Promise.all([0, 1].map(() => browser.newContext()));
    const first = await placeOrder(shoppers[0]!.request, 'silk-camisole', 'WELCOME10');
    const second = await placeOrder(shoppers[1]!.request, 'silk-garter-belt', 'welcome10');
    for (const c of shoppers) await c.close();

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/promo-performance?promoCode=${DEMO_PROMOTION.code}`);
    await page.getByRole('heading', { level: 1, name: 'Campaign Performance' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('Promo code', { exact: true }).inputValue()).toBe('WELCOME10');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    expect(await searchButton.isDisabled()).toBe(true);
    await shot(page, 'promo-1-form');

    await page.getByLabel('Password', { exact: true }).fill('not-the-pass');
    expect(await searchButton.isEnabled()).toBe(true);
    await searchButton.click();
    await page.getByRole('alert').filter({ hasText: 'Code or password is wrong...' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await shot(page, 'promo-2-wrong');

    await page.getByLabel('Password', { exact: true }).fill('');
    expect(await searchButton.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PROMOTION.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const table = page.getByRole('table', { name: 'Orders placed with WELCOME10' });
    await table.waitFor();
    expect(await page.getByText('Code or password is wrong...').count()).toBe(0);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Order ID', 'Total', 'Discount', 'Payout']);

    for (const order of [first, second]) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: String(order.orderId), exact: true }) });
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells[1]).toBe('-10%');
      expect(cells[2]).toBe(formatPrice(DEMO_PROMOTION.payoutCents / 100));
      expect(cells[0]).toMatch(/^\$\d/);
    }
    // Newest first.
    const ids = await table.locator('tbody th').allTextContents();
    expect(ids.indexOf(String(second.orderId))).toBeLessThan(ids.indexOf(String(first.orderId)));
    await shot(page, 'promo-3-table');

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // The wrong password's 401 is the only failed request the browser reports.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it("shows a $20 code's discount as '-$20', not '-20%' (issue 24 item 8)", async () => {
    const code = `TWENTY${Date.now().toString(36).toUpperCase()}`;
    const { context: owner, page: ownerPage } = await signedIn(browser);
    const created = await ownerPage.request.post(`${shopUrl}/admin/api/createPromotions`, {
      headers: { origin: shopUrl },
      data: { code, type: 'dollarAmount', discount: 20, payout: 4, password: 'twenty-pass' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await owner.close();
    const shopper = await browser.newContext();
    const { orderId } = await placeOrder(shopper.request, 'silk-camisole', code);
    await shopper.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/promo-performance?promoCode=${code}`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Password', { exact: true }).fill('twenty-pass');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: `Orders placed with ${code}` });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: String(orderId), exact: true }) });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents())[1]).toBe('-$20');
    await shot(page, 'promo-4-dollar-code');
    await context.close();
  });

  it('reports a wrong code the same way (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/promo-performance`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Promo code', { exact: true }).fill('NOSUCHCODE');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PROMOTION.password);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Code or password is wrong...' }).waitFor();
    await context.close();
  });
});
