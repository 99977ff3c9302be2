// The owner's set-up checklist in real Chromium (issue 26 #1, #7) on a shop of its own started with
// SEED=none: the first sign-in shows the checklist above the tabs; following its 'Add a category'
// link and creating one ticks that step; Hide hides it on every load after, and the link at the end
// of the tab strip brings it back. The tab strip keeps the nine tabs of spec §2 and adds the shop's
// places after them, reachable with the arrow keys. Screenshots at 390 and 1440 px into $ADMIN_SHOTS.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminShot } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startOwnShop({ seed: 'none' })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up your shop' });
const stepOf = (page: Page, key: string) => checklist(page).locator(`li[data-step="${key}"]`);
const progress = async (page: Page) =>
  Number(
    (
      await checklist(page)
        .getByText(/ of 7 done$/)
        .textContent()
    )?.split(' ')[0],
  );

describe('the set-up checklist', () => {
  it("shows on the owner's first sign-in, ticks a step once it is done, and hides for good", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shop.url}/admin`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByLabel('Password').press('Enter');

    // Above the tabs, with what is in use named: the payment sandbox; this shop sends mail by SMTP.
    await checklist(page).waitFor();
    const tablist = page.getByRole('tablist', { name: 'Admin sections' });
    const [listBox, tabsBox] = await Promise.all([checklist(page).boundingBox(), tablist.boundingBox()]);
    expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(tabsBox!.y);
    expect(await stepOf(page, 'payments').textContent()).toContain('Sandbox (test payments)');
    expect(await stepOf(page, 'email').textContent()).toContain('SMTP server 127.0.0.1');
    expect(await stepOf(page, 'category').getAttribute('class')).not.toContain('setup__step--done');
    const before = await progress(page);
    expect(before).toBe(1);
    await adminShot(page, 'setup-checklist-desktop');

    // The nine tabs of spec §2 in order, then the shop's places; the arrow keys go from one row to the other.
    const labels = await page.getByRole('tab').allTextContents();
    expect(labels).toEqual([
      'Create New',
      'Existing Items',
      'Orders',
      'Info',
      'Promotions',
      'Subscriptions',
      'Categories',
      'Newsletter',
      'Non-Empty Carts',
      'Overview',
      'Demand',
      'Abandoned',
      'Home',
      'Reviews',
      'Settings',
      'Staff',
      'Activity',
    ]);
    await page.getByRole('tab', { name: 'Non-Empty Carts', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Non-Empty Carts' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(
      await page.getByRole('tab', { name: 'Overview', exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 1, name: 'Non-Empty Carts' }).waitFor();

    // The step's link opens the place it is done; creating a category there ticks it.
    await stepOf(page, 'category').getByRole('link', { name: 'Add a category' }).click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('categories');
    await page.getByLabel('Category title').fill('Clothing');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => stepOf(page, 'category').getAttribute('class')).toContain('setup__step--done');
    expect(await progress(page)).toBe(before + 1);
    expect(await stepOf(page, 'category').getByRole('link').count()).toBe(0);

    // On a phone: the checklist and both rows of the strip fit the width.
    const phone = await browser.newContext({ viewport: PHONE, storageState: await context.storageState() });
    const small = await phone.newPage();
    const phoneErrors = watchErrors(small);
    await small.goto(`${shop.url}/admin?tab=settings`);
    await checklist(small).waitFor();
    await small.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await adminShot(small, 'setup-checklist-phone');
    await phone.close();
    expect(phoneErrors).toEqual([]);

    // Hide: gone, and still gone after a reload; the strip's link brings it back.
    await checklist(page).getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => checklist(page).count()).toBe(0);
    const reopen = page.getByRole('button', { name: /^Set-up checklist/ });
    await reopen.waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await reopen.waitFor();
    expect(await checklist(page).count()).toBe(0);
    await adminShot(page, 'setup-hidden-desktop');
    await reopen.click();
    await checklist(page).waitFor();
    expect(await reopen.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
