// Shipping labels in real Chromium (issue 7; spec §2 Placed Orders, §5, §8): a shopper's order found
// by last name in the Orders tab → the shipping modal lists carrier rates → buy-label disabled until
// a rate is chosen, custom tracking disabled while one is → a refused purchase alerts message[0].text
// and the modal stays open → a bought label makes the order processed with its tracking → the PDF
// label downloads with the owner's cookies (and not without) → the shopper gets the tracking email.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { adminShot, nextDialog, openTab, signedIn } from './support/admin.js';
import { decoded, mailTo } from './support/mailbox.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('orders tab: shipping labels', () => {
  it('buys a label for a rate the owner chooses; the order is processed, the PDF downloads and the shopper is emailed', async () => {
    const lastName = `Label${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const shopper = shopperInNewYork({ firstName: 'Nora', lastName, email, zip: '10118' });
    const shopperContext = await browser.newContext();
    const refused = await placeOrderThroughCalls(shopperContext.request, { url: 'silk-camisole', shopper });
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, { url: 'silk-camisole', shopper });
    await shopperContext.close();

    const { context, page, errors } = await signedIn(browser);
    await openTab(page, 'Orders');
    await page.getByLabel('Order number or last name').first().fill(lastName.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    // The newest orders (this one among them) show until the search answers: wait for the answer.
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    await order.waitFor();

    // A refused purchase: the first order gets custom tracking behind the open modal's back.
    const first = page.getByRole('article', { name: `Order #${refused.orderId}` });
    await first.getByRole('button', { name: 'Ship' }).click();
    let modal = page.getByRole('dialog', { name: `Ship order #${refused.orderId}` });
    await modal.getByRole('radio').first().waitFor();
    await modal.getByRole('radio', { name: /Priority Mail/ }).check();
    const assigned = await context.request.post(`${shopUrl}/admin/api/assignCustomTracking`, {
      data: {
        orderId: refused.orderId,
        trackingNumber: 'ELSEWHERE1',
        trackingUrlLink: 'https://carrier.example/ELSEWHERE1',
      },
      headers: { origin: shopUrl },
    });
    expect(assigned.status()).toBe(200);
    const alerted = nextDialog(page);
    await modal.getByRole('button', { name: 'Buy label' }).click();
    expect(await alerted).toBe(
      `Order #${refused.orderId} is already processed with tracking ELSEWHERE1; no label was bought`,
    );
    expect(await modal.isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });

    // The label bought for the second order.
    await order.getByRole('button', { name: 'Ship' }).click();
    modal = page.getByRole('dialog', { name: `Ship order #${orderId}` });
    const rates = modal.getByRole('radio');
    await rates.first().waitFor();
    expect(await rates.count()).toBe(4);
    const rateList = modal.getByRole('group', { name: 'Shipping rate' });
    expect(await rateList.getByRole('img', { name: 'USPS' }).count()).toBeGreaterThan(0);
    expect(await rateList.textContent()).toContain('$9.35');
    const buy = modal.getByRole('button', { name: 'Buy label' });
    expect(await buy.isDisabled()).toBe(true);
    expect(await modal.getByLabel('Tracking number').isDisabled()).toBe(false);

    await modal.getByRole('radio', { name: /Priority Mail/ }).check();
    expect(await buy.isDisabled()).toBe(false);
    expect(await modal.getByLabel('Tracking number').isDisabled()).toBe(true);
    expect(await modal.getByLabel('Tracking link').isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Assign tracking' }).isDisabled()).toBe(true);
    await adminShot(page, 'shipping-modal');

    await buy.click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => order.locator('.admin-tag').textContent()).toBe('Processed');
    const trackingNumber = (await order.getByRole('link', { name: /^9400\d{18}$/ }).textContent())!;
    const labelLink = order.getByRole('link', { name: 'Shipping label (PDF)' });
    const labelUrl = (await labelLink.getAttribute('href'))!;
    expect(labelUrl).toBe(`/admin/api/label/${orderId}.pdf`);
    await adminShot(page, 'shipped-order');

    // The label with the owner's cookies, as the link opens it; refused to a stranger.
    const download = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'include' });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
        size: bytes.length,
      };
    }, labelUrl);
    expect(download).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(download.size).toBeGreaterThan(1000);
    const stranger = await browser.newContext();
    expect((await stranger.request.get(`${shopUrl}${labelUrl}`)).status()).toBe(401);
    await stranger.close();

    const mail = await mailTo(email, `Your Murashki order #${orderId} is on its way`, 20_000);
    expect(decoded(mail)).toContain(trackingNumber);
    expect(decoded(mail)).toContain(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
