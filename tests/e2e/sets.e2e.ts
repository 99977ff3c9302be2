// Sets with a size per piece in real Chromium (issue 27 item 4, decision 036): the Tulle Longline
// Bra's 'Bra + Brief Set' → ADD TO BAG without sizes names the piece lacking one → Bra S and Brief M
// (each piece its own sold-out sizes) → the bag line 'Bra S · Brief M' → a guest checkout with the
// sandbox card → the confirmation email names both pieces' sizes → the return page lists the set line
// with both sizes. Axe on the product page with the set chosen.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../src/server/db/seed/demo-catalog.js';
import { DESKTOP, launchBrowser, waitForHydration, watchErrors } from './support/browser.js';
import { type Mail, mailTo } from './support/mailbox.js';
import { checkOutBag } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ITEM = { url: 'tulle-longline-bra', title: 'Tulle Longline Bra', set: 'Bra + Brief Set', colour: 'Sage' };
const CHOICE = { bra: 'S', brief: 'M' };
const SIZE_TEXT = `Bra ${CHOICE.bra} · Brief ${CHOICE.brief}`;
const SHOPPER = { email: 'sets.journey@example.com', firstName: 'Ines', lastName: 'Varga' };

/** The demo stock of a piece's size in the set's first colour (the seed counts 'Bra S' apart from 'Brief S'). */
const pieceStock = (piece: string, size: string) =>
  demoStock(DEMO_ITEMS.find((i) => i.url === ITEM.url)!, 'set', ITEM.colour, `${piece} ${size}`);

/** A mail's text: quoted-printable or base64 parts undone and read as UTF-8 ('·' is two bytes). */
function mailText(mail: Mail): string {
  const parts: string[] = [];
  for (const m of mail.raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    parts.push(Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  }
  const qp = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  parts.push(Buffer.from(qp, 'latin1').toString('utf8'));
  return parts
    .join('\n')
    .replace(/&middot;|&#183;|&#xb7;/gi, '·')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ');
}

/** The product page, hydrated, with the bag read (the page reads it once on start). */
async function openProduct(page: Page) {
  const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
  await page.goto(`${shopUrl}/product/${ITEM.url}`);
  await cartRead;
  await waitForHydration(page);
}

/** Chooses the set in the style picker and waits for its piece pickers. */
async function chooseSet(page: Page) {
  const style = page.getByRole('radiogroup', { name: 'Style' }).getByRole('radio', { name: ITEM.set, exact: true });
  await style.click();
  expect(await style.getAttribute('aria-checked')).toBe('true');
  await page.getByRole('radiogroup', { name: 'Bra size', exact: true }).waitFor();
}

describe('sets with a size per piece', () => {
  it('the set is chosen piece by piece, bought as a guest, and reads "Bra S · Brief M" in the bag, the email and the return page', async () => {
    // The demo stock the journey relies on: both chosen sizes in stock, Brief S sold out where Bra S is not.
    expect(pieceStock('Bra', CHOICE.bra)).toBeGreaterThan(0);
    expect(pieceStock('Brief', CHOICE.brief)).toBeGreaterThan(0);
    expect(pieceStock('Brief', 'S')).toBe(0);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openProduct(page);
    await chooseSet(page);

    // One size group per piece, in the set's order; the single 'Size' group is gone.
    const braSizes = page.getByRole('radiogroup', { name: 'Bra size', exact: true });
    const briefSizes = page.getByRole('radiogroup', { name: 'Brief size', exact: true });
    expect(await page.getByRole('radiogroup', { name: 'Size', exact: true }).count()).toBe(0);
    expect(await braSizes.getByRole('radio').allTextContents()).toEqual(['XS', 'S', 'M', 'L']);
    expect((await briefSizes.getByRole('radio').allTextContents()).map((t) => t.replace(' (sold out)', ''))).toEqual([
      'XS',
      'S',
      'M',
      'L',
    ]);
    // Each piece has its own sold-out sizes: Brief S is sold out in Sage, Bra S is not.
    expect(await briefSizes.getByRole('radio', { name: 'S (sold out)', exact: true }).count()).toBe(1);
    expect(await braSizes.getByRole('radio', { name: 'S', exact: true }).count()).toBe(1);
    expect(await braSizes.getByRole('radio', { name: 'S (sold out)', exact: true }).count()).toBe(0);

    // ADD TO BAG without sizes: the first piece is named, and nothing reaches the bag.
    const addCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/addToCart') addCalls.push(r.postData() ?? '');
    });
    const addButton = page.getByRole('button', { name: 'ADD TO BAG', exact: true });
    await addButton.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please fill out the size' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Please fill out the size for the Bra');
    // The message describes the Bra's group (not the Brief's).
    const alertId = await alert.getAttribute('id');
    expect(alertId).toBeTruthy();
    expect(await braSizes.getAttribute('aria-describedby')).toBe(alertId);
    expect(await briefSizes.getAttribute('aria-describedby')).toBeNull();

    // Only the Bra chosen: now the Brief is named.
    await braSizes.getByRole('radio', { name: CHOICE.bra, exact: true }).click();
    expect(await braSizes.getByRole('radio', { name: CHOICE.bra, exact: true }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expect.poll(() => page.getByText('Please fill out the size for the Bra').count()).toBe(0);
    await addButton.click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out the size for the Brief' }).waitFor();
    expect(await briefSizes.getAttribute('aria-describedby')).toBe(
      await page.getByRole('alert').filter({ hasText: 'Please fill out the size for the Brief' }).getAttribute('id'),
    );
    expect(addCalls).toEqual([]);

    // Axe on the product page with the set chosen (and the Brief's message showing).
    const result = await new AxeBuilder({ page } as never).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Brief M too → ADD TO BAG: the bag's line names both pieces' sizes.
    await briefSizes.getByRole('radio', { name: CHOICE.brief, exact: true }).click();
    await expect.poll(() => page.getByText('Please fill out the size for the Brief').count()).toBe(0);
    const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/addToCart');
    await addButton.click();
    const addResponse = await added;
    expect(addResponse.status(), await addResponse.text()).toBe(200);
    expect(JSON.parse(addCalls[0]!)).toMatchObject([
      {
        url: ITEM.url,
        piece_sizes: [
          { piece: 'Bra', size: CHOICE.bra },
          { piece: 'Brief', size: CHOICE.brief },
        ],
      },
    ]);
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByTestId('line-quantity').first().waitFor();
    const bagLines = bag.getByRole('listitem').filter({ has: page.getByRole('link', { name: ITEM.title }) });
    expect(await bagLines.count()).toBe(1);
    expect((await bagLines.locator('.bag-line__details').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      `${ITEM.set} · ${ITEM.colour} · Size ${SIZE_TEXT}`,
    );
    expect(await bagLines.textContent()).toContain('$164');

    // A guest checkout with the sandbox card.
    const orderNumber = await checkOutBag(page, SHOPPER);

    // The confirmation email names both pieces' sizes.
    const mail = await mailTo(SHOPPER.email, new RegExp(`#${orderNumber}(?!\\d)`));
    const text = mailText(mail);
    expect(text).toContain(ITEM.title);
    expect(text).toContain(`Size: ${SIZE_TEXT}`);

    // The return page lists the set line with both pieces' sizes.
    await page.goto(`${shopUrl}/return-form`);
    await page.getByRole('heading', { level: 1, name: 'Start a return' }).waitFor();
    await waitForHydration(page);
    const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/orderDetailsById');
    await page.getByLabel('Order number', { exact: true }).fill(orderNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect((await looked).status()).toBe(200);
    const pieces = page.getByRole('region', { name: "Select items you'd like to return" });
    const setRow = pieces.getByRole('listitem').filter({ has: page.getByRole('link', { name: ITEM.title }) });
    await setRow.waitFor();
    expect(await pieces.getByRole('listitem').count()).toBe(1);
    expect((await setRow.locator('.return-piece__details').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      `${ITEM.colour} · Size ${SIZE_TEXT}`,
    );
    expect(await setRow.getByRole('checkbox').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });
});
