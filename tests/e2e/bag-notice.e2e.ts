// Issue 24 item 7 in real Chromium: a piece the owner deletes from the shop while it sits in a
// shopper's bag is not silently gone: the bag says which piece was taken out, once. Screenshots of
// the bag panel into $BAG_SHOTS at 390 and 1440 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';
import { signedIn } from './support/admin.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a piece deleted while in the bag', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the bag says it is no longer available (${width})`, async () => {
      const title = `Silk Scarf ${Date.now().toString(36)} ${width}`;
      const { context: owner, page: ownerPage } = await signedIn(browser);
      const made = await ownerPage.request.post(`${shopUrl}/admin/api/createItem`, {
        headers: { origin: shopUrl },
        data: {
          title,
          published: true,
          pictures: ['/uploads/demo/silk-balconette-bra-1.jpg'],
          available_products: [
            {
              type: 'scarf',
              name: 'Scarf',
              price: 60,
              colors: [
                { color_name: 'Ivory', color_code: '#f2e9da', available_sizes: [{ name: 'One size', stock: 5 }] },
              ],
            },
          ],
        },
      });
      expect(made.status(), await made.text()).toBe(200);
      const item = ((await made.json()) as { item: { _id: string; url: string } }).item;

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      // The page's own session first: an /addToCart without its cookie would open a second session,
      // and whichever cookie came back last would hold the bag (seen under CI load).
      const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/token');
      await page.goto(`${shopUrl}/collections`);
      await session;
      const added = await page.request.post(`${shopUrl}/addToCart`, {
        data: [
          {
            url: item.url,
            product_type: 'scarf',
            product_name: 'Scarf',
            color: 'Ivory',
            colorIndex: 0,
            size: 'One size',
            sizeIndex: 0,
          },
        ],
      });
      expect(added.status(), await added.text()).toBe(200);

      const deleted = await ownerPage.request.post(`${shopUrl}/admin/api/deleteItem`, {
        headers: { origin: shopUrl },
        data: { _id: item._id },
      });
      expect(deleted.status()).toBe(200);
      await owner.close();

      const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
      await page.reload();
      await cartRead;
      await page
        .getByRole('button', { name: /^Shopping bag/ })
        .first()
        .click();
      const bag = page.getByRole('dialog', { name: 'Shopping bag' });
      const notice = bag.getByRole('status').filter({ hasText: 'no longer available' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain(`${title} (Ivory, size One size)`);
      await bag.getByText('Your shopping bag is empty').waitFor();
      await page.waitForTimeout(300);
      await saveShot(process.env.BAG_SHOTS, page, `bag-notice-${width}`, false);

      // Told once: closed and opened again, the bag no longer repeats it.
      await bag.getByRole('button', { name: 'Close bag' }).click();
      await page
        .getByRole('button', { name: /^Shopping bag/ })
        .first()
        .click();
      await bag.getByText('Your shopping bag is empty').waitFor();
      await page.waitForTimeout(500);
      expect(await bag.getByText('no longer available').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
