// Issue 27 #6 in real Chromium: an order placed → the owner ships it with custom tracking from the
// Orders tab → the tracking email invites 'Write a review' → the review page (axe; 390 and 1440 px):
// stars, fit, title, text, the prefilled name → 'Thank you' → the link refuses a second review →
// the owner approves it in the Reviews tab → the product page shows the rating, 'Most say: runs
// small' and the review (its text as typed, inert) in the reviews panel.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminShot, openTab, signedIn } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, waitForHydration, watchErrors } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
const SHOTS = process.env.REVIEW_SHOTS; // a folder: save screenshots there
const PIECE = { url: 'tulle-longline-bra', title: 'Tulle Longline Bra' };
const TITLE = 'Sheer and <b>supportive</b>';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function noSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page } as never).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('reviews from shoppers', () => {
  it('ship → email → write a review → approve → shown with its fit on the product page', async () => {
    const lastName = `Review${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const shopper = shopperInNewYork({ firstName: 'Ines', lastName, email });
    const shopperContext = await browser.newContext();
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, { url: PIECE.url, shopper });
    await shopperContext.close();

    // The owner ships it with custom tracking.
    const admin = await signedIn(browser);
    await openTab(admin.page, 'Orders');
    await admin.page.getByLabel('Order number or last name').first().fill(lastName.toLowerCase());
    await admin.page.getByRole('button', { name: 'Search', exact: true }).click();
    const order = admin.page.getByRole('article', { name: `Order #${orderId}` });
    await expect.poll(() => admin.page.getByRole('article').count()).toBe(1);
    await order.getByRole('button', { name: 'Ship' }).click();
    const modal = admin.page.getByRole('dialog', { name: `Ship order #${orderId}` });
    await modal.getByLabel('Tracking number').fill(`1Z${orderId}`);
    await modal.getByLabel('Tracking link').fill(`https://www.ups.com/track?tracknum=1Z${orderId}`);
    await modal.getByRole('button', { name: 'Assign tracking' }).click();
    await expect.poll(() => order.locator('.admin-tag').textContent()).toBe('Processed');

    // The tracking email's 'Write a review' link.
    const mail = decoded(await mailTo(email, `Your Murashki order #${orderId} is on its way`, 20_000));
    const link = mail.match(/href="([^"]*\/review\?t=[A-Za-z0-9._-]+)"/)?.[1];
    expect(link, 'a review link in the email').toBeTruthy();
    const reviewUrl = new URL(link!.replace(/&amp;/g, '&'));

    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${shopUrl}${reviewUrl.pathname}${reviewUrl.search}`);
      await page.getByRole('heading', { level: 1, name: 'Write a review' }).waitFor();
      await page.getByRole('link', { name: PIECE.title }).waitFor();
      await saveShot(SHOTS, page, `review-page-${viewport.width}`);
      await context.close();
    }

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}${reviewUrl.pathname}${reviewUrl.search}`);
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Your review' });
    await form.waitFor();
    expect(await form.getByLabel('Your name').inputValue()).toBe('Ines');
    await noSeriousViolations(page);

    // Sending without a rating or text says what is missing, in the form.
    await form.getByRole('button', { name: 'Send review' }).click();
    await form.getByText('Please choose a rating from 1 to 5 stars').waitFor();
    await form.getByText('Please write your review').waitFor();
    await saveShot(SHOTS, page, 'review-page-errors-1440');

    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByRole('radio', { name: 'Runs small' }).check();
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your review').fill('Lovely tulle.\nI went up a band size.');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/submitReview');
    await form.getByRole('button', { name: 'Send review' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your review' }).waitFor();
    await saveShot(SHOTS, page, 'review-page-thanks-1440');

    // The same link again: used up.
    await page.goto(`${shopUrl}${reviewUrl.pathname}${reviewUrl.search}`);
    await page.getByText('You have already reviewed this piece').waitFor();
    // A forged one.
    await page.goto(`${shopUrl}/review?t=abc.def.ghi`);
    await page.getByText('This review link is not valid').waitFor();
    await noSeriousViolations(page);
    expect(errors.filter((e) => !/status of 40[49]/.test(e))).toEqual([]);

    // Not on the product page until approved.
    await page.goto(`${shopUrl}/product/${PIECE.url}`);
    expect(await page.getByText('Most say:').count()).toBe(0);

    // The owner approves it in the Reviews tab.
    await openTab(admin.page, 'Reviews');
    const waiting = admin.page.getByRole('listitem').filter({ hasText: TITLE });
    await waiting.waitFor();
    await adminShot(admin.page, 'reviews-tab');
    await saveShot(SHOTS, admin.page, 'admin-reviews-1440');
    await waiting.getByRole('button', { name: /^Approve/ }).click();
    await admin.page
      .getByRole('status')
      .filter({ hasText: `Approved: “${TITLE}”` })
      .waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // On the product page: the count, the fit summary, and the review as typed.
    await page.goto(`${shopUrl}/product/${PIECE.url}`);
    await waitForHydration(page);
    await page.getByText('Most say: runs small').first().waitFor();
    const entry = page.getByRole('button', { name: /Reviews/ }).first();
    expect(await entry.textContent()).toContain('(1)');
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain('"aggregateRating"');
    await entry.click();
    const panel = page.getByRole('dialog', { name: 'Reviews' });
    await panel.getByRole('heading', { level: 3, name: TITLE }).waitFor();
    expect(await panel.locator('b').count()).toBe(0);
    await panel.getByText('Fit: runs small').waitFor();
    await saveShot(SHOTS, page, 'product-reviews-1440', false);
    await context.close();
  }, 240_000);
});
