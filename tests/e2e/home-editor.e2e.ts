// Issue 26 #1 and #2 in real Chromium, on a shop of this journey's own started with SEED=none: the
// fresh home (the 'New Arrivals' banner and the three category tiles with built-in pictures, no
// empty section), then the owner builds a home of two slides and three tiles on the Home tab,
// uploading pictures, looks at the preview at phone and desktop width, saves, and the shopper's home
// shows it.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminShot } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, waitForHydration, watchErrors } from './support/browser.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startOwnShop({ seed: 'none' })]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A small JPEG of one calm colour, as a phone's camera roll would offer a file. */
async function jpeg(name: string, width: number, height: number, background: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function tileLinks(page: Page) {
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Shop by category' }) });
  return section
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
}

describe('a fresh shop (SEED=none)', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'shows the New Arrivals banner and the three category tiles with built-in pictures, no empty section (%s)',
    async (_name, viewport) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${shop.url}/`);
        await waitForHydration(page);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('New Arrivals');
        const cta = page.locator('.hero__cta');
        expect(await cta.textContent()).toContain('See more');
        expect(await cta.getAttribute('href')).toBe('/collections');
        expect(await tileLinks(page)).toEqual([
          ['CLOTHING', '/categories/?category=clothing'],
          ['BRAS', '/categories/?category=bras'],
          ['PANTIES', '/categories/?category=pantiesandgarters'],
        ]);
        for (const empty of ['Effortlessly chic', 'Murashki Girls', 'In a silky mood'])
          expect(await page.getByRole('heading', { name: empty }).count()).toBe(0);
        // The built-in pictures load (none is a broken image).
        const pictures = page.locator('.hero__img, .category-card img');
        await pictures.last().scrollIntoViewIfNeeded();
        await expect
          .poll(() => pictures.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)))
          .toEqual([true, true, true, true]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("the owner's Home tab", () => {
  it('builds a home of two slides and three tiles, previews it at phone and desktop width, and the shop shows it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${shop.url}/admin`);
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByLabel('Password').press('Enter');
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await page.getByRole('tab', { name: 'Home', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

      // The built-in home is the starting point: one slide, three tiles.
      await page.getByLabel('Slide 1 title', { exact: true }).waitFor();
      expect(await page.getByLabel('Slide 1 title', { exact: true }).inputValue()).toBe('New Arrivals');
      await page.getByLabel('Slide 1 title', { exact: true }).fill('Summer Silk');
      await page
        .getByLabel('Upload slide 1 picture above 1024 px')
        .setInputFiles(await jpeg('wide-1.jpg', 1600, 800, '#c9b0a2'));
      await page
        .getByLabel('Upload slide 1 picture below 1024 px')
        .setInputFiles(await jpeg('tall-1.jpg', 600, 900, '#c9b0a2'));
      await expect
        .poll(() => page.getByLabel('Slide 1 picture below 1024 px', { exact: true }).inputValue())
        .toMatch(/^\/uploads\//);
      await expect
        .poll(() => page.getByLabel('Slide 1 picture above 1024 px', { exact: true }).inputValue())
        .toMatch(/^\/uploads\//);

      await page.getByRole('button', { name: '+ Add slide' }).click();
      await page
        .getByLabel('Upload slide 2 picture above 1024 px')
        .setInputFiles(await jpeg('wide-2.jpg', 1600, 800, '#8a6450'));
      await page
        .getByLabel('Upload slide 2 picture below 1024 px')
        .setInputFiles(await jpeg('tall-2.jpg', 600, 900, '#8a6450'));
      await expect
        .poll(() => page.getByLabel('Slide 2 picture below 1024 px', { exact: true }).inputValue())
        .toMatch(/^\/uploads\//);
      await expect
        .poll(() => page.getByLabel('Slide 2 picture above 1024 px', { exact: true }).inputValue())
        .toMatch(/^\/uploads\//);
      await page.getByLabel('Slide 2 title', { exact: true }).fill('');
      await page.getByLabel('Slide 2 link', { exact: true }).fill('http://elsewhere.example/');

      // A slide without a title, or with a link that is neither a shop path nor https, is refused by name.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Slide 2: the title is required').first().waitFor();
      await page
        .getByText('Slide 2: the link must be a shop path starting with / or an https address')
        .first()
        .waitFor();
      await page.getByLabel('Slide 2 title', { exact: true }).fill('Evening Lace');
      await page.getByLabel('Slide 2 button text', { exact: true }).fill('Discover');
      await page.getByLabel('Slide 2 link', { exact: true }).fill('/collections');

      const tileColours = ['#e6d8cc', '#eadfd3', '#d9c6b8'];
      for (const [i, colour] of tileColours.entries()) {
        await page
          .getByLabel(`Upload tile ${i + 1} picture`)
          .setInputFiles(await jpeg(`tile-${i + 1}.jpg`, 450, 600, colour));
        await expect
          .poll(() => page.getByLabel(`Tile ${i + 1} picture`, { exact: true }).inputValue())
          .toMatch(/^\/uploads\//);
      }
      await page.getByLabel('Message 1', { exact: true }).fill('Summer silk is here');

      // The preview: the draft, drawn at the phone's width and at a desktop's.
      const preview = page.frameLocator('iframe[title^="Home page preview"]');
      await page.getByRole('button', { name: 'Phone', exact: true }).click();
      expect(await page.locator('iframe[title^="Home page preview"]').getAttribute('width')).toBe('390');
      await preview.getByRole('heading', { name: 'Summer Silk' }).waitFor();
      await preview.getByText('Summer silk is here').waitFor();
      expect(await preview.locator('.category-card').count()).toBe(3);
      await page.getByRole('button', { name: 'Desktop', exact: true }).click();
      expect(await page.locator('iframe[title^="Home page preview"]').getAttribute('width')).toBe('1280');
      await preview.getByRole('heading', { name: 'Summer Silk' }).waitFor();
      await adminShot(page, 'home-tab-1440');

      // Leaving with unsaved changes asks first.
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('tab', { name: 'Promotions', exact: true }).click();
      expect(asked).toContain('unsaved changes');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved', { exact: true }).waitFor();

      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Phone', exact: true }).click();
      await preview.getByRole('heading', { name: 'Summer Silk' }).waitFor();
      await adminShot(page, 'home-tab-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The shopper's home: two slides, the owner's words and tiles.
    const shopper = await browser.newContext({ viewport: DESKTOP });
    const home = await shopper.newPage();
    try {
      await home.goto(`${shop.url}/`);
      await waitForHydration(home);
      await expect.poll(() => home.getByRole('heading', { level: 1 }).textContent()).toBe('Summer Silk');
      await expect.poll(() => home.locator('.hero__slide').count()).toBe(2);
      expect(
        await home
          .locator('.hero__slide source[media="(min-width: 1025px)"]')
          .evaluateAll((s) => s.map((n) => n.getAttribute('srcset'))),
      ).toEqual([expect.stringMatching(/\/uploads\//), expect.stringMatching(/\/uploads\//)]);
      expect(await tileLinks(home)).toEqual([
        ['CLOTHING', '/categories/?category=clothing'],
        ['BRAS', '/categories/?category=bras'],
        ['PANTIES', '/categories/?category=pantiesandgarters'],
      ]);
      const tilePictures = await home
        .locator('.category-card img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
      expect(tilePictures.every((src) => src?.startsWith('/uploads/'))).toBe(true);
      await home.getByText('Summer silk is here').waitFor();
    } finally {
      await shopper.close();
    }
  }, 240_000);
});
