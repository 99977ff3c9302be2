// The owner's Promotions tab in real Chromium (spec §2 Promotions editor, §4 edit mode, §9 percent):
// create SILK15 (a 0.85 rate) with a 'Performance access pass', see it as -15 %, edit it to 0.8 with
// the code and type locked, see -20 %, then delete it after the confirm.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { nextDialog, signedIn } from './support/admin.js';

const shopUrl = inject('shopUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('promotions tab', () => {
  it('creates SILK15 with a pass, edits its rate, deletes it', async () => {
    const { context, page, errors } = await signedIn(browser);
    await page.getByRole('tab', { name: 'Promotions', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();

    await page.getByRole('button', { name: 'Create New Promotion' }).click();
    await page.getByLabel('Promo code').fill('SILK15');
    await page.getByLabel('Type').selectOption('percentage');
    await page.getByLabel('Discount rate').fill('0.85');
    await page.getByText('Shown as -15 %').waitFor();
    await page.getByLabel('Performance access pass').fill('silk-promoter-pass');
    await page.getByLabel(/Payout/).fill('7.5');
    await page.getByLabel('Usage limit').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();

    const row = page.getByRole('row').filter({ hasText: 'SILK15' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('-15 %');
    expect(await row.textContent()).toContain('0/100');
    expect(await row.textContent()).toContain('$7.50');

    // A taken code is refused with the server's message.
    await page.getByRole('button', { name: 'Create New Promotion' }).click();
    await page.getByLabel('Promo code').fill('silk15');
    await page.getByLabel('Discount rate').fill('0.9');
    const taken = nextDialog(page);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await taken).toBe('A promo code silk15 already exists');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Edit SILK15' }).click();
    expect(await page.getByLabel('Promo code').isDisabled()).toBe(true);
    expect(await page.getByLabel('Type').isDisabled()).toBe(true);
    expect(await page.getByLabel('Performance access pass').getAttribute('placeholder')).toBe('set a new pass');
    expect(await page.getByLabel('Performance access pass').inputValue()).toBe('');
    await page.getByLabel('Discount rate').fill('0.8');
    await page.getByText('Shown as -20 %').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'SILK15' }).getByRole('cell').nth(1).textContent())
      .toBe('-20 %');

    // The pass still opens the promoter report.
    const report = await page.request.post(`${shopUrl}/promoPerformance`, {
      data: { promoCode: 'SILK15', password: 'silk-promoter-pass' },
    });
    expect(report.status()).toBe(200);

    const confirm = nextDialog(page);
    await page.getByRole('row').filter({ hasText: 'SILK15' }).getByRole('button', { name: 'Delete SILK15' }).click();
    expect(await confirm).toBe('Are you sure you want to permanently delete the promo code SILK15?');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'SILK15' }).count()).toBe(0);

    // A code past its date says so in the list (checkout refuses it as 'Invalid Promo Code').
    const expiresAt = Date.now() + 1_500;
    const made = await page.request.post(`${shopUrl}/admin/api/createPromotions`, {
      data: { code: 'BRIEFLY', type: 'dollarAmount', discount: 5, expiresAt: new Date(expiresAt).toISOString() },
    });
    expect(made.status(), await made.text()).toBe(200);
    await page.waitForTimeout(Math.max(0, expiresAt - Date.now() + 200));
    await page.reload();
    const gone = page.getByRole('row').filter({ hasText: 'BRIEFLY' });
    await gone.waitFor();
    expect(await gone.textContent()).toContain('Expired');
    expect(errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
    await context.close();
  });
});
