// What a shopper does before the app has taken over the server-rendered page is not lost
// (src/web/entry-loader.ts): taps are done again and typed text kept once the page is hydrated,
// and on a pictured page the app is asked for only after its first picture has arrived.
// The app's scripts are held back here, so every step below happens before hydration.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE, waitForHydration, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SCRIPT_DELAY_MS = 1500;
const PICTURE_DELAY_MS = 800;
const TOKEN_DELAY_MS = 3000;

/** Holds every app script back by SCRIPT_DELAY_MS, and notes when the first one was asked for. */
async function slowScripts(page: Page): Promise<{ firstAskedAt: () => number | undefined }> {
  let firstAskedAt: number | undefined;
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    firstAskedAt ??= Date.now();
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  return { firstAskedAt: () => firstAskedAt };
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe('before the app has loaded, or its session', () => {
  it('asks for the app only after the first picture, and adds the size tapped meanwhile to the bag', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const scripts = await slowScripts(page);
    // The product's first photo (fetchpriority=high) arrives late; the app must wait for it.
    let pictureArrivedAt: number | undefined;
    await page.route(/silk-balconette-bra-1-preview\.jpg$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, PICTURE_DELAY_MS));
      const response = await route.fetch();
      pictureArrivedAt = Date.now();
      await route.fulfill({ response });
    });

    await page.goto(`${shopUrl}/product/silk-balconette-bra`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('img', { name: 'Silk Balconette Bra in Champagne' }).first().waitFor();
    await page.waitForFunction(() => (document.querySelector('img[fetchpriority=high]') as HTMLImageElement).complete);
    await expect.poll(() => scripts.firstAskedAt(), { timeout: 5000 }).toBeDefined();
    expect(pictureArrivedAt).toBeDefined();
    expect(scripts.firstAskedAt()!).toBeGreaterThanOrEqual(pictureArrivedAt!);

    // Tap a size and ADD TO BAG while the app is still on its way.
    expect(await isHydrated(page)).toBe(false);
    const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true });
    await size.click();
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    expect(await isHydrated(page)).toBe(false);

    // Once hydrated, both taps are done in order: the bag opens with one piece in M.
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByTestId('line-quantity').waitFor();
    expect(await size.getAttribute('aria-checked')).toBe('true');
    expect(await bag.getByText('Silk Balconette Bra').count()).toBeGreaterThan(0);
    expect(await bag.getByTestId('line-quantity').count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: 'Please fill out the size' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the piece added while the session call is still on its way', async () => {
    // /addToCart without a session cookie opens a session of its own; if /token answered later, its
    // cookie would replace that one and the bag would come back empty on the next page.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.route(/\/token$/, async (route) => {
      // The server opens the session now, but its answer (and cookie) reaches the page late: fetched
      // here, the cookie lands in the context at once, so it is taken back until the answer is given.
      const response = await route.fetch();
      await context.clearCookies();
      await new Promise((resolve) => setTimeout(resolve, TOKEN_DELAY_MS));
      await route.fulfill({ response });
    });
    const tokenAnswered = page.waitForResponse(/\/token$/);
    await page.goto(`${shopUrl}/product/silk-tanga-brief`);
    await waitForHydration(page);
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'S', exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    await page.getByRole('dialog', { name: 'Shopping bag' }).getByTestId('line-quantity').waitFor();
    await tokenAnswered;

    await page.unroute(/\/token$/);
    await page.reload();
    await page.getByRole('button', { name: 'Shopping bag, 1 item' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an email typed into the newsletter form and sends it when Enter was pressed', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await slowScripts(page);
    await page.goto(`${shopUrl}/story`, { waitUntil: 'domcontentloaded' });

    const form = page.locator('footer').getByRole('region', { name: 'Join the Murashki list' });
    const email = `early-${Date.now()}@example.com`;
    const field = form.getByRole('textbox', { name: 'Email', exact: true });
    await field.fill(email);
    await field.press('Enter');
    expect(await isHydrated(page)).toBe(false);
    // Enter did not send the form the browser's way (the page would have reloaded without it).
    expect(page.url()).toBe(`${shopUrl}/story`);

    await waitForHydration(page);
    await form.getByText('Successfully subscribed!', { exact: false }).waitFor();
    expect(await field.inputValue()).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });
});
