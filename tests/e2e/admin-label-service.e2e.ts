// Issue 24 items 21 and 24 in real Chromium: the shipping-label modal names the service the shopper
// chose and paid at checkout ('Standard (3–5 business days), free' or its fee), and a rate's days sit
// on their own line (no '·' left alone at a line's start). Screenshots into $ADMIN_SHOTS at 390 and 1440 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.js';
import { adminShot, openTab, signedIn } from './support/admin.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the shipping-label modal', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says which service the shopper chose and paid (${width})`, async () => {
      const lastName = `Service${width}${Date.now().toString(36)}`;
      const shopper = shopperInNewYork({ firstName: 'Ines', lastName, email: `${lastName.toLowerCase()}@example.com` });
      const shopperContext = await browser.newContext();
      const { orderId } = await placeOrderThroughCalls(shopperContext.request, { url: 'silk-camisole', shopper });
      await shopperContext.close();

      const { context, page, errors } = await signedIn(browser, viewport);
      await openTab(page, 'Orders');
      await page.getByLabel('Order number or last name').first().fill(lastName.toLowerCase());
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const order = page.getByRole('article', { name: `Order #${orderId}` });
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      await order.getByRole('button', { name: 'Ship' }).click();
      const modal = page.getByRole('dialog', { name: `Ship order #${orderId}` });
      await modal.getByRole('radio').first().waitFor();
      const chosen = (await modal.locator('.admin-shipping__chosen').textContent()) ?? '';
      // The first US option, Standard: free over $100, else its fee.
      expect(chosen).toMatch(/^Shopper choseStandard \(3–5 business days\), (free|\$\d+\.\d{2})$/);
      // No rate's text has a '·' at the start of a line: the days are their own line.
      for (const service of await modal.locator('.admin-shipping__service').allInnerTexts()) {
        expect(service.split('\n').every((line) => !line.trim().startsWith('·'))).toBe(true);
        expect(service).not.toContain('·');
      }
      await adminShot(page, `label-modal-${width}`, false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
