// Activity in real Chromium (issue 26 #6), on a shop of this journey's own: the owner changes an
// item and creates a promotion, opens Activity and sees both, newest first, with who and when;
// filters by kind; downloads the CSV with the filter. Screenshots at 390 and 1440 px into $ADMIN_SHOTS.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSignedInAt } from './support/admin.js';
import { launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';
import { type OwnShop, startOwnShop } from './support/own-shop.js';
import { E2E_ADMIN } from './support/server.js';

let browser: Browser;
let shop: OwnShop;
beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startOwnShop({ seed: 'demo' })]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const ITEM = 'Silk Balconette Bra';

describe('Activity tab', () => {
  it('shows the owner’s item and promotion changes newest first, filters by kind, downloads the CSV', async () => {
    const { context, page, errors } = await ownerSignedInAt(browser, shop.url, { acceptDownloads: true });

    // ---- an item changed: its meta title ----
    await page.getByRole('tab', { name: 'Existing Items', exact: true }).click();
    await page.getByLabel('Search by title').fill(ITEM);
    const card = page.getByRole('form', { name: `Item ${ITEM}` });
    await card.waitFor();
    await card.getByLabel('Meta title').fill(`${ITEM} | Silk lingerie`);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await card.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();

    // ---- a promotion created ----
    await page.getByRole('tab', { name: 'Promotions', exact: true }).click();
    await page.getByRole('button', { name: 'Create New Promotion' }).click();
    await page.getByLabel('Promo code').fill('WINTER20');
    await page.getByLabel('Type').selectOption('percentage');
    await page.getByLabel('Discount rate').fill('0.8');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: 'WINTER20' }).waitFor();

    // ---- Activity: both, newest first, who and when ----
    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const list = page.getByRole('list', { name: 'Changes, newest first' });
    const entries = list.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('Created the promo code WINTER20 (20% off)');
    expect(await entries.nth(1).textContent()).toContain(`Updated "${ITEM}": meta title`);
    expect(await entries.nth(1).textContent()).toContain('Item updated');
    for (const n of [0, 1]) {
      expect(await entries.nth(n).textContent()).toContain(E2E_ADMIN.email);
      const when = entries.nth(n).locator('time');
      expect(await when.textContent()).toMatch(/just now|minute/);
      expect(await when.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2}/);
    }
    await entries.nth(1).getByText('Details').click();
    expect(await entries.nth(1).locator('dl').textContent()).toContain(`→ ${ITEM} | Silk lingerie`);
    await saveShot(process.env.ADMIN_SHOTS, page, 'activity-desktop');

    // ---- filter by kind ----
    await page.getByLabel('Kind').selectOption({ label: 'Item updated' });
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.nth(0).textContent()).toContain(`Updated "${ITEM}": meta title`);
    expect(await page.getByLabel('Person').locator('option').allTextContents()).toEqual(['Everyone', E2E_ADMIN.email]);

    // ---- the CSV, with the filter ----
    const link = page.getByRole('link', { name: 'Download CSV' });
    expect(await link.getAttribute('href')).toBe('/admin/api/activity.csv?kind=item.updated');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const rows = parse(await readFile((await download.path())!), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      person: E2E_ADMIN.email,
      kind: 'item.updated',
      summary: `Updated "${ITEM}": meta title`,
    });
    expect(JSON.parse(rows[0]!.detail!)).toMatchObject({ fields: ['meta title'] });

    // ---- on a phone: the same list, as short blocks ----
    await page.getByLabel('Kind').selectOption('');
    const phone = await browser.newContext({ viewport: PHONE, storageState: await context.storageState() });
    const small = await phone.newPage();
    const phoneErrors = watchErrors(small);
    await small.goto(`${shop.url}/admin?tab=activity`);
    const phoneEntries = small.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => phoneEntries.count()).toBe(2);
    // Nothing wider than the screen.
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveShot(process.env.ADMIN_SHOTS, small, 'activity-phone');

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.close();
    await context.close();
  });
});
