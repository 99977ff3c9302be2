// The owner's catalog tabs in real Chromium: Categories (create with the blank-title rule, refuse a
// duplicate, delete), Create New (an item with an uploaded picture, two colours, published), the
// storefront showing it, Existing Items (search, a size marked sold out in the availability modal,
// the product page showing it), and deleting the item behind the confirmation modal.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE, WIDE } from './support/browser.js';
import { adminShot, nextDialog, openTab, signedIn } from './support/admin.js';

const shopUrl = inject('shopUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Answers the next alert or confirm as told and returns its text. */
function answerNextDialog(page: Page, answer: 'accept' | 'dismiss'): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog[answer]();
    });
  });
}

/** A small JPEG on disk, for the file input. */
async function jpegFile(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-catalog-'));
  const file = path.join(dir, 'camisole.jpg');
  const bytes = await sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: 217, g: 184, b: 168 } },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(file, bytes);
  return file;
}

const stamp = Date.now().toString(36);
const TITLE = `Silk Camisole ${stamp}`;
const URL_PATH = `silk-camisole-${stamp}`;

describe('catalog tabs', () => {
  it('creates a category, an item the storefront shows, marks a size sold out, and deletes the item', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);

    // ---- Categories ----
    await openTab(page, 'Categories');
    const create = page.getByRole('button', { name: 'Create', exact: true });
    await page.getByLabel('Category title').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Category title').fill(`Night Robes ${stamp}`);
    await page.getByText(`Key: nightrobes${stamp}`).waitFor();
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page
      .getByRole('row')
      .filter({ hasText: `Night Robes ${stamp}` })
      .waitFor();
    expect(await page.getByLabel('Category title').inputValue()).toBe('');

    // A duplicate key is refused with the server's message.
    await page.getByLabel('Category title').fill(`night robes${stamp}`);
    const duplicate = nextDialog(page);
    await create.click();
    expect(await duplicate).toMatch(/already|exists/i);

    // Delete another one behind a confirm.
    await page.getByLabel('Category title').fill(`Temp ${stamp}`);
    await create.click();
    const temp = page.getByRole('row').filter({ hasText: `Temp ${stamp}` });
    await temp.waitFor();
    await adminShot(page, 'categories-desktop');
    const confirm = nextDialog(page);
    await temp.getByRole('button', { name: `Delete Temp ${stamp}` }).click();
    expect(await confirm).toContain(`Temp ${stamp}`);
    await temp.waitFor({ state: 'detached' });

    // ---- Create New ----
    await openTab(page, 'Create New');
    const form = page.getByRole('form', { name: 'New item' });
    await form.getByLabel('Title', { exact: true }).fill(TITLE);
    // Unsaved work: switching tab asks first, and staying keeps it.
    const leave = answerNextDialog(page, 'dismiss');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    expect(await leave).toBe('You have unsaved changes. Leave without saving?');
    expect(await page.getByRole('tab', { name: 'Create New', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    // The browser's Back (to Categories, the tab before) asks the same; staying keeps the tab, its URL and the work.
    const back = answerNextDialog(page, 'dismiss');
    await page.evaluate(() => window.history.back());
    expect(await back).toBe('You have unsaved changes. Leave without saving?');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('createNew');
    expect(await page.getByRole('tab', { name: 'Create New', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    await form.getByLabel('URL').fill(URL_PATH);
    await form.getByLabel('Meta title').fill(`${TITLE} | Murashki`);
    await form.getByLabel('Meta description').fill('A bias-cut silk camisole.');
    await form.getByText('25 / 160 characters recommended').waitFor();
    await form.getByLabel('Category').selectOption(`nightrobes${stamp}`);
    expect(await form.getByLabel('Position', { exact: true }).inputValue()).toBe('0');
    expect(await form.getByLabel('Promotion position').inputValue()).toBe('0');
    await form.getByRole('switch', { name: 'Published' }).check();

    await form.getByLabel(/^Upload pictures/).setInputFiles(await jpegFile());
    await form.getByRole('img', { name: 'Picture 1' }).waitFor();
    expect(
      await form
        .getByRole('img', { name: 'Picture 1' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    await form.getByRole('button', { name: 'Add description block' }).click();
    await form.getByLabel('Block 1 title').fill('Fabric & Care');
    await form.getByLabel('Block 1 text').fill('Pure silk. Hand wash cold.');

    await form.getByRole('button', { name: /Edit availability/ }).click();
    const modal = page.getByRole('dialog', { name: 'Availability' });
    await modal.getByRole('button', { name: 'Add product type' }).click();
    await modal.getByLabel('Type', { exact: true }).fill('camisole');
    await modal.getByLabel('Name', { exact: true }).fill('Silk camisole');
    await modal.getByLabel('Price ($)').fill('89');
    const ivory = modal.getByRole('group', { name: 'Colour 1 of product type 1' });
    await ivory.getByLabel('Colour name').fill('Ivory');
    await ivory.getByLabel('Colour code').fill('#f3ece0');
    await ivory.getByLabel('Size name 1').fill('S');
    await ivory.getByRole('button', { name: 'Add size' }).click();
    await ivory.getByLabel('Size name 2').fill('M');
    await modal.getByRole('button', { name: 'Add colour' }).click();
    const rose = modal.getByRole('group', { name: 'Colour 2 of product type 1' });
    await rose.getByLabel('Colour name').fill('Dusty Rose');
    await rose.getByLabel('Colour code').fill('#d9b8a8');
    await rose.getByLabel('Size name 1').fill('S');
    await rose.getByRole('button', { name: 'Add size' }).click();
    await rose.getByLabel('Size name 2').fill('M');
    await rose.getByText('dusty_rose').waitFor();
    await adminShot(page, 'availability-desktop', false);
    await modal.getByRole('button', { name: 'Apply' }).click();
    await modal.waitFor({ state: 'hidden' });
    await form.getByText('Dusty Rose (S, M)').waitFor();
    await adminShot(page, 'create-new-desktop');

    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'successfully created 1 item' }).waitFor();
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('');

    // ---- The storefront shows it ----
    const shopper = await context.newPage();
    await shopper.goto(`${shopUrl}/collections`);
    await shopper.getByText(TITLE).first().waitFor();
    await shopper.goto(`${shopUrl}/product/${URL_PATH}`);
    await shopper.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const sizes = shopper.getByRole('radiogroup', { name: 'Size' });
    await sizes.getByRole('radio', { name: 'M', exact: true }).waitFor();

    // ---- Existing Items: search, sold out, save ----
    await openTab(page, 'Existing Items');
    await page.getByLabel('Search by title').fill('no such piece at all');
    await page.getByText('No Search Results').waitFor();
    await page.getByLabel('Search by title').fill(`silk camisole ${stamp}`.toUpperCase());
    const card = page.getByRole('form', { name: `Item ${TITLE}` });
    await card.waitFor();
    await page.getByText('1 item', { exact: true }).waitFor();
    expect(await card.getByLabel('Category').inputValue()).toBe(`nightrobes${stamp}`);
    await adminShot(page, 'existing-items-desktop');

    await card.getByRole('button', { name: `Edit availability of ${TITLE}` }).click();
    const availability = page.getByRole('dialog', { name: 'Availability' });
    await availability.getByRole('checkbox', { name: 'Sold out M (Ivory)' }).check();
    await availability.getByRole('button', { name: 'Save availability' }).click();
    await availability.waitFor({ state: 'hidden' });
    await card.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();
    await card.getByText('M sold out').waitFor();

    // A field edit saves with Save; following 'Landing tiles' before that asks first.
    await card.getByLabel('Meta title').fill(`${TITLE} — silk`);
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await card.getByRole('link', { name: `Landing tiles of ${TITLE}` }).click();
    expect(await unload).toBe('beforeunload');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await card.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();

    await shopper.reload();
    await shopper.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M (sold out)' }).waitFor();

    // ---- Reviews: rating 5 by default, Save there only once edited (spec §4) ----
    await card.getByRole('button', { name: `Reviews of ${TITLE}` }).click();
    const reviews = page.getByRole('dialog', { name: 'Reviews' });
    await reviews.getByText('No reviews yet.').waitFor();
    await reviews.getByRole('button', { name: 'Add review' }).click();
    const review = reviews.getByRole('group', { name: 'Review 1' });
    const saveReview = review.getByRole('button', { name: 'Save', exact: true });
    expect(await review.getByLabel('Rating').inputValue()).toBe('5');
    await review.getByLabel('Review title').fill('Beautiful silk');
    await review.getByLabel('Author').fill('Anna');
    await review.getByLabel('Review text').fill('Soft and light.');
    await saveReview.click();
    // Saved: neither 'Edited' nor Save (not even a disabled one) until the next change.
    await saveReview.waitFor({ state: 'detached' });
    expect(await review.getByText('Edited').count()).toBe(0);
    expect(await review.getByRole('button').allTextContents()).toEqual(['Delete']);
    await review.getByLabel('Rating').selectOption('4');
    await review.getByText('Edited').waitFor();
    expect(await saveReview.isEnabled()).toBe(true);
    await adminShot(page, 'reviews-desktop', false);
    await saveReview.click();
    await saveReview.waitFor({ state: 'detached' });
    expect(await review.getByText('Edited').count()).toBe(0);
    await reviews.getByRole('button', { name: 'Close' }).click();
    await reviews.waitFor({ state: 'detached' });
    await shopper.reload();
    await shopper.getByRole('button', { name: /^Reviews/ }).click();
    await shopper.getByRole('dialog', { name: 'Reviews' }).getByText('Beautiful silk').waitFor();

    // ---- Delete with the confirmation modal ----
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete item' });
    await confirmDelete.getByText('Are you sure you want to completely remove the item?', { exact: true }).waitFor();
    expect(await confirmDelete.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Cancel', 'Delete']),
    );
    await adminShot(page, 'delete-item-desktop', false);
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await confirmDelete.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete item' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No Search Results').waitFor();

    await shopper.goto(`${shopUrl}/collections`);
    await shopper.locator('main').waitFor();
    expect(await shopper.getByText(TITLE).count()).toBe(0);

    expect(errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
    await context.close();
  });

  it('refuses a file that is not a picture with an alert', async () => {
    const { context, page } = await signedIn(browser, WIDE);
    await openTab(page, 'Create New');
    const alert = nextDialog(page);
    await page
      .getByLabel(/^Upload pictures/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    expect((await alert).length).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: 'Picture 1' }).count()).toBe(0);
    await context.close();
  });

  it('opens the tab the query string names, as ?tab=orders or as the spec writes it, ?orders; on a phone the strip shows it', async () => {
    const { context, page, errors } = await signedIn(browser, PHONE);
    for (const [query, label] of [
      ['?orders', 'Orders'],
      ['?tab=newsletter', 'Newsletter'],
      ['?nonEmptyCarts', 'Non-Empty Carts'],
    ] as const) {
      await page.goto(`${shopUrl}/admin${query}`);
      const tab = page.getByRole('tab', { name: label, exact: true });
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      // The selected tab is within the strip's visible part, not scrolled off to the right.
      const [tabBox, stripBox] = await Promise.all([
        tab.boundingBox(),
        page.getByRole('tablist', { name: 'Admin sections' }).boundingBox(),
      ]);
      expect(tabBox!.x, query).toBeGreaterThanOrEqual(stripBox!.x - 1);
      expect(tabBox!.x + tabBox!.width, query).toBeLessThanOrEqual(stripBox!.x + stripBox!.width + 1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: no tab scrolls sideways', async () => {
    const { context, page, errors } = await signedIn(browser, PHONE);
    for (const [label, name] of [
      ['Categories', 'categories'],
      ['Create New', 'create-new'],
      ['Existing Items', 'existing-items'],
    ] as const) {
      await openTab(page, label);
      if (label === 'Existing Items') await page.getByRole('form').first().waitFor();
      if (label === 'Categories') await page.getByRole('table').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, label).toBeLessThanOrEqual(0);
      await adminShot(page, `${name}-phone`);
    }
    await page
      .getByRole('form')
      .first()
      .getByRole('button', { name: /Edit availability/ })
      .click();
    const modal = page.getByRole('dialog', { name: 'Availability' });
    await modal.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Nothing inside the modal scrolls sideways either.
    expect(await modal.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBeLessThanOrEqual(0);
    await adminShot(page, 'availability-phone', false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
