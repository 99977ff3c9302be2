// Order status in real Chromium (issue 27 item 5): an order placed → its confirmation email at the
// local SMTP server → the email's 'Check your order status' link opens /order-status with the
// timeline ('Placed'), nothing typed → the form with the order number and a wrong email shows
// 'Order not found...' → the right email shows the timeline again. Axe on the page; screenshots at
// 390 and 1440 px when ORDER_STATUS_SHOTS names a folder.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration, watchErrors } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';
import { mostStockedPiece, placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
const SHOTS = process.env.ORDER_STATUS_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('/order-status', () => {
  it("follows the confirmation email's link to the timeline, and refuses a wrong email", async () => {
    const shopperContext = await browser.newContext();
    const email = `status.${Date.now().toString(36)}@example.com`;
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, {
      url: mostStockedPiece().url,
      shopper: shopperInNewYork({ firstName: 'Nell', lastName: 'Status', email }),
    });
    await shopperContext.close();
    const mail = decoded(await mailTo(email, /order #\d+/));
    const link = /https?:\/\/[^\s"<>]+\/order-status\?t=[A-Za-z0-9_.%-]+/.exec(mail)?.[0];
    expect(link, 'the confirmation email links to the order status').toBeDefined();
    const path = new URL(link!.replaceAll('&amp;', '&'));

    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}${path.pathname}${path.search}`);
      await waitForHydration(page);
      const timeline = page.getByRole('region', { name: /preparing your order/ });
      await timeline.waitFor();
      await timeline.getByText(`Order #${orderId}`).waitFor();
      await timeline.getByRole('heading', { name: 'Placed', level: 3 }).waitFor();
      await timeline.getByText('To New York, United States').waitFor();
      await saveShot(SHOTS, page, `order-status-timeline-${viewport.width}`);
      const axe = await new AxeBuilder({ page } as never).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      const form = page.getByRole('form', { name: 'Find your order' });
      await form.getByLabel('Order number').fill(String(orderId));
      await form.getByLabel('Email', { exact: true }).fill('someone.else@example.com');
      await form.getByRole('button', { name: 'Check status' }).click();
      await page.getByRole('alert').filter({ hasText: 'Order not found...' }).waitFor();
      expect(await page.getByRole('region', { name: /preparing your order/ }).count()).toBe(0);
      await saveShot(SHOTS, page, `order-status-not-found-${viewport.width}`);

      await form.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
      await form.getByRole('button', { name: 'Check status' }).click();
      await page.getByRole('region', { name: /preparing your order/ }).waitFor();
      // The refused look-up answers 404, which the browser logs; nothing else may.
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await context.close();
    }
  });
});
