// More of the owner's catalog work in real Chromium: related items picked by title; a shopper's
// back-in-stock request answered from the size editor (the email arrives); landing tiles edited at
// /edit/landing/{url} and shown on the product page; the bulk table publishing an item at a new price.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminItem, CreateItemBody } from '../../src/contract/admin-catalog.js';
import { adminShot, openTab, signedIn } from './support/admin.js';
import { DESKTOP, launchBrowser, PHONE, watchErrors, WIDE } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';

const shopUrl = inject('shopUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An admin call from the signed-in page (same origin, its session cookie). */
async function adminCall<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        credentials: 'include',
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

/** What makes the page scroll sideways, if anything (wide tables scroll inside their own frame). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [
          `page ${document.documentElement.scrollWidth}px wide`,
          ...[...document.querySelectorAll<HTMLElement>('main *')]
            .filter(
              (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.admin-table-wrap'),
            )
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        ],
  );

async function createItem(page: Page, item: CreateItemBody): Promise<AdminItem> {
  return (await adminCall<{ item: AdminItem }>(page, '/admin/api/createItem', item)).item;
}

const stamp = Date.now().toString(36);
const piece = (title: string, over: Partial<CreateItemBody> = {}): CreateItemBody => ({
  title,
  url: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  published: true,
  available_products: [
    {
      type: 'slip',
      name: 'Silk slip',
      price: 120,
      colors: [
        { color_name: 'Ivory', color_code: '#f2e9da', available_sizes: [{ name: 'S', sold_out: true }, { name: 'M' }] },
      ],
    },
  ],
  ...over,
});

describe('related items', () => {
  it('picks other items by title for Complete the look and similar items; the product page shows the set', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    const main = await createItem(page, piece(`Related Main ${stamp}`));
    const other = await createItem(page, piece(`Related Robe ${stamp}`));
    const third = await createItem(page, piece(`Related Socks ${stamp}`));

    await openTab(page, 'Existing Items');
    await page.getByLabel('Search by title').fill(main.title);
    const card = page.getByRole('form', { name: `Item ${main.title}` });
    await card.getByRole('button', { name: `Related items and reviews of ${main.title}` }).click();
    const modal = page.getByRole('dialog', { name: 'Related items and reviews' });
    const complete = modal.getByRole('group', { name: 'Complete the look' });
    const similar = modal.getByRole('group', { name: 'Similar items' });
    const save = modal.getByRole('button', { name: 'Save related items' });
    expect(await save.isDisabled()).toBe(true);

    await complete.getByLabel('Find an item for Complete the look').fill(`robe ${stamp}`.toUpperCase());
    await complete.getByRole('button', { name: `Add ${other.title} to Complete the look` }).click();
    await complete.getByLabel('Find an item for Complete the look').fill(`related main ${stamp}`);
    await complete.getByText('No Search Results').waitFor(); // never the item itself
    await similar.getByLabel('Find an item for Similar items').fill(`socks ${stamp}`);
    await similar.getByRole('button', { name: `Add ${third.title} to Similar items` }).click();
    await similar.getByLabel('Find an item for Similar items').fill(`robe ${stamp}`);
    await similar.getByRole('button', { name: `Add ${other.title} to Similar items` }).click();
    await similar.getByRole('button', { name: `Remove ${third.title} from Similar items` }).click();
    await adminShot(page, 'related-desktop', false);
    await save.click();
    await modal.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();

    const saved = await adminCall<{ item: AdminItem }>(page, `/admin/api/item?id=${main._id}`);
    expect(saved.item.related_items).toEqual({
      completeSet: [{ label: other.title, value: other._id }],
      similarItems: [{ label: other.title, value: other._id }],
    });
    await page.setViewportSize(PHONE);
    await adminShot(page, 'related-phone', false);

    const shopper = await context.newPage();
    await shopper.goto(`${shopUrl}/product/${main.url}`);
    await shopper.getByText('Complete the look').waitFor();
    await shopper
      .getByRole('link', { name: new RegExp(other.title) })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('back in stock from the size editor', () => {
  it('a shopper asks for a sold-out size; the owner restocks it, picks the subscriber and sends; the email arrives', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    const item = await createItem(page, piece(`Notify Slip ${stamp}`));
    const email = `waiting-${stamp}@example.com`;

    // ---- the shopper ----
    const shopperContext = await browser.newContext({ viewport: PHONE });
    await shopperContext.addInitScript(() => localStorage.setItem('promoDeclined', 'true'));
    const shopper = await shopperContext.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto(`${shopUrl}/product/${item.url}`);
    await shopper
      .getByRole('radiogroup', { name: 'Size' })
      .getByRole('radio', { name: 'S (sold out)', exact: true })
      .click();
    const notify = shopper.getByRole('dialog', { name: 'Get notified' });
    await notify.getByLabel('Email', { exact: true }).fill(email);
    await notify.getByRole('button', { name: 'Get Notified' }).click();
    await notify.getByRole('button', { name: 'Subscribed!' }).waitFor();
    expect(shopperErrors).toEqual([]);
    await shopperContext.close();

    // ---- the owner: while sold out, Send stays disabled even with the subscriber chosen ----
    await openTab(page, 'Existing Items');
    // The search runs on the server (the table is paged): Enter submits it.
    await page.getByLabel('Search by title').fill(item.title);
    await page.getByLabel('Search by title').press('Enter');
    const card = page.getByRole('form', { name: `Item ${item.title}` });
    await card.getByRole('button', { name: `Edit availability of ${item.title}` }).click();
    let modal = page.getByRole('dialog', { name: 'Availability' });
    await modal.getByRole('button', { name: 'Subscribers of S (Ivory)' }).click();
    let editor = modal.getByRole('group', { name: 'Subscribers of S (Ivory)' });
    const send = editor.getByRole('button', { name: 'Send', exact: true });
    await editor.getByRole('checkbox', { name: email }).check();
    expect(await send.isDisabled()).toBe(true);
    await editor.getByText('Sold out').waitFor();

    // ---- restock: mark S available and save ----
    await modal.getByRole('checkbox', { name: 'Sold out S (Ivory)' }).uncheck();
    await modal.getByRole('button', { name: 'Save availability' }).click();
    await modal.waitFor({ state: 'hidden' });
    await card.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();

    // ---- the size editor again: nobody chosen → disabled; chosen → Send ----
    await card.getByRole('button', { name: `Edit availability of ${item.title}` }).click();
    modal = page.getByRole('dialog', { name: 'Availability' });
    await modal.getByRole('button', { name: 'Subscribers of S (Ivory)' }).click();
    editor = modal.getByRole('group', { name: 'Subscribers of S (Ivory)' });
    const box = editor.getByRole('checkbox', { name: email });
    await box.waitFor();
    expect(await editor.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await box.check();
    expect(await editor.getByRole('button', { name: 'Send', exact: true }).isEnabled()).toBe(true);
    await adminShot(page, 'size-editor-desktop', false);
    const call = page.waitForRequest((r) => new URL(r.url()).pathname === '/admin/api/sendBackInStockNotification');
    await editor.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await call).postDataJSON()).toMatchObject({
      url: item.url,
      email,
      size: 'S',
      product_type: 'slip',
      product_name: 'Silk slip',
      color: 'Ivory',
      price: 120,
    });
    await editor.getByRole('status').filter({ hasText: 'Successfuly sent notification' }).waitFor();
    await editor.getByText('Nobody is waiting for this size.').waitFor(); // the request is answered
    await page.setViewportSize(PHONE);
    await editor.scrollIntoViewIfNeeded();
    await adminShot(page, 'size-editor-phone', false);

    const mail = await mailTo(email, `Back in stock: ${item.title}`);
    expect(decoded(mail)).toContain(`/product/${item.url}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('landing tiles', () => {
  it('adds two tiles of different layouts, reorders and saves them; the product page shows them in order', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    const demo = (await adminCall<AdminItem[]>(page, '/admin/api/existingItems')).find((i) =>
      i.pictures.some((p) => p.startsWith('/uploads/')),
    )!;
    const picture = demo.pictures.find((p) => p.startsWith('/uploads/'))!;
    const item = await createItem(page, piece(`Landing Slip ${stamp}`, { pictures: [picture] }));

    // The item card links to the editor.
    await openTab(page, 'Existing Items');
    await page.getByLabel('Search by title').fill(item.title);
    await page
      .getByRole('form', { name: `Item ${item.title}` })
      .getByRole('link', { name: `Landing tiles of ${item.title}` })
      .click();
    await page.waitForURL(`${shopUrl}/edit/landing/${item.url}`);
    await page.getByRole('heading', { level: 1, name: 'Landing page tiles' }).waitFor();
    await page.getByText('No tiles yet.', { exact: false }).waitFor();
    const SAVE = page.getByRole('button', { name: 'SAVE', exact: true });
    expect(await SAVE.isDisabled()).toBe(true);

    // A text tile: Save waits for every field.
    await page.getByRole('button', { name: 'Add tile' }).click();
    await page.getByRole('button', { name: /Title and text/ }).click();
    const form = page.getByRole('form', { name: 'Tile form' });
    const saveTile = form.getByRole('button', { name: 'Save', exact: true });
    expect(await saveTile.isDisabled()).toBe(true);
    await form.getByLabel('Title', { exact: true }).fill('Made to be worn slowly');
    expect(await saveTile.isDisabled()).toBe(true);
    await form.getByLabel('Subtitle').fill('Silk cut on the bias, finished by hand.');
    await saveTile.click();

    // A hero tile with a picture.
    await page.getByRole('button', { name: 'Add tile' }).click();
    await adminShot(page, 'landing-picker-desktop');
    await page.setViewportSize(PHONE);
    await adminShot(page, 'landing-picker-phone');
    expect(await overflowing(page)).toEqual([]);
    await page.setViewportSize(WIDE);
    await page.getByRole('button', { name: /Full-screen hero/ }).click();
    await form.getByLabel('Picture 1', { exact: true }).fill(picture);
    expect(await saveTile.isDisabled()).toBe(true);
    await form.getByLabel('Subtitle').fill('Evening, unhurried.');
    await saveTile.click();

    const tiles = page.getByRole('list', { name: 'Tiles' }).getByRole('listitem');
    expect(await tiles.allInnerTexts()).toEqual([
      expect.stringContaining('Title and text'),
      expect.stringContaining('Full-screen hero'),
    ]);
    await page.getByRole('button', { name: 'Move tile 2 up' }).click();
    expect(await tiles.allInnerTexts()).toEqual([
      expect.stringContaining('Full-screen hero'),
      expect.stringContaining('Title and text'),
    ]);

    // Edit, then remove a third tile added by mistake.
    await page.getByRole('button', { name: 'Edit tile 2' }).click();
    await form.getByLabel('Title', { exact: true }).fill('Made to be worn slowly.');
    await saveTile.click();
    await page.getByRole('button', { name: 'Add tile' }).click();
    await page.getByRole('button', { name: /Two pictures/ }).click();
    await form.getByLabel('Picture 1', { exact: true }).fill(picture);
    await form.getByLabel('Picture 2', { exact: true }).fill(picture);
    await saveTile.click();
    expect(await tiles.count()).toBe(3);
    await page.getByRole('button', { name: 'Remove tile 3' }).click();
    expect(await tiles.count()).toBe(2);

    await SAVE.click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await SAVE.isDisabled()).toBe(true);
    await adminShot(page, 'landing-desktop');
    await page.setViewportSize(PHONE);
    await adminShot(page, 'landing-phone');
    expect(await overflowing(page)).toEqual([]);

    const saved = await adminCall<{ item: AdminItem }>(page, `/admin/api/item?id=${item._id}`);
    expect(saved.item.landing).toEqual([
      { layout: 'fullscreenHero', data: { img_1: picture, subtitle: 'Evening, unhurried.' } },
      {
        layout: 'textDataLayout1',
        data: { title: 'Made to be worn slowly.', subtitle: 'Silk cut on the bias, finished by hand.' },
      },
    ]);

    const shopper = await context.newPage();
    await shopper.goto(`${shopUrl}/product/${item.url}`);
    const shown = shopper.locator('.landing-tiles > .lt');
    await expect
      .poll(() => shown.evaluateAll((els) => els.map((e) => e.className)))
      .toEqual(['lt lt--fullscreenHero', 'lt lt--textDataLayout1']);
    await shopper.getByRole('heading', { name: 'Made to be worn slowly.' }).waitFor();
    await shopper.getByText('Evening, unhurried.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays behind the admin gate', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/edit/landing/anything`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${shopUrl}/bulk/admin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});

describe('bulk editor', () => {
  it('publishes an item at a new price with one Save; the storefront shows it; CSV export and import report', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    const item = await createItem(page, piece(`Bulk Robe ${stamp}`, { published: false }));
    const before = await context.request.get(`${shopUrl}/product?url=${item.url}`);
    expect(before.status()).toBe(404);

    await page.goto(`${shopUrl}/bulk/admin`);
    await page.getByRole('heading', { level: 1, name: 'Bulk edit' }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.getByText('No changes').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Search by title').fill(item.title);
    const row = page.getByRole('row', { name: item.title });
    await row.getByRole('switch', { name: `Published: ${item.title}` }).check();
    await row.getByLabel(`Price of slip for ${item.title}`).fill('99.5');
    await row.getByLabel(`Position of ${item.title}`, { exact: true }).fill('-50');
    await page.getByText('1 item changed').waitFor();

    // A refused save says why, and nothing is saved.
    await row.getByLabel(`Promotion position of ${item.title}`).fill('-3');
    await save.click();
    // The row the server refused is marked with the reason in words, and the page says nothing was saved.
    await row.getByRole('alert').filter({ hasText: 'Promotion position must be at least 0' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '1 row was refused; nothing was saved' }).waitFor();
    expect((await context.request.get(`${shopUrl}/product?url=${item.url}`)).status()).toBe(404);
    await row.getByLabel(`Promotion position of ${item.title}`).fill('0');

    const call = page.waitForRequest((r) => new URL(r.url()).pathname === '/admin/api/bulk/update');
    await save.click();
    expect((await call).postDataJSON()).toEqual({
      items: [{ _id: item._id, published: true, position: -50, prices: [{ type: 'slip', price: 99.5 }] }],
    });
    await page.getByRole('status').filter({ hasText: 'Saved 1 item' }).waitFor();
    await page.getByText('No changes').waitFor();
    await page.getByLabel('Search by title').fill('');
    await page.getByLabel('Search by title').press('Enter');
    await adminShot(page, 'bulk-desktop', false);

    const shopper = await context.newPage();
    await shopper.goto(`${shopUrl}/product/${item.url}`);
    await shopper.getByRole('heading', { level: 1, name: item.title }).waitFor();
    await shopper.getByText('$99.50').first().waitFor();
    await shopper.goto(`${shopUrl}/collections`);
    await shopper.getByText(item.title).first().waitFor();
    await shopper.close();

    // CSV: the export link downloads the catalog; an import shows the per-line report.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await (await context.request.get(`${shopUrl}${href}`)).text();
    expect(csv).toContain(item._id);
    const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    const line = csv.split(/\r?\n/).find((l) => l.startsWith(item._id))!;
    const bad = line.replace(',99.50,', ',lots,');
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'catalog.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${line}\n${bad}\n`),
    });
    await page.getByRole('checkbox', { name: 'Check only (save nothing)' }).check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByRole('status', { name: 'Import report' });
    await report.getByText('Checked, nothing saved', { exact: false }).waitFor();
    await report
      .getByRole('listitem')
      .filter({ hasText: 'price must be an amount of dollars' })
      .filter({ hasText: 'Line 3' })
      .waitFor();
    await page.setViewportSize(PHONE);
    await page.getByRole('row', { name: item.title }).scrollIntoViewIfNeeded();
    await adminShot(page, 'bulk-phone', false);
    await report.scrollIntoViewIfNeeded();
    await adminShot(page, 'bulk-csv-phone', false);
    expect(await overflowing(page)).toEqual([]);
    // The one refused save above is the browser's only console error.
    expect(errors).toEqual([expect.stringContaining('400 (Bad Request)')]);
    await context.close();
  });
});

describe('existing items, a page at a time', () => {
  it("shows the first 50 items and the next ones on 'Show more items'", async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    // Enough items that the list runs past one page whatever the other journeys made (unpublished:
    // the storefront journeys sharing this shop never see them).
    const made: AdminItem[] = [];
    for (let i = 0; i < 55; i++)
      made.push(
        await createItem(page, piece(`Paged Camisole ${stamp} ${String(i).padStart(2, '0')}`, { published: false })),
      );
    await openTab(page, 'Existing Items');
    const cards = page.locator('.admin-cards form');
    await page.getByRole('button', { name: 'Show more items' }).waitFor();
    expect(await cards.count()).toBe(50);
    await page.getByRole('button', { name: 'Show more items' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(50);
    // A search reaches any item, wherever it stands.
    await page.getByLabel('Search by title').fill(made.at(-1)!.title);
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('form', { name: `Item ${made.at(-1)!.title}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Show more items' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an item card saved while orders come in', () => {
  it('keeps the stock the orders left, not the stock the card loaded', async () => {
    const { context, page, errors } = await signedIn(browser, WIDE);
    const item = await createItem(
      page,
      piece(`Stock Card Slip ${stamp}`, {
        published: false,
        available_products: [
          {
            type: 'slip',
            name: 'Silk slip',
            price: 120,
            colors: [{ color_name: 'Ivory', color_code: '#f2e9da', available_sizes: [{ name: 'M', stock: 5 }] }],
          },
        ],
      }),
    );
    await openTab(page, 'Existing Items');
    await page.getByLabel('Search by title').fill(item.title);
    const card = page.getByRole('form', { name: `Item ${item.title}` });
    await card.waitFor();
    // Two pieces sell while the card is open (the stock an order leaves, written by another hand).
    const sold = structuredClone(item.available_products);
    sold[0]!.colors[0]!.available_sizes[0]!.stock = 3;
    await adminCall(page, '/admin/api/updateItem', { _id: item._id, item: { available_products: sold } });
    await card.getByLabel('Title', { exact: true }).fill(`${item.title} renamed`);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await card.getByRole('status').filter({ hasText: 'Successfully Updated Item' }).waitFor();
    const saved = (await adminCall<{ item: AdminItem }>(page, `/admin/api/item?id=${item._id}`)).item;
    expect(saved.title).toBe(`${item.title} renamed`);
    expect(saved.available_products[0]!.colors[0]!.available_sizes[0]!.stock).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
