// Returns in real Chromium (spec §2 return page, §4 return flow, §5): an order placed through the
// checkout → 'Start a return' before it ships (nothing can be selected) → the owner assigns custom
// tracking (POST /admin/api/assignCustomTracking, signed in through /authenticate) and the shopper
// gets the tracking email → the return page: 'Order not found...', the pieces with checkboxes, the
// final-sale piece locked, 'Request Return' only with a selection → the confirmation popup, the form
// cleared → the return email with shipping instructions at the local SMTP server → the piece shown as
// requested afterwards. Axe on the list of pieces.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../src/server/db/seed/demo-catalog.js';
import { ARRIVING_MS } from '../../src/domain/returns.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.js';
import { E2E_ADMIN } from './support/server.js';
import { checkOutBag } from './support/orders.js';

const shopUrl = inject('shopUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOPPER = { email: 'returns.journey@example.com', firstName: 'Zoe', lastName: 'Marlow' };
const BRIEF = { url: 'high-waist-silk-brief', title: 'High-Waist Silk Brief' };
const FINAL_SALE = { url: 'velvet-bikini-brief', title: 'Velvet Bikini Brief' };
const SHOTS = process.env.RETURNS_SHOTS; // a folder: save screenshots there

/** The size of the item's first colour with the most stock in the demo catalog, so the shared server never runs out. */
function roomiestSize(url: string): string {
  const item = DEMO_ITEMS.find((i) => i.url === url)!;
  const product = item.products[0]!;
  const color = product.colors[0]!;
  return ['XS', 'S', 'M', 'L'].sort(
    (a, b) => demoStock(item, product.type, color, b) - demoStock(item, product.type, color, a),
  )[0]!;
}

type Mail = { to: string[]; subject: string; raw: string };
/** Waits (the outbox worker runs every second) for a mail to `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(mailboxUrl)).json()) as Mail[];
        found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** Quoted-printable soft line breaks and escapes undone, so the mail's text can be searched. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function addToBag(page: Page, url: string) {
  const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
  await page.goto(`${shopUrl}/product/${url}`);
  await cartRead;
  await page
    .getByRole('radiogroup', { name: 'Size' })
    .getByRole('radio', { name: roomiestSize(url), exact: true })
    .click();
  const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/addToCart');
  await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
  expect((await added).status()).toBe(200);
  await page.getByRole('dialog', { name: 'Shopping bag' }).getByTestId('line-quantity').first().waitFor();
}

/** The bag → CHECKOUT → contact, shipping, card → PLACE ORDER; answers the order number from /cart/success. */
const checkOut = (page: Page) => checkOutBag(page, SHOPPER);

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** Fills the order number and searches; answers the list of pieces. */
async function search(page: Page, orderNumber: string): Promise<Locator> {
  const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/orderDetailsById');
  await page.getByLabel('Order number', { exact: true }).fill(orderNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  expect((await looked).status()).toBe(200);
  return page.getByRole('region', { name: "Select items you'd like to return" });
}

/** The return page in the browser, with its chunk loaded and hydrated (the Search button reacts to typing). */
async function openReturnPage(page: Page, query = '') {
  await page.goto(`${shopUrl}/return-form${query}`);
  await page.getByRole('heading', { level: 1, name: 'Start a return' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('returns', () => {
  it('a placed order, shipped by the owner, is returned: popup, cleared form, email with shipping instructions (phone)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // A real order through the checkout: a brief and a final-sale brief.
    await addToBag(page, BRIEF.url);
    await addToBag(page, FINAL_SALE.url);
    const orderNumber = await checkOut(page);

    // 'Start a return' from the footer.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Start a return' }).click();
    await page.waitForURL(/\/return-form$/);
    await page.getByRole('heading', { level: 1, name: 'Start a return' }).waitFor();
    await page.waitForLoadState('networkidle');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    expect(await searchButton.isDisabled()).toBe(true);
    // The field keeps digits only.
    await page.getByLabel('Order number', { exact: true }).fill('abc');
    expect(await page.getByLabel('Order number', { exact: true }).inputValue()).toBe('');
    expect(await searchButton.isDisabled()).toBe(true);
    await shot(page, '1-return-form');

    // An unknown number.
    await search(page, '1000000001');
    await page.getByRole('alert').filter({ hasText: 'Order not found...' }).waitFor();
    await shot(page, '2-not-found');

    // Before it ships: listed, but nothing can be selected.
    let pieces = await search(page, orderNumber);
    await pieces
      .getByText('This order has not shipped yet. You can start a return as soon as it is on its way.')
      .waitFor();
    expect(await pieces.getByRole('checkbox').count()).toBe(2);
    for (const box of await pieces.getByRole('checkbox').all()) expect(await box.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request Return' }).count()).toBe(0);

    // The owner signs in and ships it with custom tracking; the shopper gets the link.
    expect((await context.request.post(`${shopUrl}/authenticate`, { data: E2E_ADMIN })).status()).toBe(200);
    const tracking = {
      orderId: Number(orderNumber),
      trackingNumber: `1Z${orderNumber}`,
      trackingUrlLink: `https://www.ups.com/track?tracknum=1Z${orderNumber}`,
    };
    const assigned = await context.request.post(`${shopUrl}/admin/api/assignCustomTracking`, { data: tracking });
    expect(assigned.status(), await assigned.text()).toBe(200);
    const shipped = await mailTo(SHOPPER.email, new RegExp(`#${orderNumber} is on its way$`));
    expect(decoded(shipped.raw)).toContain(tracking.trackingUrlLink);

    // Shipped: the brief can be chosen, the final-sale piece cannot.
    pieces = await search(page, orderNumber);
    const brief = pieces.getByRole('checkbox', { name: new RegExp(BRIEF.title) });
    const finalSale = pieces.getByRole('checkbox', { name: new RegExp(FINAL_SALE.title) });
    await brief.waitFor();
    expect(await brief.isEnabled()).toBe(true);
    expect(await finalSale.isDisabled()).toBe(true);
    expect(await pieces.getByText('Final sale', { exact: true }).count()).toBe(1);
    expect(await pieces.getByText('This order has not shipped yet', { exact: false }).count()).toBe(0);
    // Type, title linking to the product, preview picture, size, colour, price.
    const briefRow = pieces.getByRole('listitem').filter({ has: page.getByRole('link', { name: BRIEF.title }) });
    expect(await briefRow.getByRole('link', { name: BRIEF.title }).getAttribute('href')).toBe(`/product/${BRIEF.url}`);
    expect(await briefRow.locator('img').first().getAttribute('src')).toMatch(/-preview\.jpg$/);
    expect(await briefRow.textContent()).toMatch(
      new RegExp(`Brief.*${BRIEF.title}.*Champagne · Size\\s${roomiestSize(BRIEF.url)}.*\\$62`),
    );
    expect(await page.getByRole('button', { name: 'Request Return' }).count()).toBe(0);

    // 'Request Return' only with a selection.
    await brief.check();
    await page.getByRole('button', { name: 'Request Return' }).waitFor();
    await brief.uncheck();
    await expect.poll(() => page.getByRole('button', { name: 'Request Return' }).count()).toBe(0);

    // A short phone screen with the piece at its bottom edge, where the bar slides in: the piece just
    // ticked stays in sight above the bar, and a tap landing on the bar as it arrives is not taken.
    const returnCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/requestReturn') returnCalls.push(r.url());
    });
    await page.setViewportSize({ width: PHONE.width, height: 560 });
    await briefRow.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
    expect(await briefRow.evaluate((el) => el.getBoundingClientRect().bottom > window.innerHeight - 60)).toBe(true);
    await brief.check();
    const requestButton = page.getByRole('button', { name: 'Request Return' });
    await requestButton.waitFor();
    // One look at the page, then at once the tap (the bar takes none for ARRIVING_MS).
    const seen = await briefRow.evaluate((row) => {
      const bar = document.querySelector('.return-actions')!.getBoundingClientRect();
      const button = document.querySelector('.return-actions button')!.getBoundingClientRect();
      return {
        rowBottom: row.getBoundingClientRect().bottom,
        barTop: bar.top,
        x: button.x + button.width / 2,
        y: button.y + button.height / 2,
      };
    });
    await page.mouse.click(seen.x, seen.y);
    expect(seen.rowBottom).toBeLessThanOrEqual(seen.barTop);
    await page.waitForTimeout(ARRIVING_MS + 200);
    expect(returnCalls).toEqual([]);
    expect(await brief.isChecked()).toBe(true);
    await page.setViewportSize(PHONE);
    await shot(page, '3-selected');
    const requested = page.waitForResponse((r) => new URL(r.url()).pathname === '/requestReturn');
    await page.getByRole('button', { name: 'Request Return' }).click();
    expect((await requested).status()).toBe(200);

    // The popup; order number, list and selection cleared.
    const popup = page.getByRole('dialog', { name: 'We received your return request' });
    await popup.waitFor();
    expect(await popup.textContent()).toContain(
      'A confirmation email with shipping instructions has been sent to the email address on your order.',
    );
    expect(await page.getByLabel('Order number', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('region', { name: "Select items you'd like to return" }).count()).toBe(0);
    await shot(page, '4-confirmation');

    // The email, to the address on the order, with shipping instructions and the brief only.
    const mail = await mailTo(SHOPPER.email, new RegExp(`^Your return for Murashki order #${orderNumber}$`));
    const text = decoded(mail.raw);
    expect(text).toContain('We received your return request');
    expect(text).toContain(`Put a note with your order number #${orderNumber} inside the parcel`);
    expect(text).toContain('Returns to:');
    expect(text).toContain(BRIEF.title);
    expect(text).not.toContain(FINAL_SALE.title);

    await popup.getByRole('button', { name: 'Continue Shopping' }).click();
    await page.waitForURL(/\/collections$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an order link shows what was already asked back, and a second request cannot be made for it (desktop, axe)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const mails = (await (await fetch(mailboxUrl)).json()) as Mail[];
    const returned = mails.find(
      (m) => m.to.includes(SHOPPER.email) && m.subject.startsWith('Your return for Murashki order #'),
    );
    expect(returned, 'the first journey requested a return').toBeDefined();
    const orderNumber = /#(\d+)$/.exec(returned!.subject)![1]!;

    // The link of the order emails (?orderId=) looks the order up on arrival.
    const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/orderDetailsById');
    await openReturnPage(page, `?orderId=${orderNumber}`);
    await looked;
    const pieces = page.getByRole('region', { name: "Select items you'd like to return" });
    const brief = pieces.getByRole('checkbox', { name: new RegExp(BRIEF.title) });
    await brief.waitFor();
    expect(await brief.isDisabled()).toBe(true);
    expect(await pieces.getByText('Return requested', { exact: true }).count()).toBe(1);
    expect(await pieces.getByText('Final sale', { exact: true }).count()).toBe(1);
    await shot(page, '5-requested');

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      axe.violations.map(
        (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
      ),
    ).toEqual([]);

    // A second request for the same piece is refused by the server, whatever the page shows.
    const details = (await (
      await page.request.post(`${shopUrl}/orderDetailsById`, { data: { orderId: orderNumber } })
    ).json()) as { orderData: { index: number; url: string }[] };
    const index = details.orderData.find((p) => p.url === BRIEF.url)!.index;
    const again = await page.request.post(`${shopUrl}/requestReturn`, {
      data: {
        creditSelected: false,
        orderId: Number(orderNumber),
        items: [{ index, quantity: 1 }],
        international: false,
      },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toMatch(/^A return was already requested for High-Waist Silk Brief/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
