// Exports and packing slips in real Chromium (issue 28 #5, #6): an order placed through the shop's
// calls → the owner opens Overview and downloads the orders CSV of the period shown (the browser's
// download, parsed: the order's row) → the Orders tab's 'Packing slip' of that order opens its PDF
// (one page naming the order and the piece) → 'Packing slips for orders to ship' opens a PDF with a
// page per order to ship. axe on the exports section; screenshots at 390 and 1440 px into $ADMIN_SHOTS.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminShot, openTab, signedIn } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
const PIECE = { url: 'silk-camisole' };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('exports and packing slips', () => {
  it('the owner downloads the orders CSV from Overview and opens an order’s packing slip and the slips to ship', async () => {
    const lastName = `Export${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const shopperContext = await browser.newContext();
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, {
      url: PIECE.url,
      shopper: shopperInNewYork({ firstName: 'Iris', lastName, email }),
    });
    await shopperContext.close();

    const admin = await signedIn(browser, DESKTOP);
    const { page } = admin;
    await openTab(page, 'Overview');
    const section = page.getByRole('region', { name: 'Exports and packing slips' });
    await section.waitFor();
    const axe = await new AxeBuilder({ page } as never).include('.overview-exports').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await adminShot(page, 'exports-overview-1440');

    // ---- the orders CSV of the period shown: a browser download ----
    const link = section.getByRole('link', { name: 'Download orders (CSV)' });
    expect(await link.getAttribute('href')).toMatch(/^\/admin\/api\/exports\/orders\.csv\?from=\d{4}-\d{2}-\d{2}&to=/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile((await download.path())!), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    const row = rows.find((r) => r.order_id === String(orderId));
    expect(row, `order ${orderId} in the CSV`).toMatchObject({
      email,
      name: `Iris ${lastName}`,
      pieces: '1',
      status: 'To ship',
      refunded: '0.00',
    });
    expect(row!.total).toMatch(/^\d+\.\d\d$/);

    // ---- the order's packing slip, from the Orders tab ----
    await openTab(page, 'Orders');
    await page.getByLabel('Order number or last name').first().fill(lastName.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    await order.waitFor();
    await order.scrollIntoViewIfNeeded();
    await adminShot(page, 'exports-order-1440', false);
    const slipLink = order.getByRole('link', { name: 'Packing slip' });
    expect(await slipLink.getAttribute('target')).toBe('_blank');
    const slipHref = (await slipLink.getAttribute('href'))!;
    expect(slipHref).toBe(`/admin/api/packingSlip?orderId=${orderId}`);
    // Opened as the owner's browser opens it (its cookies); the PDF is the order's one page.
    const slip = await page.request.get(`${shopUrl}${slipHref}`);
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toBe('application/pdf');
    const slipPdf = await PDFDocument.load(await slip.body());
    expect(slipPdf.getPageCount()).toBe(1);
    expect(slipPdf.getTitle()).toBe(`Packing slip for order #${orderId}`);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), slipLink.click()]);
    expect(popup.url()).toBe(`${shopUrl}${slipHref}`);
    await popup.close();

    // ---- every order to ship, from the Overview ----
    await openTab(page, 'Overview');
    const allSlips = page.getByRole('link', { name: 'Packing slips for orders to ship' });
    const slips = await page.request.get(`${shopUrl}${await allSlips.getAttribute('href')}`);
    expect(slips.status()).toBe(200);
    const slipsPdf = await PDFDocument.load(await slips.body());
    expect(slipsPdf.getTitle()).toBe('Packing slips for orders to ship');
    expect(slipsPdf.getPageCount()).toBeGreaterThanOrEqual(1);

    // ---- on a phone: the section fits the screen ----
    const phone = await signedIn(browser, PHONE);
    await phone.page.goto(`${shopUrl}/admin?tab=overview`);
    await phone.page.getByRole('region', { name: 'Exports and packing slips' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await adminShot(phone.page, 'exports-overview-390');
    await openTab(phone.page, 'Orders');
    await phone.page.getByLabel('Order number or last name').first().fill(lastName.toLowerCase());
    await phone.page.getByRole('button', { name: 'Search', exact: true }).click();
    const phoneOrder = phone.page.getByRole('article', { name: `Order #${orderId}` });
    await phoneOrder.getByRole('link', { name: 'Packing slip' }).waitFor();
    await phoneOrder.scrollIntoViewIfNeeded();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await adminShot(phone.page, 'exports-order-390', false);

    expect(admin.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await admin.context.close();
  });
});
