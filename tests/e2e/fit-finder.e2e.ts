// 'Find my size' in real Chromium (issue 27 item 3): a bra page → Find my size → measurements in
// inches → the size, band and cup → close → that size chosen, with 'Your size' → ADD TO BAG → the bag
// has it; another bra page preselects the same size; the shopper can still pick another. The server's
// HTML never carries the remembered size (no hydration mismatch). Axe on the dialog.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../src/server/db/seed/demo-catalog.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
const SHOTS = process.env.FIT_SHOTS; // a folder: save screenshots there
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Measurements (inches) that fall squarely in one size of the bra chart. */
const MEASURES: Record<string, { underBust: string; fullBust: string }> = {
  XS: { underBust: '27', fullBust: '32' },
  S: { underBust: '29', fullBust: '34.5' },
  M: { underBust: '31', fullBust: '36' },
  L: { underBust: '33.5', fullBust: '38.5' },
};

const stockOf = (url: string, size: string) => {
  const item = DEMO_ITEMS.find((i) => i.url === url)!;
  const product = item.products[0]!;
  return demoStock(item, product.type, product.colors[0]!, size);
};
/** The size both bras have most of in their first colour, so the shared shop never runs out. */
const FIRST = 'silk-balconette-bra';
const SECOND = 'tulle-longline-bra';
const SIZE = ['XS', 'S', 'M', 'L'].sort(
  (a, b) => Math.min(stockOf(FIRST, b), stockOf(SECOND, b)) - Math.min(stockOf(FIRST, a), stockOf(SECOND, a)),
)[0]!;

describe('Find my size', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`finds the size, preselects it on bra pages and adds it to the bag (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}/product/${FIRST}`);
      await waitForHydration(page);
      const sizes = page.getByRole('radiogroup', { name: 'Size' });
      await expect.poll(() => sizes.getByRole('radio', { checked: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Find my size' }).click();
      const dialog = page.getByRole('dialog', { name: 'Find my size' });
      await dialog.getByLabel('Under-bust (in)').waitFor();
      // A refusal names what is wrong.
      await dialog.getByRole('button', { name: 'Find my size', exact: true }).click();
      await dialog.getByText('Please enter your under-bust as a number').waitFor();
      await dialog.getByLabel('Under-bust (in)').fill(MEASURES[SIZE]!.underBust);
      await dialog.getByLabel('Full bust (in)').fill(MEASURES[SIZE]!.fullBust);
      await dialog.getByRole('button', { name: 'Find my size', exact: true }).click();
      await expect.poll(() => dialog.locator('.fit-finder__size').textContent()).toBe(SIZE);
      await dialog.getByText('Band and cup').waitFor();
      await saveShot(SHOTS, page, `fit-finder-dialog-${viewport.width}`, false);
      const axe = await new AxeBuilder({ page } as never).include('.fit-finder').analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close Find my size' }).click();

      await expect.poll(() => sizes.getByRole('radio', { checked: true }).textContent()).toBe(SIZE);
      await page.locator('.your-size').getByText(SIZE, { exact: true }).waitFor();
      await saveShot(SHOTS, page, `fit-finder-product-${viewport.width}`, false);
      const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/addToCart');
      await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
      expect((await added).status()).toBe(200);
      const bag = page.getByRole('dialog', { name: 'Shopping bag' });
      await bag.getByText(`Size\u00a0${SIZE}`).first().waitFor();

      // Another bra page: the server renders no choice, the browser then preselects the remembered size.
      const html = await (await page.request.get(`${shopUrl}/product/${SECOND}`)).text();
      expect(html).not.toContain('Your size');
      await page.goto(`${shopUrl}/product/${SECOND}`);
      await waitForHydration(page);
      await expect
        .poll(() => page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { checked: true }).textContent())
        .toBe(SIZE);
      // The shopper can still choose another size.
      const other = ['XS', 'S', 'M', 'L'].find((s) => s !== SIZE && stockOf(SECOND, s) > 0)!;
      await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: other, exact: true }).click();
      await expect
        .poll(() => page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { checked: true }).textContent())
        .toBe(other);
      expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
      await context.close();
    });
  }

  it('opens from /sizing-guide for panties too, and says when a measurement is outside the chart', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/sizing-guide`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Find my size' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find my size' });
    await dialog.getByRole('radio', { name: 'Panties' }).check();
    await dialog.getByRole('radio', { name: 'Centimetres' }).check();
    await dialog.getByLabel('Waist (cm)').fill('60');
    await dialog.getByLabel('Hip (cm)').fill('100');
    await dialog.getByRole('button', { name: 'Find my size', exact: true }).click();
    await expect.poll(() => dialog.locator('.fit-finder__size').textContent()).toBe('M');
    await dialog.getByText('Your waist points to XS and your hip to M: we suggest the larger, M.').waitFor();
    await dialog.getByLabel('Hip (cm)').fill('120');
    await dialog.getByRole('button', { name: 'Find my size', exact: true }).click();
    await dialog.getByText(/Your hip is larger than our largest size \(L\)/).waitFor();
    await saveShot(SHOTS, page, 'fit-finder-sizing-guide-1440', false);
    const axe = await new AxeBuilder({ page } as never).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
