// The home page and the product tile in real Chromium: promotional items, the customer-photo
// carousel per width, the rotating banner, hover picture, quick add, sold out, image fallback.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.js';

const shopUrl = inject('shopUrl');
/** A demo piece with two pictures, on /collections whatever other journeys add. */
const DEMO_TILE = 'Silk Balconette Bra';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function onPage(viewport: { width: number; height: number }, path: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    await page.goto(shopUrl + path);
    await run(page);
  } finally {
    await context.close();
  }
}

describe('home page', () => {
  it("shows the first 4 promotional items under 'In a silky mood'", async () => {
    const promotional = ((await (await fetch(`${shopUrl}/getPromotionalItems`)).json()) as { title: string }[]).map(
      (i) => i.title,
    );
    await onPage(DESKTOP, '/', async (page) => {
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'In a silky mood' }) });
      const titles = await section.getByRole('article').getByRole('heading').allTextContents();
      expect(titles).toEqual(promotional.slice(0, 4));
    });
  });

  it.each([
    [{ width: 390, height: 844 }, 2],
    [{ width: 800, height: 900 }, 2],
    [{ width: 1440, height: 900 }, 4],
    [{ width: 3200, height: 1400 }, 5],
  ])("shows the 'Murashki Girls' carousel at %o with %i photos in view", async (viewport, expected) => {
    await onPage(viewport, '/', async (page) => {
      const track = page.getByRole('list', { name: 'Customer photos' });
      await track.scrollIntoViewIfNeeded();
      const inView = await track.evaluate((ul) => {
        const box = ul.getBoundingClientRect();
        return [...ul.children].filter((li) => {
          const r = li.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
      expect(inView).toBe(expected);
    });
  });

  it('rotates the banner every 5 s and links it to /collections', async () => {
    await onPage(DESKTOP, '/', async (page) => {
      const active = () =>
        page.locator('.hero__slide[data-active="true"]').evaluate((el) => [...el.parentElement!.children].indexOf(el));
      await page.waitForFunction(() => document.querySelectorAll('.hero__slide').length > 1);
      const first = await active();
      await page.waitForTimeout(5600);
      expect(await active()).not.toBe(first);
      await page.getByRole('link', { name: /See more/ }).click();
      await page.waitForURL(/\/collections$/);
    });
  });
});

describe('product tile', () => {
  it('shows the second picture on hover above 1024 px', async () => {
    await onPage(DESKTOP, '/collections', async (page) => {
      // A demo piece with two pictures (other journeys add items that may come first).
      const tile = page.getByRole('article', { name: DEMO_TILE, exact: true });
      const second = tile.locator('.tile__second');
      const opacity = () => second.evaluate((el) => Number(getComputedStyle(el).opacity));
      await tile.scrollIntoViewIfNeeded();
      expect(await opacity()).toBe(0);
      await tile.hover();
      await expect.poll(opacity, { timeout: 2000 }).toBe(1);
    });
  });

  it('quick add lists only sizes that are not sold out, works by keyboard and opens the bag', async () => {
    const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as {
      title: string;
      available_products: { colors: { available_sizes: { name: string; sold_out: boolean }[] }[] }[];
    }[];
    const withSoldOutSize = items.find((i) => {
      const sizes = i.available_products[0]!.colors[0]!.available_sizes;
      return sizes.some((s) => s.sold_out) && sizes.some((s) => !s.sold_out);
    })!;
    const open = withSoldOutSize.available_products[0]!.colors[0]!.available_sizes.filter((s) => !s.sold_out).map(
      (s) => s.name,
    );
    await onPage(DESKTOP, '/collections', async (page) => {
      const tile = page.getByRole('article', { name: withSoldOutSize.title, exact: true });
      // A closed panel's sizes are not laid out; hovering the tile shows them at once, leaving hides them.
      const skipped = () => tile.locator('.quick-add__panel').evaluate((el) => getComputedStyle(el).contentVisibility);
      expect(await skipped()).toBe('hidden');
      await tile.hover();
      await expect.poll(skipped).toBe('visible');
      expect(
        await tile
          .getByRole('button', { name: /^Add size .+ to bag$/ })
          .first()
          .isVisible(),
      ).toBe(true);
      await page.mouse.move(0, 0);
      await expect.poll(skipped).toBe('hidden');
      // By keyboard: Enter on the quick add opens its sizes.
      await tile.getByRole('button', { name: `Add to bag: ${withSoldOutSize.title}` }).focus();
      await page.keyboard.press('Enter');
      const sizeButtons = tile.getByRole('button', { name: /^Add size .+ to bag$/ });
      await sizeButtons.first().waitFor();
      expect(await skipped()).toBe('visible');
      const names = await sizeButtons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(names).toEqual(open.map((s) => `Add size ${s} to bag`));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Shopping bag' }).waitFor();
    });
  });

  it("disables the quick add and says 'Sold out' when every size of every colour is sold out", async () => {
    await onPage(DESKTOP, '/categories/?category=bras', async (page) => {
      const tile = page.getByRole('article', { name: 'Velvet Balconette Bra', exact: true });
      const button = tile.getByRole('button', { name: 'Sold out: Velvet Balconette Bra' });
      expect(await button.textContent()).toBe('Sold out');
      expect(await button.isDisabled()).toBe(true);
    });
  });

  it('falls back to the blurred placeholder when a picture has not loaded after 1500 ms', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // Hold every tile preview back for 4 s, as a very slow network would.
    await page.route('**/*-preview.jpg', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => {});
    });
    await page.goto(`${shopUrl}/collections`, { waitUntil: 'domcontentloaded' });
    // A lazy picture's 1500 ms start when it comes into view (other journeys add tiles above it).
    const tile = page.getByRole('article', { name: DEMO_TILE, exact: true });
    await tile.scrollIntoViewIfNeeded();
    const picture = tile.locator('.shop-picture').first();
    await page.waitForTimeout(800);
    expect(await picture.getAttribute('data-slow')).toBe('false');
    await expect.poll(() => picture.getAttribute('data-slow'), { timeout: 3000 }).toBe('true');
    await context.close();
  });
});
