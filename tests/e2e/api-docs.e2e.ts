// The API page (issue 29 #3) in real Chromium: /docs/api shows the document under the page's own
// policy (no script or style refused), lists the shop's calls, and marks the back office's as locked.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
const shots = process.env.API_DOCS_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the API page', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the document's calls, the back office's behind the admin session (${name})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}/docs/api`);
      await page.getByRole('heading', { name: /Murashki shop API/ }).waitFor();
      // Operations are listed by path under their tags; the back office's carry the lock of the admin session.
      const shopCall = page.locator('.opblock', { has: page.locator('[data-path="/placeOrder"]') });
      const adminCall = page.locator('.opblock', { has: page.locator('[data-path="/admin/api/getPlacedOrders"]') });
      await shopCall.first().waitFor();
      await adminCall.first().waitFor();
      expect(await adminCall.first().locator('.authorization__btn').count()).toBe(1);
      expect(await shopCall.first().locator('.authorization__btn').count()).toBe(0);
      await saveShot(shots, page, `api-docs-${name}`, false);
      // An operation opens on its request body and answers, the error answer's reference resolved.
      await shopCall.first().locator('.opblock-summary').click();
      await shopCall.first().getByText('Request body').waitFor();
      await shopCall.first().locator('.response[data-code="default"]').waitFor();
      expect(await page.getByText(/Could not resolve reference/).count()).toBe(0);
      await shopCall.first().locator('.opblock-summary').scrollIntoViewIfNeeded();
      await saveShot(shots, page, `api-docs-${name}-placeOrder`, false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
