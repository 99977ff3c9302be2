// Issue 28 #1 in real Chromium: an order placed → the owner opens Overview (30 days by default, axe)
// → its figures count the order → 7 days, kept in the address → the revenue chart's 'Show table'
// gives today's revenue as the call answers it → 12 months charts by month → From–to picks two days
// → reload keeps the period. Screenshots at 390 and 1440 px into $ADMIN_SHOTS.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OverviewAnswer } from '../../src/contract/overview.js';
import { formatPrice, toCents } from '../../src/domain/money.js';
import { adminShot, openTab, signedIn } from './support/admin.js';
import { launchBrowser, PHONE } from './support/browser.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function noSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page } as never).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** What the page's own session reads from the call, to compare the screen with. */
const answerOf = (page: Page, query: string) =>
  page.evaluate(async (q) => (await fetch(`/admin/api/overview?${q}`)).json(), query) as Promise<OverviewAnswer>;

describe('the Overview', () => {
  it('the owner opens it, changes the period, reads the chart and its table', async () => {
    const lastName = `Overview${Date.now().toString(36)}`;
    const shopperContext = await browser.newContext();
    await placeOrderThroughCalls(shopperContext.request, {
      url: 'tulle-longline-bra',
      shopper: shopperInNewYork({ firstName: 'Olga', lastName, email: `${lastName.toLowerCase()}@example.com` }),
    });
    await shopperContext.close();

    const { page, context, errors } = await signedIn(browser);
    await openTab(page, 'Overview');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('overview');
    const cards = page.getByRole('list').filter({ has: page.getByText('Pieces sold') });
    await cards.waitFor();
    const thirty = await answerOf(page, 'period=30d');
    expect(thirty.figures.orders).toBeGreaterThan(0);
    const ordersCard = cards.getByRole('listitem').filter({ hasText: /^Orders/ });
    await expect.poll(() => ordersCard.textContent()).toContain(String(thirty.figures.orders));
    await expect
      .poll(() =>
        cards
          .getByRole('listitem')
          .filter({ hasText: /^Revenue/ })
          .textContent(),
      )
      .toContain(formatPrice(toCents(thirty.figures.revenue)));
    await page.getByRole('link', { name: /^\d[\d,]* to ship$/ }).waitFor();
    await noSeriousViolations(page);
    await adminShot(page, 'overview-1440');

    // 7 days, kept in the address.
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7d');
    const week = await answerOf(page, 'period=7d');
    await page
      .getByText(`compared with`)
      .filter({ hasText: week.today.slice(0, 4) })
      .waitFor();
    const revenueChart = page.getByRole('figure', { name: 'Revenue by day' });
    await expect.poll(() => revenueChart.locator('rect').count()).toBeGreaterThan(0);
    expect(await revenueChart.getByRole('img').getAttribute('aria-label')).toMatch(/^Revenue by day: 7 bars/);
    await revenueChart.getByText('Show table').click();
    const table = revenueChart.getByRole('table', { name: 'Revenue by day' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
    const today = week.series.at(-1)!;
    expect(today.revenue).toBeGreaterThan(0);
    const todayRow = table.getByRole('row').last();
    expect(await todayRow.getByRole('cell').textContent()).toBe(formatPrice(toCents(today.revenue)));

    // 12 months: by month.
    await page.getByRole('button', { name: '12 months' }).click();
    const monthly = page.getByRole('figure', { name: 'Orders by month' });
    await monthly.waitFor();
    await monthly.getByText('Show table').click();
    expect(await monthly.getByRole('table').getByRole('row').count()).toBe(13);

    // From–to: two days of the owner's choosing, kept across a reload.
    await page.getByRole('button', { name: 'From–to' }).click();
    await page.getByLabel('From', { exact: true }).fill(week.series[0]!.start);
    await page.getByLabel('To', { exact: true }).fill(week.today);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(week.series[0]!.start);
    await page.reload();
    await page.getByRole('figure', { name: 'Revenue by day' }).waitFor();
    expect(await page.getByRole('button', { name: 'From–to' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();

    const phone = await signedIn(browser, PHONE);
    await phone.page.goto(`${shopUrl}/admin?tab=overview&period=30d`);
    await phone.page.getByRole('figure', { name: 'Revenue by day' }).waitFor();
    // Nothing wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await adminShot(phone.page, 'overview-390');
    await phone.context.close();
  });
});
