// Issue 24 items 6, 7 and 9 in real Chromium, as the owner clicks: unticking 'Sold out' of a size at
// stock 0 asks for the new stock and the save says what it did; a new review shows no Save until
// edited, and a double click on its Save makes one review; a double click on the confirm modal's
// Delete deletes the item with no error alert. Screenshots into $ADMIN_SHOTS at 390 and 1440 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.js';
import { adminShot, openTab, signedIn } from './support/admin.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString(36);

/** An item of this test made through the owner's own call (from the signed-in page, same origin). */
async function createItem(page: Page, title: string) {
  const res = await page.request.post(`${shopUrl}/admin/api/createItem`, {
    headers: { origin: shopUrl },
    data: {
      title,
      published: false,
      pictures: ['/uploads/demo/silk-balconette-bra-1.jpg'],
      available_products: [
        {
          type: 'slip',
          name: 'Slip Dress',
          price: 148,
          colors: [
            {
              color_name: 'Ivory',
              color_code: '#f2e9da',
              available_sizes: [
                { name: 'S', stock: 0 },
                { name: 'M', stock: 3 },
              ],
            },
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Collects every alert the page raises (answered with OK). */
function alertsOf(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'alert') alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

async function openCard(page: Page, title: string) {
  await openTab(page, 'Existing Items');
  await page.getByLabel('Search by title').fill(title);
  const card = page.getByRole('form', { name: `Item ${title}` });
  await card.waitFor();
  return card;
}

describe("the owner's make buttons", () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`sold out at stock 0, a new review, and Delete, each clicked twice (${width})`, async () => {
      const title = `Silk Slip ${stamp} ${width}`;
      const { context, page, errors } = await signedIn(browser, viewport);
      const alerts = alertsOf(page);
      await createItem(page, title);
      const card = await openCard(page, title);

      // ---- Sold out at stock 0: unticking asks for the new stock; the save says what it did ----
      await card.getByRole('button', { name: `Edit availability of ${title}` }).click();
      const availability = page.getByRole('dialog', { name: 'Availability' });
      const soldOutS = availability.getByRole('checkbox', { name: 'Sold out S (Ivory)' });
      expect(await soldOutS.isChecked()).toBe(true);
      expect(await availability.getByLabel('Stock of S').inputValue()).toBe('0');
      await soldOutS.uncheck();
      await availability
        .getByText('Back on sale: enter the new stock, or leave empty to sell without counting.')
        .waitFor();
      expect(await availability.getByLabel('Stock of S').inputValue()).toBe('');
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent))
        .toBe('Stock of S');
      await availability.getByLabel('Stock of S').fill('6');
      await adminShot(page, `availability-back-on-sale-${width}`, false);
      await availability.getByRole('button', { name: 'Save availability' }).click();
      await availability.waitFor({ state: 'hidden' });
      await card
        .getByRole('status')
        .filter({ hasText: 'Successfully Updated Item: S (Ivory): back on sale, 6 in stock' })
        .waitFor();
      await adminShot(page, `availability-saved-${width}`, false);

      // ---- A new review: no Save until edited; a double click on Save makes one review ----
      await card.getByRole('button', { name: `Related items and reviews of ${title}` }).click();
      const modal = page.getByRole('dialog', { name: 'Related items and reviews' });
      await modal.getByText('No reviews yet.').waitFor();
      await modal.getByRole('button', { name: 'Add review' }).click();
      const review = modal.getByRole('group', { name: 'Review 1' });
      await review.getByLabel('Review title').waitFor();
      expect(await review.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      await adminShot(page, `review-new-untouched-${width}`, false);
      await review.getByLabel('Review title').fill('Beautiful silk');
      await review.getByLabel('Author').fill('Anna');
      await review.getByRole('button', { name: 'Save', exact: true }).dblclick();
      await review.getByRole('button', { name: 'Save', exact: true }).waitFor({ state: 'detached' });
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
      const items = (await (
        await page.request.get(`${shopUrl}/admin/api/existingItems?search=${encodeURIComponent(title)}`)
      ).json()) as { _id: string }[];
      const listed = await page.request.get(`${shopUrl}/admin/api/item?id=${items[0]!._id}`);
      expect(((await listed.json()) as { reviews: { title: string }[] }).reviews.map((r) => r.title)).toEqual([
        'Beautiful silk',
      ]);

      // ---- Delete: a double click in the confirm modal deletes once, with no error alert ----
      await card.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete item' });
      await adminShot(page, `delete-item-${width}`, false);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).dblclick();
      await card.waitFor({ state: 'detached' });
      await page.getByText('No Search Results').waitFor();
      await page.waitForTimeout(500); // a second delete's answer would have arrived by now
      expect(alerts).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
