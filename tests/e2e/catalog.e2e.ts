// A shopper browsing the catalog in real Chromium: home → BRAS → category → product → sizes →
// reviews → sizing popup → back; the same product page for a crawler without JavaScript; axe.
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

const sizeGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Size' });

describe('browsing from home to a product and back', () => {
  it('follows the BRAS tile, opens a bra, selects and clears a size, reads reviews and the sizing guide', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/`);

    await page.getByRole('link', { name: 'BRAS', exact: true }).click();
    await page.waitForURL(/\/categories\/?\?category=bras$/);
    await page.getByRole('heading', { level: 1, name: 'Bras' }).waitFor();

    await page.getByRole('link', { name: 'Silk Balconette Bra', exact: true }).first().click();
    await page.waitForURL(/\/product\/silk-balconette-bra$/);
    await page.getByRole('heading', { level: 1, name: 'Silk Balconette Bra' }).waitFor();

    // Without a size, ADD TO BAG asks for one.
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out the size' }).waitFor();

    // Selecting a size, then selecting it again, clears it.
    const size = sizeGroup(page).getByRole('radio', { name: 'M', exact: true });
    await size.click();
    expect(await size.getAttribute('aria-checked')).toBe('true');
    await size.click();
    expect(await size.getAttribute('aria-checked')).toBe('false');

    // Reviews panel, opened by 'Reviews' (spec §2; the count beside it is apart from the word).
    expect(await page.locator('.product__reviews-label').textContent()).toBe('Reviews');
    await page.getByRole('button', { name: /^Reviews/ }).click();
    const reviews = page.getByRole('dialog', { name: 'Reviews' });
    await reviews.waitFor();
    await reviews
      .getByRole('img', { name: /Rated \d out of 5/ })
      .first()
      .waitFor();
    await reviews.getByRole('button', { name: 'Close reviews' }).click();
    await reviews.waitFor({ state: 'hidden' });

    // Sizing popup with both charts.
    await page.getByRole('button', { name: 'Size guide' }).click();
    const sizing = page.getByRole('dialog', { name: 'Sizing Guide' });
    await sizing.waitFor();
    expect(await sizing.getByRole('table').count()).toBe(2);
    expect(await sizing.getByText('30A/30B/30C/32A/32B').isVisible()).toBe(true);
    await sizing.getByRole('button', { name: 'Close sizing guide' }).click();
    await sizing.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Back To Bras' }).click();
    await page.waitForURL(/\/categories\/?\?category=bras$/);
    await page.getByRole('heading', { level: 1, name: 'Bras' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'No reviews for this item yet' for a piece without reviews", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as { _id: string; url: string }[];
    let url: string | undefined;
    for (const item of items) {
      const res = await fetch(`${shopUrl}/listReviewsByProductId`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: item._id }),
      });
      if (((await res.json()) as { reviews: unknown[] }).reviews.length === 0) {
        url = item.url;
        break;
      }
    }
    expect(url).toBeDefined();
    await page.goto(`${shopUrl}/product/${url}`);
    await page.getByRole('button', { name: /^Reviews/ }).click();
    await page.getByRole('dialog', { name: 'Reviews' }).getByText('No reviews for this item yet').waitFor();
    await context.close();
  });

  it("offers 'Get notified' instead of ADD TO BAG when every size is sold out", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/product/velvet-balconette-bra`);
    await page.getByRole('button', { name: 'Get notified' }).waitFor();
    expect(await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('answers an unknown product with a 404 page and a way back', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const res = await page.goto(`${shopUrl}/product/no-such-piece`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: /collections|shop/i })
        .count(),
    ).toBeGreaterThan(0);
    await context.close();
  });
});

describe('keyboard', () => {
  it("toggles the product's description blocks with Enter, the description itself always open", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/product/silk-balconette-bra`);
    await waitForHydration(page); // keys pressed before it are done once each (entry-loader.ts)
    const block = page.getByRole('button', { name: 'Fabric & Care' });
    expect(await block.getAttribute('aria-expanded')).toBe('false');
    await block.focus();
    await page.keyboard.press('Enter');
    expect(await block.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await block.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: /^description$/i }).count()).toBe(0);
    await context.close();
  });
});

describe('a crawler without JavaScript', () => {
  it('sees the product title, price, description, pictures and JSON-LD', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`${shopUrl}/product/silk-balconette-bra`);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Silk Balconette Bra');
    expect(await page.locator('main').textContent()).toMatch(/\$\d+/);
    expect(await page.locator('main img[alt*="Silk Balconette Bra"]').count()).toBeGreaterThan(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = jsonLd
      .map((j) => JSON.parse(j))
      .flatMap((j) => (Array.isArray(j) ? j : (j['@graph'] ?? [j])))
      .find((j) => j['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Silk Balconette Bra' });
    expect(JSON.stringify(product.offers)).toMatch(/"price(Currency)?"/);
    expect(await page.title()).toMatch(/Silk Balconette Bra/);
    await context.close();
  });
});

describe('accessibility (axe)', () => {
  for (const path of [
    '/',
    '/collections',
    '/categories/?category=bras',
    '/product/silk-balconette-bra',
    '/info/faq',
    '/sizing-guide',
    '/story',
  ]) {
    it(`finds no serious violations on ${path}`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(shopUrl + path, { waitUntil: 'networkidle' });
      const result = await new AxeBuilder({ page } as never).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
