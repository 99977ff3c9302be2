// Search (issue 27) in real Chromium: the header's field → results → product page; '/' opens it;
// a query with no match; the results page and its paging without JavaScript; axe on /search.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
const shots = process.env.SEARCH_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('searching from the header', () => {
  it('opens the field, searches with a typo, lands on results and opens the product', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/`);
    await waitForHydration(page);

    const toggle = page.getByRole('button', { name: 'Open search' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const field = page.getByRole('searchbox', { name: 'Search the shop' }).first();
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await saveShot(shots, page, 'header-search-390', false);
    await field.fill('balconete');
    await field.press('Enter');

    await page.waitForURL(/\/search\?q=balconete$/);
    await page.getByRole('heading', { level: 1, name: 'Results for “balconete”' }).waitFor();
    const results = page.getByRole('list', { name: 'Results for balconete' });
    await results.getByRole('link', { name: 'Silk Balconette Bra', exact: true }).first().waitFor();
    await saveShot(shots, page, 'search-results-390');
    await results.getByRole('link', { name: 'Silk Balconette Bra', exact: true }).first().click();
    await page.waitForURL(/\/product\/silk-balconette-bra$/);
    await page.getByRole('heading', { level: 1, name: 'Silk Balconette Bra' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens and focuses the field on '/', not while typing in another field, and Escape closes it", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/collections`);
    await waitForHydration(page);

    await page.keyboard.press('/');
    const field = page.locator('#site-search-q');
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'hidden' });
    const toggle = page.getByRole('button', { name: 'Open search' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // In the newsletter's email field, '/' is a character, not a shortcut.
    const email = page.getByRole('textbox', { name: /email/i }).first();
    await email.fill('');
    await email.type('a/b');
    expect(await email.inputValue()).toBe('a/b');
    expect(await field.isVisible()).toBe(false);

    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await field.waitFor();
    await field.fill('silk');
    await saveShot(shots, page, 'header-search-1440', false);
    await field.press('Enter');
    await page.waitForURL(/\/search\?q=silk$/);
    await page.getByRole('heading', { level: 1, name: 'Results for “silk”' }).waitFor();
    await saveShot(shots, page, 'search-results-1440');
    await context.close();
  });

  it('says there is no result and offers the categories', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/search?q=${encodeURIComponent('xylophone <b>')}`);
    await page.getByRole('heading', { level: 1, name: 'No results for "xylophone <b>"' }).waitFor();
    const browse = page.getByRole('navigation', { name: 'Categories' });
    await browse.getByRole('link', { name: 'Bras' }).waitFor();
    await saveShot(shots, page, 'search-empty-390');
    await browse.getByRole('link', { name: 'Bras' }).click();
    await page.waitForURL(/\/categories\/?\?category=bras$/);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('renders the results on the server, searches with the plain form and pages with links', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/`);
    // The header's icon is a link to /search before any code runs.
    await page.getByRole('button', { name: 'Open search' }).click();
    await page.waitForURL(/\/search$/);
    const field = page.getByRole('searchbox', { name: 'Search the shop' }).last();
    await field.fill('bra');
    await field.press('Enter');
    await page.waitForURL(/\/search\?q=bra$/);
    await page.getByRole('heading', { level: 1, name: 'Results for “bra”' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Results for bra' }).getByRole('listitem');
    expect(await tiles.count()).toBeGreaterThan(2);
    await context.close();
  });
});

describe('accessibility (axe)', () => {
  for (const path of ['/search?q=silk', '/search?q=xylophone', '/search']) {
    it(`${path} has no serious or critical violation, header search open`, async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(`${shopUrl}${path}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open search' }).click();
      const result = await new AxeBuilder({ page } as never).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
