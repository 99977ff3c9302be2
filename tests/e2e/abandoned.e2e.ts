// Issue 28 #4 in real Chromium, on a shop of its own whose checkouts count as abandoned after a few
// seconds (ABANDON_AFTER_SECONDS, the journeys' stand-in for Settings' hour): a shopper on a phone
// ticks 'Email me a reminder if I don't finish' at the contact step (unticked until then), goes on to
// shipping and leaves; the reminder arrives; its link, opened in a new browser (another device),
// brings the bag back and lands on the bag; a forged link gets a clear page; the stop link stops
// reminders; the owner sees the checkout in the Abandoned tab with its piece, value and 'Reminder
// sent'. axe on the new pages and the tab; screenshots at 390 and 1440 px into $ABANDONED_SHOTS.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from '../../src/server/db/seed/demo-catalog.js';
import { openTab } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration, watchErrors } from './support/browser.js';
import { decoded } from './support/mailbox.js';
import { mostStockedPiece } from './support/orders.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

const SHOTS = process.env.ABANDONED_SHOTS; // a folder: save screenshots there
const BOX = "Email me a reminder if I don't finish";
let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([
    launchBrowser(),
    startOwnShop({ seed: 'demo', env: { ABANDON_AFTER_SECONDS: '3' } }),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function noSeriousViolations(page: Page, within?: string) {
  const axe = new AxeBuilder({ page } as never);
  const result = await (within ? axe.include(within) : axe).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Product page → size → ADD TO BAG → Proceed to Checkout → CHECKOUT: the contact form. */
async function openCheckout(page: Page, piece: { url: string; size: string }) {
  const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
  await page.goto(`${shop.url}/product/${piece.url}`);
  await cartRead;
  await waitForHydration(page);
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: piece.size, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
  const bag = page.getByRole('dialog', { name: 'Shopping bag' });
  await bag.getByTestId('line-quantity').waitFor();
  await bag.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/cart\/checkout$/);
  const main = page.locator('main');
  await main.getByRole('button', { name: 'CHECKOUT', exact: true }).click();
  const checkout = main.locator('#checkout-stage');
  await checkout.getByRole('heading', { level: 3, name: 'Your details' }).waitFor();
  return checkout;
}

describe('abandoned checkouts', () => {
  it("tick 'remind me', leave → one reminder → its link brings the bag back on another device → the owner sees it", async () => {
    const piece = mostStockedPiece();
    const title = DEMO_ITEMS.find((i) => i.url === piece.url)!.title;
    const email = `left.${Date.now().toString(36)}@example.com`;

    // On a phone: the contact step, the box unticked until the shopper ticks it.
    const phone = await browser.newContext({ viewport: PHONE });
    const page = await phone.newPage();
    const errors = watchErrors(page);
    const checkout = await openCheckout(page, piece);
    const box = checkout.getByRole('checkbox', { name: BOX });
    expect(await box.isChecked()).toBe(false);
    await checkout.getByLabel('First name', { exact: true }).fill('Vera');
    await checkout.getByLabel('Last name', { exact: true }).fill('Left');
    await checkout.getByLabel('Email', { exact: true }).fill(email);
    await checkout.getByLabel('Confirm email', { exact: true }).fill(email);
    await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
    await checkout.getByLabel('City', { exact: true }).fill('New York');
    await checkout.getByLabel('State', { exact: true }).selectOption('NY');
    await checkout.getByLabel('Zip', { exact: true }).fill('10001');
    await box.check();
    await box.scrollIntoViewIfNeeded();
    await saveShot(SHOTS, page, 'contact-remind-me-390', false);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/order/getShippingOptions');
    await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
    expect((await sent).postDataJSON().remindMe).toBe(true);
    await checkout.getByRole('group', { name: 'Shipping method' }).waitFor();
    expect(errors).toEqual([]);
    await phone.close();

    // The reminder (the job runs every second here; the checkout is abandoned after three).
    const mail = await shop.mailTo(email, 'Your Murashki bag is waiting', 30_000);
    const body = decoded(mail);
    const bagLink = body.match(/href="([^"]*\/restore-bag\?t=[A-Za-z0-9._-]+)"/)?.[1];
    const stopLink = body.match(/href="([^"]*\/stop-reminders\?t=[A-Za-z0-9._-]+)"/)?.[1];
    expect(bagLink, 'a restore link in the reminder').toBeTruthy();
    expect(stopLink, 'a stop link in the reminder').toBeTruthy();
    expect(body).toContain(title);

    // Another device: the link brings the bag back and lands on it.
    const laptop = await browser.newContext({ viewport: DESKTOP });
    const other = await laptop.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(bagLink!.replace(/&amp;/g, '&'));
    await other.waitForURL(/\/cart\/checkout$/, { timeout: 20_000 });
    await other.locator('main').getByText(title, { exact: false }).first().waitFor();
    await saveShot(SHOTS, other, 'bag-restored-1440', false);
    // A forged link: a page that says so.
    await other.goto(`${shop.url}/restore-bag?t=abc.def.ghi`);
    await other.getByText('This link has expired or is not valid').waitFor();
    await noSeriousViolations(other);
    await saveShot(SHOTS, other, 'restore-refused-1440');
    // The stop link.
    await other.goto(stopLink!.replace(/&amp;/g, '&'));
    await other.getByRole('heading', { level: 1, name: 'No more reminders' }).waitFor();
    await noSeriousViolations(other);
    await saveShot(SHOTS, other, 'stop-reminders-1440');
    expect(otherErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await laptop.close();
    for (const viewport of [PHONE]) {
      const context = await browser.newContext({ viewport });
      const p = await context.newPage();
      await p.goto(`${shop.url}/restore-bag?t=abc.def.ghi`);
      await p.getByText('This link has expired or is not valid').waitFor();
      await saveShot(SHOTS, p, `restore-refused-${viewport.width}`);
      await context.close();
    }

    // The owner: the Abandoned tab lists it, with its piece, value and reminder.
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ viewport });
      const admin = await context.newPage();
      const adminErrors = watchErrors(admin);
      await admin.goto(`${shop.url}/admin`);
      await admin.getByLabel('Email').fill(E2E_ADMIN.email);
      await admin.getByLabel('Password').fill(E2E_ADMIN.password);
      await admin.getByLabel('Password').press('Enter');
      await admin.getByRole('button', { name: 'Sign out' }).waitFor();
      await openTab(admin, 'Abandoned');
      const entry = admin.getByRole('listitem').filter({ hasText: email });
      await entry.waitFor();
      await entry.getByText('Reminder sent').waitFor();
      await entry.getByText(/Link opened/).waitFor();
      expect((await entry.textContent())?.toLowerCase()).toContain(title.toLowerCase());
      expect(await entry.textContent()).toMatch(/\$\d/);
      // The tab itself (the back office's tab strip is the shell's, checked by its own journeys).
      if (viewport === DESKTOP) await noSeriousViolations(admin, '.admin-abandoned');
      await saveShot(SHOTS, admin, `admin-abandoned-${viewport.width}`);
      expect(adminErrors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
