// The owner refunds a return in real Chromium (spec §4, issue #7 item 2): an order placed through the
// shop's calls, shipped, and asked back → the Orders tab shows it as a return with its pieces and the
// refund → 'Refund' to store credit, with restock, after the confirm → 'Refunded' → the shopper's
// email with the code → the code is a balance (issue 24 item 3): applied in the checkout it pays the
// next order after tax and shipping, the sidebar showing what it pays and what stays on it; the rest
// pays part of the order after that, and the card the remainder.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPrice } from '../../src/domain/money.js';
import { nextDialog, openTab, signedIn } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';
import { mostStockedPiece, openCheckout, placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOPPER = shopperInNewYork({
  firstName: 'Mira',
  lastName: 'Refundson',
  email: `store.credit.${Date.now().toString(36)}@example.com`,
});
const RETURNED = { url: 'silk-camisole', title: 'Silk Camisole' };
const shot = (page: Page, name: string) => saveShot(process.env.RETURNS_SHOTS, page, name);

/** The piece of the next order. */
const STOCKED = mostStockedPiece();

const sidebar = (checkout: Locator) => checkout.getByRole('complementary', { name: 'Order summary' });
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function applyCode(side: Locator, code: string) {
  await side.getByLabel('Gift Card or Promo', { exact: true }).fill(code);
  await side.getByRole('button', { name: 'Apply Promo', exact: true }).click();
  await side.getByTestId('balance-applied').waitFor();
  expect(await side.getByTestId('balance-applied').textContent()).toContain(`Store credit ${code} applied`);
}

async function fillContact(checkout: Locator) {
  await checkout.getByLabel('First name', { exact: true }).fill(SHOPPER.firstName);
  await checkout.getByLabel('Last name', { exact: true }).fill(SHOPPER.lastName);
  await checkout.getByLabel('Email', { exact: true }).fill(SHOPPER.email);
  await checkout.getByLabel('Confirm email', { exact: true }).fill(SHOPPER.email);
  await checkout.getByLabel('Country', { exact: true }).selectOption('US');
  await checkout.getByLabel('Address', { exact: true }).fill(SHOPPER.address);
  await checkout.getByLabel('City', { exact: true }).fill(SHOPPER.city);
  await checkout.getByLabel('State', { exact: true }).selectOption('NY');
  await checkout.getByLabel('Zip', { exact: true }).fill(SHOPPER.zip);
  await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
}

describe('refunding a return', () => {
  it('store credit: the owner refunds once, the shopper gets a code by email, and its balance pays the next order and part of the one after', async () => {
    // An order, shipped, with a return requested.
    const shopperContext = await browser.newContext({ viewport: DESKTOP });
    await shopperContext.addInitScript(() => localStorage.setItem('promoDeclined', 'true'));
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, { url: RETURNED.url, shopper: SHOPPER });

    const { context, page, errors } = await signedIn(browser);
    const shipped = await context.request.post(`${shopUrl}/admin/api/assignCustomTracking`, {
      data: {
        orderId,
        trackingNumber: `1Z${orderId}`,
        trackingUrlLink: `https://www.ups.com/track?tracknum=1Z${orderId}`,
      },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    const requested = await shopperContext.request.post(`${shopUrl}/requestReturn`, {
      data: { creditSelected: false, orderId, items: [{ index: 0, quantity: 1 }], international: false },
    });
    expect(requested.status(), await requested.text()).toBe(200);
    const refundDollars = ((await requested.json()) as { refund: { total_refund: number } }).refund.total_refund;
    const amount = `$${refundDollars.toFixed(2)}`;

    // The Orders tab shows it as a return: its pieces and the refund.
    await openTab(page, 'Orders');
    await page.getByLabel('Order number or last name').fill(String(orderId));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    await card.waitFor();
    await card.getByText('Return requested', { exact: true }).waitFor();
    const ret = card.getByRole('region', { name: 'Return' });
    expect(await ret.getByRole('listitem').filter({ hasText: RETURNED.title }).count()).toBe(1);
    expect(await ret.textContent()).toContain(`Refund ${amount}`);

    // Store credit (the default), with restock, after the confirm.
    await shot(page, 'admin-return-1-before');
    const credit = ret.getByRole('radio', { name: /Store credit/ });
    expect(await credit.isChecked()).toBe(true);
    expect(await ret.getByRole('radio', { name: /Original payment/ }).isEnabled()).toBe(true);
    const restock = ret.getByRole('checkbox', { name: 'Put the returned pieces back into stock' });
    expect(await restock.isChecked()).toBe(false);
    await restock.check();
    const question = nextDialog(page);
    const refunded = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/api/refundReturn');
    await ret.getByRole('button', { name: `Refund ${amount}` }).click();
    expect(await question).toBe(
      `Refund ${amount} for order #${orderId} as store credit? It is added to a store credit balance emailed to ${SHOPPER.email}. The returned pieces go back into stock. This cannot be undone.`,
    );
    expect((await refunded).status()).toBe(200);
    // The page says which amount the owner confirmed: a return that grew meanwhile is refused, not paid.
    expect(JSON.parse((await refunded).request().postData() ?? '{}')).toMatchObject({
      orderId,
      method: 'store_credit',
      restock: true,
      amount: refundDollars,
    });
    const done = ret.getByRole('status');
    await expect
      .poll(() => done.textContent())
      .toMatch(
        new RegExp(
          `Store credit code CREDIT-[A-Z0-9]{8} for \\${amount} sent to ${SHOPPER.email.replace(/\./g, '\\.')}\\. 1 piece back in stock\\.`,
        ),
      );
    await shot(page, 'admin-return-2-refunded');
    const shownCode = /CREDIT-[A-Z0-9]{8}/.exec((await done.textContent())!)![0];
    await card.locator('.admin-order__head').getByText('Refunded', { exact: true }).waitFor();
    expect(await ret.getByRole('button', { name: /^Refund/ }).count()).toBe(0);

    // A second refund of the same return is refused by the server, whatever the page shows.
    const again = await context.request.post(`${shopUrl}/admin/api/refundReturn`, {
      data: { orderId, method: 'original_payment', restock: false },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toMatch(/already refunded to store credit/);
    expect(errors).toEqual([]);
    await context.close();

    // The email with the code.
    const mail = await mailTo(
      SHOPPER.email,
      `Your Murashki store credit of ${formatPrice(Math.round(refundDollars * 100))}`,
    );
    const code = /YOUR CODE: (CREDIT-[A-Z0-9]{8})/.exec(decoded(mail))?.[1];
    expect(code).toBe(shownCode);

    // The code in the checkout is a balance: no discount, paid after tax and shipping.
    const page2 = await shopperContext.newPage();
    const shopperErrors = watchErrors(page2);
    const checkout = await openCheckout(page2, STOCKED);
    const side = sidebar(checkout);
    await applyCode(side, code!);
    expect(await side.getByTestId('total-discount').count()).toBe(0);
    await fillContact(checkout);
    await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
    await checkout.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
    await expect.poll(() => side.getByTestId('total-due').textContent()).toMatch(/\$0\.00$/);
    const total = money(await side.getByTestId('total-total').textContent());
    expect(total).toBeLessThan(refundDollars);
    expect(money(await side.getByTestId('total-balance').textContent())).toBeCloseTo(total, 2);
    const left = money(await side.getByTestId('balance-remaining').textContent());
    expect(left).toBeCloseTo(refundDollars - total, 2);
    await saveShot(process.env.RETURNS_SHOTS, page2, 'checkout-balance-1-covers-all');
    // Nothing to pay by card: no card fields, PLACE ORDER places it.
    expect(await checkout.getByLabel('Card number', { exact: true }).count()).toBe(0);
    await checkout.getByRole('button', { name: 'PLACE ORDER', exact: true }).click();
    await page2.waitForURL(/\/cart\/success$/);

    // The next order: what stayed on the code pays part, the card the rest.
    const page3 = await shopperContext.newPage();
    const errors3 = watchErrors(page3);
    const checkout3 = await openCheckout(page3, STOCKED);
    const side3 = sidebar(checkout3);
    await applyCode(side3, code!);
    await fillContact(checkout3);
    await checkout3.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await checkout3.getByRole('button', { name: 'Continue to payment', exact: true }).click();
    await checkout3.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
    await expect.poll(async () => money(await side3.getByTestId('total-balance').textContent())).toBeCloseTo(left, 2);
    const total3 = money(await side3.getByTestId('total-total').textContent());
    expect(money(await side3.getByTestId('total-due').textContent())).toBeCloseTo(total3 - left, 2);
    expect(money(await side3.getByTestId('balance-remaining').textContent())).toBe(0);
    await saveShot(process.env.RETURNS_SHOTS, page3, 'checkout-balance-2-partly');
    if (process.env.RETURNS_SHOTS) {
      await page3.setViewportSize(PHONE);
      await side3.scrollIntoViewIfNeeded();
      await saveShot(process.env.RETURNS_SHOTS, page3, 'checkout-balance-2-partly-390');
      await side3.screenshot({ path: `${process.env.RETURNS_SHOTS}/checkout-balance-2-sidebar-390.png` });
      await page3.setViewportSize(DESKTOP);
    }
    await checkout3.getByLabel('Card number', { exact: true }).fill('4242424242424242');
    await checkout3.getByLabel('MM / YY', { exact: true }).fill('12 / 34');
    await checkout3.getByLabel('CVC', { exact: true }).fill('123');
    await checkout3.getByLabel('Cardholder name', { exact: true }).fill(`${SHOPPER.firstName} ${SHOPPER.lastName}`);
    await checkout3.getByRole('button', { name: 'PLACE ORDER', exact: true }).click();
    await page3.waitForURL(/\/cart\/success$/);

    // Spent: the code is refused now, and says why.
    const reused = await shopperContext.request.post(`${shopUrl}/applyPromo`, { data: { promo: code } });
    expect(await reused.json()).toMatchObject({
      success: false,
      message: 'This gift card or store credit has no balance left.',
    });
    expect(shopperErrors).toEqual([]);
    expect(errors3).toEqual([]);
    await shopperContext.close();
  });
});
