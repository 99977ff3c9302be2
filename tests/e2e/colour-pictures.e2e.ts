// Issue 24 item 2 in real Chromium: a bra bought in Black shows the Black picture in the bag panel,
// on the checkout's bag view and in the confirmation email (not the item's first, champagne, picture).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../src/server/db/seed/demo-catalog.js';
import { previewOf } from '../../src/domain/pictures.js';
import { DESKTOP, launchBrowser, watchErrors } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const URL_ = 'silk-balconette-bra';
type Product = {
  pictures: string[];
  available_products: { type: string; colors: { color_name: string; color_picture: string | null }[] }[];
};
/** 'silk-balconette-bra-3' of '/uploads/demo/silk-balconette-bra-3.jpg': what every variant's file name starts with. */
const stem = (picture: string) =>
  picture
    .split('/')
    .pop()!
    .replace(/\.jpg$/, '');

describe('the picture of the colour bought', () => {
  it('a Black bra shows the Black picture in the bag, the bag view and the confirmation email', async () => {
    const product = (await (await fetch(`${shopUrl}/product?url=${URL_}`)).json()) as Product;
    const black = product.available_products[0]!.colors.find((c) => c.color_name === 'Black')!.color_picture!;
    const main = product.pictures[0]!;
    expect(stem(black)).not.toBe(stem(main));
    const demo = DEMO_ITEMS.find((i) => i.url === URL_)!;
    const size = ['XS', 'S', 'M', 'L'].sort(
      (a, b) => demoStock(demo, 'bra', 'Black', b) - demoStock(demo, 'bra', 'Black', a),
    )[0]!;

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
    await page.goto(`${shopUrl}/product/${URL_}`);
    await cartRead;
    await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Black', exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: size, exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    const line = bag.getByRole('listitem').filter({ hasText: 'Black' });
    await line.getByTestId('line-quantity').waitFor();
    const shown = async (scope: typeof line) => (await scope.locator('img').first().getAttribute('src')) ?? '';
    expect(await shown(line)).toContain(stem(black));

    await bag.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/cart\/checkout$/);
    const viewLine = page.locator('main').getByRole('listitem').filter({ hasText: 'Black' }).first();
    await viewLine.waitFor();
    expect(await shown(viewLine)).toContain(stem(black));
    expect(errors).toEqual([]);

    // The order of that bag (placed through the shop's calls from the same session) is mailed with the Black picture.
    const shopper = shopperInNewYork({ firstName: 'Noor', lastName: 'Black', email: 'noor.colour@example.com' });
    const { orderId } = await placeOrderThroughCalls(context.request, {
      url: URL_,
      shopper,
      selection: {
        url: URL_,
        product_type: 'bra',
        product_name: 'Bra',
        color: 'Black',
        colorIndex: 1,
        size,
        sizeIndex: ['XS', 'S', 'M', 'L'].indexOf(size),
        isSoldOut: false,
      },
    });
    const mail = decoded(await mailTo(shopper.email, new RegExp(`#${orderId}(?!\\d)`)));
    expect(mail).toContain(stem(previewOf(black)));
    expect(mail).not.toContain(stem(previewOf(main)));
    await context.close();
  });
});
