// Issue 24 item 4 in real Chromium: a US order, shipped by the owner, is returned on the return page;
// the return email (opened as the shopper's mail client shows it) carries 'Print your return label',
// and clicking it downloads the prepaid label, a PDF, from the shop. Screenshots of the email at
// phone and desktop widths when RETURN_LABEL_SHOTS names a folder.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';
import { mailTo } from './support/mailbox.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';
import { E2E_ADMIN } from './support/server.js';

const shopUrl = inject('shopUrl');
const SHOTS = process.env.RETURN_LABEL_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOPPER = shopperInNewYork({ firstName: 'Iris', lastName: 'Calloway', email: 'return.label@example.com' });

/** The HTML part of a mail as a mail client shows it: quoted-printable undone into UTF-8 bytes. */
function htmlOf(raw: string): string {
  const unwrapped = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!));
    }
  }
  const html = /<!doctype html[\s\S]*<\/html>/i.exec(Buffer.from(bytes).toString('utf8'));
  if (!html) throw new Error('the mail has no HTML part');
  return html[0];
}

async function requestReturnOnPage(page: Page, orderId: number) {
  await page.goto(`${shopUrl}/return-form`);
  await page.getByRole('heading', { level: 1, name: 'Start a return' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Order number', { exact: true }).fill(String(orderId));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const pieces = page.getByRole('region', { name: "Select items you'd like to return" });
  await pieces.getByRole('checkbox').first().check();
  const requested = page.waitForResponse((r) => new URL(r.url()).pathname === '/requestReturn');
  const button = page.getByRole('button', { name: 'Request Return' });
  await button.waitFor();
  await page.waitForTimeout(400); // the bar takes no tap while it slides in
  await button.click();
  expect((await requested).status()).toBe(200);
  await page.getByRole('dialog', { name: 'We received your return request' }).waitFor();
}

describe('the prepaid return label of a US order', () => {
  it('is linked from the return email; the link opens the label PDF from the shop', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);

    const { orderId } = await placeOrderThroughCalls(context.request, {
      url: 'high-waist-silk-brief',
      shopper: SHOPPER,
    });
    expect((await context.request.post(`${shopUrl}/authenticate`, { data: E2E_ADMIN })).status()).toBe(200);
    const shipped = await context.request.post(`${shopUrl}/admin/api/assignCustomTracking`, {
      data: {
        orderId,
        trackingNumber: `1Z${orderId}`,
        trackingUrlLink: `https://www.ups.com/track?tracknum=1Z${orderId}`,
      },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    await requestReturnOnPage(page, orderId);
    expect(errors).toEqual([]);

    // The email as the shopper's mail client shows it, at phone and desktop widths.
    const mail = await mailTo(SHOPPER.email, `Your return for Murashki order #${orderId}`);
    const email = await context.newPage();
    await email.setContent(htmlOf(mail.raw));
    const link = email.getByRole('link', { name: 'Print your return label' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^${shopUrl}/return-label/[A-Za-z0-9_-]{43}\\.pdf$`));
    expect(await email.getByText('Return postage is on us', { exact: false }).count()).toBeGreaterThan(0);
    await saveShot(SHOTS, email, 'return-email-label-390');
    await email.setViewportSize(DESKTOP);
    await saveShot(SHOTS, email, 'return-email-label-1440');

    // Clicking it: the shop answers the label as a PDF (Chromium shows it in its viewer).
    const answered = email.waitForResponse((r) => r.url() === href);
    await link.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The same link fetched again: the label's bytes.
    const again = await context.request.get(href);
    expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A link that is not one (guessed): a short page that says so, not a stack or JSON.
    const guessed = await context.newPage();
    const res = await guessed.goto(`${shopUrl}/return-label/${'A'.repeat(43)}.pdf`);
    expect(res!.status()).toBe(404);
    await guessed.getByRole('heading', { level: 1, name: 'Your return label' }).waitFor();
    await saveShot(SHOTS, guessed, 'return-label-missing-390');
    await context.close();
  });
});
