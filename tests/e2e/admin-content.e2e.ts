// The owner's content tabs in real Chromium: Info (create a page, see it on the storefront, edit it),
// Newsletter (create, send a test that arrives over SMTP, edit, delete with the spec's question,
// 'All fields are required.'), and Non-Empty Carts (a shopper's bag appears in the table).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from './support/browser.js';
import { adminShot, nextDialog, openTab, signedIn } from './support/admin.js';
import { decoded, mails, mailTo } from './support/mailbox.js';
import { placeOrderThroughCalls, shopperInNewYork } from './support/orders.js';

const shopUrl = inject('shopUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('info pages tab', () => {
  it('creates a page the storefront shows at once, then edits it', async () => {
    const { context, page, errors } = await signedIn(browser);
    await openTab(page, 'Info');
    await page
      .getByRole('button', { name: 'Shipping & Returns' })
      .or(page.getByRole('button', { name: /Shipping/ }))
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByLabel('Page name').fill('care-guide');
    await page.getByLabel('Title').fill('Caring for silk');
    await page.getByLabel('Text', { exact: true }).fill('## Hand wash\n\nUse **cold** water and a gentle soap.');
    await expect.poll(() => page.getByRole('region', { name: 'Preview' }).locator('strong').textContent()).toBe('cold');
    await adminShot(page, 'info-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: /Caring for silk/ }).waitFor();

    const shopper = await context.newPage();
    await shopper.goto(`${shopUrl}/info/care-guide`);
    await shopper.getByRole('heading', { level: 1, name: 'Caring for silk' }).waitFor();
    expect(await shopper.locator('main strong').first().textContent()).toBe('cold');

    await page.getByLabel('Title').fill('Caring for silk and lace');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /Caring for silk and lace/ }).waitFor();
    await shopper.reload();
    await shopper.getByRole('heading', { level: 1, name: 'Caring for silk and lace' }).waitFor();

    // A taken page name is refused with the server's message in an alert.
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByLabel('Page name').fill('faq');
    await page.getByLabel('Title').fill('Another');
    await page.getByLabel('Text', { exact: true }).fill('x');
    const alert = nextDialog(page);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await alert).toBe('There is already a page at /info/faq');
    // Create New again starts from an empty form, not the refused draft.
    await page.getByRole('button', { name: 'Create New' }).click();
    expect(await page.getByLabel('Page name').inputValue()).toBe('');
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe('');
    expect(errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('newsletter tab', () => {
  it("creates a newsletter, sends a test that arrives, edits and deletes it; 'All fields are required.'", async () => {
    const { context, page, errors } = await signedIn(browser);
    await openTab(page, 'Newsletter');
    await page.getByRole('button', { name: 'Create New Newsletter' }).click();

    const required = nextDialog(page);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await required).toBe('All fields are required.');

    await page.getByLabel('Subject').fill('The silk edit');
    await page.getByLabel('Body').fill('Our **new** silk pieces are here.');
    await page.getByLabel('Status').selectOption('Needs review');
    const min = await page.getByLabel('Send at').getAttribute('min');
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await page.getByLabel('Send at').fill('2031-05-01T10:00');
    await expect.poll(() => page.getByRole('region', { name: 'Preview' }).locator('strong').textContent()).toBe('new');
    await adminShot(page, 'newsletter-editor');
    await page.getByRole('button', { name: 'Save' }).click();

    const row = page.getByRole('row').filter({ hasText: 'The silk edit' });
    await row.waitFor();
    expect(await row.locator('.admin-tag').textContent()).toBe('Needs review');
    await adminShot(page, 'newsletter-list');

    await row.getByLabel('Test email for The silk edit').fill('owner-test@example.com');
    const sent = nextDialog(page);
    await row.getByRole('button', { name: 'Send Test' }).click();
    expect(await sent).toBe('Test email sent!');
    expect((await mailTo('owner-test@example.com', '[Test]', 20_000)).subject).toBe('[Test] The silk edit');

    await row.getByRole('button', { name: 'Edit The silk edit' }).click();
    await page.getByLabel('Subject').fill('The silk edit, vol. 2');
    await page.getByLabel('Status').selectOption('Approved');
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByRole('row').filter({ hasText: 'The silk edit, vol. 2' });
    await edited.waitFor();
    expect(await edited.locator('.admin-tag').textContent()).toBe('Approved');

    const question = nextDialog(page);
    await edited.getByRole('button', { name: 'Delete The silk edit, vol. 2' }).click();
    expect(await question).toBe('Are you sure you want to permanently delete this email?');
    await edited.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a newsletter approved for a minute ahead', () => {
  it('reaches a subscriber at its time, and its unsubscribe link works', async () => {
    const reader = `reader-${Date.now()}@example.com`;
    const { context, page, errors } = await signedIn(browser);
    const signup = await page.request.post(`${shopUrl}/newsletterSub`, { data: { email: reader } });
    expect(await signup.json()).toEqual({ success: true });

    await openTab(page, 'Newsletter');
    await page.getByRole('button', { name: 'Create New Newsletter' }).click();
    await page.getByLabel('Subject').fill('Private sale this weekend');
    await page.getByLabel('Body').fill('Everything silk is **20% off** until Sunday.');
    await page.getByLabel('Status').selectOption('Approved');
    // About a minute ahead (30-90 s: datetime-local has minute precision), in the browser's time zone.
    const inAMinute = await page.evaluate(() => {
      const d = new Date(Date.now() + 90_000);
      return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await page.getByLabel('Send at').fill(inAMinute);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: 'Private sale this weekend' }).waitFor();
    expect((await mails()).filter((m) => m.subject === 'Private sale this weekend')).toHaveLength(0);

    const letter = await mailTo(reader, 'Private sale this weekend', 120_000);
    const link = /Unsubscribe: (http\S+\/unsubscribe\/[0-9a-f]{24})/.exec(decoded(letter))?.[1];
    expect(link).toBeDefined();
    const shopper = await context.newPage();
    await shopper.goto(link!.replace(/^https?:\/\/[^/]+/, shopUrl));
    await shopper.getByRole('heading', { level: 1, name: 'Successfully unsubscribed' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('subscriptions tab', () => {
  it('shows who waits for a sold-out size and the subscriber with their request', async () => {
    type Catalog = {
      url: string;
      title: string;
      available_products: {
        type: string;
        name: string;
        colors: { color_name: string; available_sizes: { name: string; sold_out: boolean }[] }[];
      }[];
    }[];
    const items = (await (await fetch(`${shopUrl}/getAllItems`)).json()) as Catalog;
    const wanted = items.flatMap((item) =>
      item.available_products.flatMap((p) =>
        p.colors.flatMap((c, colorIndex) =>
          c.available_sizes.flatMap((s, sizeIndex) =>
            s.sold_out
              ? [
                  {
                    title: item.title,
                    selection: {
                      url: item.url,
                      product_type: p.type,
                      product_name: p.name,
                      color: c.color_name,
                      colorIndex,
                      size: s.name,
                      sizeIndex,
                      isSoldOut: true,
                    },
                  },
                ]
              : [],
          ),
        ),
      ),
    )[0]!;
    const email = `waiting-${Date.now()}@example.com`;
    const { context, page, errors } = await signedIn(browser);
    const asked = await page.request.post(`${shopUrl}/newsletterSub`, {
      data: { email, itemData: [wanted.selection] },
    });
    expect(await asked.json()).toEqual({ success: true });
    // A friend sent a gift card is on the list without a subscription or a restock request.
    const friend = `friend-${Date.now()}@example.com`;
    const referred = await page.request.post(`${shopUrl}/referral-promo`, {
      data: { email: friend, refEmail: `sender-${Date.now()}@example.com` },
    });
    expect(referred.status(), await referred.text()).toBe(200);

    await openTab(page, 'Subscriptions');
    const demand = page
      .getByRole('region', { name: 'Waiting for a restock' })
      .getByRole('row')
      .filter({ hasText: wanted.title });
    await demand.first().waitFor();
    expect(await demand.first().getByRole('cell').nth(2).textContent()).toBe(wanted.selection.size);
    const subscriber = page.getByRole('region', { name: 'Subscribers' }).getByRole('row').filter({ hasText: email });
    await subscriber.waitFor();
    expect(await subscriber.textContent()).toContain('Restocks only');
    expect(await subscriber.textContent()).toContain(wanted.title);
    const friendRow = page.getByRole('region', { name: 'Subscribers' }).getByRole('row').filter({ hasText: friend });
    await friendRow.waitFor();
    expect(await friendRow.textContent()).toContain('Not subscribed');
    expect(await friendRow.textContent()).not.toContain('Restocks only');
    await adminShot(page, 'subscriptions');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('orders tab', () => {
  it("finds a shopper's order by last name, ships it with custom tracking, and the shopper gets the link", async () => {
    const shopperContext = await browser.newContext();
    const lastName = `Quill${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const { orderId } = await placeOrderThroughCalls(shopperContext.request, {
      url: 'silk-camisole',
      shopper: shopperInNewYork({ firstName: 'Iris', lastName, email }),
    });
    await shopperContext.close();

    const { context, page, errors } = await signedIn(browser);
    await openTab(page, 'Orders');
    await page
      .getByRole('searchbox', { name: 'Order number or last name' })
      .or(page.getByLabel('Order number or last name'))
      .first()
      .fill(lastName.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    // The newest orders (this one among them) show until the search answers: wait for the answer.
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await order.waitFor();
    expect(await order.textContent()).toContain('Silk Camisole');
    expect(await order.locator('.admin-tag').textContent()).toBe('To ship');
    await adminShot(page, 'orders');

    await order.getByRole('button', { name: 'Ship' }).click();
    const modal = page.getByRole('dialog', { name: `Ship order #${orderId}` });
    const assign = modal.getByRole('button', { name: 'Assign tracking' });
    expect(await assign.isDisabled()).toBe(true);
    await modal.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await modal.getByLabel('Tracking link').fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await assign.click();
    await expect.poll(() => order.locator('.admin-tag').textContent()).toBe('Processed');
    const mail = await mailTo(email, `Your Murashki order #${orderId} is on its way`, 20_000);
    expect(decoded(mail)).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('non-empty carts tab', () => {
  it("shows a shopper's bag with its piece count", async () => {
    const shopperContext = await browser.newContext({ viewport: PHONE });
    const shopper = await shopperContext.newPage();
    await shopper.goto(`${shopUrl}/product/silk-balconette-bra`);
    await shopper.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).click();
    await shopper.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
    await shopper.getByRole('dialog', { name: 'Shopping bag' }).getByTestId('line-quantity').waitFor();

    const { context, page, errors } = await signedIn(browser);
    await openTab(page, 'Non-Empty Carts');
    for (const header of ['Cart', 'Order', 'Items in Cart Count', 'Created']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    const newest = page.getByRole('row').nth(1);
    expect(await newest.getByRole('link', { name: 'Silk Balconette Bra' }).count()).toBe(1);
    expect(await newest.getByRole('cell').nth(2).textContent()).toBe('1');
    await adminShot(page, 'non-empty-carts');
    expect(errors).toEqual([]);
    await context.close();
    await shopperContext.close();
  });
});
