// Filters and sort of the catalog lists in real Chromium (issue 27, item 2): filter by size and
// colour from the desktop bar, copy the address, reload → the same pieces; the same address without
// JavaScript → the same pieces from the server; the phone's 'Filter' panel; axe on both.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, waitForHydration, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tileTitles = (page: Page) => page.locator('.tile__title').allTextContents();
const pieces = (page: Page) => page.locator('.catalog-page__count').textContent();

async function noSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page } as never).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('filtering the collections', () => {
  it('filters by size and colour, and the copied address shows the same pieces, with or without JavaScript', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/collections`);
    await waitForHydration(page);
    const all = await pieces(page);

    const filters = page.getByRole('form', { name: 'Filter and sort' });
    await filters.locator('summary', { hasText: 'Size' }).click();
    await filters.getByRole('checkbox', { name: /^M \(\d+\)$/ }).click();
    await page.waitForURL(/\/collections\?size=M$/);

    await filters.locator('summary', { hasText: 'Colour' }).click();
    const black = filters.getByRole('checkbox', { name: /^Black \(\d+\)$/ });
    const blackCount = Number(/\((\d+)\)/.exec((await black.locator('..').textContent()) ?? '')?.[1]);
    await black.click();
    await page.waitForURL(/\/collections\?size=M&color=black$/);
    await expect.poll(() => pieces(page)).toBe(`${blackCount} ${blackCount === 1 ? 'piece' : 'pieces'}`);
    expect(await pieces(page)).not.toBe(all);
    await page.getByRole('link', { name: 'Remove Size M' }).waitFor();
    await page.getByRole('link', { name: 'Remove Black' }).waitFor();

    await filters.getByRole('combobox', { name: 'Sort' }).selectOption('price-asc');
    await page.waitForURL(/\/collections\?size=M&color=black&sort=price-asc$/);
    // The sorted list replaces the previous one once it arrives: the server's order, price first.
    const sorted = (await (await fetch(`${shopUrl}/listItems?size=M&color=black&sort=price-asc`)).json()) as {
      items: { title: string }[];
    };
    const titles = sorted.items.map((i) => i.title);
    await expect.poll(() => tileTitles(page)).toEqual(titles);
    const address = page.url();

    // Reload: the server renders the same list.
    await page.reload();
    await waitForHydration(page);
    expect(await tileTitles(page)).toEqual(titles);
    // The choice is checked in the (closed) Size dropdown.
    expect(await filters.locator('input[name="size"][value="M"]').isChecked()).toBe(true);

    // The same address in a browser without JavaScript: same pieces, and the form still filters.
    const plain = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(address);
    expect(await tileTitles(noJs)).toEqual(titles);
    const form = noJs.getByRole('form', { name: 'Filter and sort' });
    await form.locator('summary', { hasText: 'Size' }).click();
    await form.getByRole('checkbox', { name: /^M \(/ }).click();
    await form.getByRole('button', { name: 'Apply' }).click();
    await noJs.waitForURL(/\/collections\?color=black(&minPrice=&maxPrice=)?&sort=price-asc$/);
    expect(Number((await pieces(noJs))?.split(' ')[0])).toBeGreaterThanOrEqual(blackCount);
    await plain.close();

    // 'Clear all' keeps the sort and drops the filters.
    await page.getByRole('link', { name: 'Clear all' }).click();
    await page.waitForURL(/\/collections\?sort=price-asc$/);
    await expect.poll(() => pieces(page)).toBe(all);
    await noSeriousViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the filters in a panel on a phone, and 'Show N pieces' closes it on the filtered list", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/categories/?category=bras`);
    await waitForHydration(page);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.waitFor();
    // The panel slides in; its options are clicked once it rests.
    await panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await panel.getByRole('checkbox', { name: /^S \(\d+\)$/ }).click();
    await page.waitForURL(/\/categories\/\?category=bras&size=S$/);
    const show = panel.getByRole('button', { name: /^Show \d+ pieces?$/ });
    const shown = Number(/\d+/.exec((await show.textContent()) ?? '')?.[0]);
    await noSeriousViolations(page);
    await show.click();
    await panel.waitFor({ state: 'hidden' });
    expect(await tileTitles(page)).toHaveLength(shown);
    expect(await page.getByRole('button', { name: /^Filter/ }).textContent()).toMatch(/1/);
    await noSeriousViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
