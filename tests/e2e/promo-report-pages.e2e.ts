// A busy campaign's report in real Chromium: a shop of its own whose database holds `npm run
// seed:scale`'s orders (one in nine placed with WELCOME10: more than two pages of the report), then
// /promo-performance → code and pass → the first 50 orders with the totals over all of them → Next →
// the next 50, the page back at the table's top → Previous → the first page again. Phone width, axe.
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../bench/admin.js';
import { PROMO_REPORT_PAGE_SIZE, type PromoPerformanceRow } from '../../src/contract/promotions.js';
import { DEMO_PROMOTION } from '../../src/server/db/seed/demo-catalog.js';
import { formatPrice } from '../../src/web/storefront/catalog/format-price.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
import { launchBrowser, PHONE, watchErrors } from './support/browser.js';

/** 1,000 orders: 111 of them WELCOME10's, three pages. */
const ORDERS = 1000;
let browser: Browser;
let shop: ShopProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-promo-pages-'));
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  await runScript('scripts/seed-scale.ts', ['--items=0', `--orders=${ORDERS}`, '--carts=0', '--subscribers=0'], env);
  shop = await startShop({ ...env, SEED: 'demo' }, undefined, { server: 'compiled' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a campaign of more than one page', () => {
  it('shows 50 orders at a time with the totals of all of them, and turns pages both ways', async () => {
    // What the spec's call answers: every order at once, the page's source of truth here.
    const all = (await (
      await fetch(`${shop.url}/promoPerformance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({ promoCode: DEMO_PROMOTION.code, password: DEMO_PROMOTION.password }),
      })
    ).json()) as PromoPerformanceRow[];
    expect(all).toHaveLength(Math.floor(ORDERS / 9));
    const sum = (key: 'total' | 'payout') => all.reduce((s, r) => s + Math.round(r[key] * 100), 0) / 100;

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shop.url}/promo-performance?promoCode=${DEMO_PROMOTION.code}`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PROMOTION.password);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Orders placed with WELCOME10' });
    await table.waitFor();

    const shownIds = async () => (await table.locator('tbody th').allTextContents()).map(Number);
    const idsOf = (from: number) => all.slice(from, from + PROMO_REPORT_PAGE_SIZE).map((r) => r.orderId);
    expect(await shownIds()).toEqual(idsOf(0));
    await page.getByText(`${all.length} orders · ${formatPrice(sum('payout'))} payout`).waitFor();
    const footer = await table.locator('tfoot td').allTextContents();
    expect(footer[0]).toBe(formatPrice(sum('total')));
    expect(footer[2]).toBe(formatPrice(sum('payout')));

    const pager = page.getByRole('navigation', { name: 'Report pages' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByText(`Orders 1–50 of ${all.length}`).waitFor();

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Orders 51–100 of ${all.length}`).waitFor();
    expect(await shownIds()).toEqual(idsOf(50));
    // The new page is read from its top: the campaign's heading is on screen, below the sticky header.
    const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
    const headingTop = await page.locator('.promo-report__head').evaluate((el) => el.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
    expect(headingTop).toBeLessThan(PHONE.height / 2);

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`Orders 101–${all.length} of ${all.length}`).waitFor();
    expect(await shownIds()).toEqual(idsOf(100));
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // The totals are the campaign's, whatever the page.
    expect((await table.locator('tfoot td').allTextContents())[0]).toBe(formatPrice(sum('total')));

    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText(`Orders 51–100 of ${all.length}`).waitFor();
    expect(await shownIds()).toEqual(idsOf(50));
    // The pager and the busy table pass axe too.
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    if (process.env.RETURNS_SHOTS)
      await page.screenshot({ path: `${process.env.RETURNS_SHOTS}/promo-pages-${PHONE.width}.png`, fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
