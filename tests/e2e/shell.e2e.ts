// Journeys through the shop's shell in real Chromium: the categories menu, and the admin sign-in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/server.js';
import { DESKTOP, launchBrowser, PHONE, waitForHydration, watchErrors } from './support/browser.js';

const shopUrl = inject('shopUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('categories menu', () => {
  it('opens from the burger on a phone, lists the three categories, and follows one', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();

    const menu = page.getByRole('dialog', { name: 'Categories' });
    await menu.waitFor();
    for (const title of ['Clothing', 'Bras', 'Panties & Garters', 'Shop all']) {
      expect(await menu.getByRole('link', { name: title, exact: true }).isVisible()).toBe(true);
    }
    // Page behind the open menu does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await menu.getByRole('link', { name: 'Bras', exact: true }).click();
    await page.waitForURL(/\/categories\/?\?category=bras$/);
    await page.getByRole('heading', { level: 1, name: 'Bras' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens for a tap made while the page is still hydrating', async () => {
    // The tap lands right after hydration starts (the entry script's last statement): React replays
    // it once the header is hydrated, and nothing that runs after hydration may close the menu again.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.route(/\/assets\/entry-client-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()}\n;document.querySelector('[aria-label="Open menu"]').click();\n`;
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
      );
      await route.fulfill({ status: response.status(), body, headers });
    });
    await page.goto(`${shopUrl}/`);
    // Hydration done, then two frames: the effects that run after it have run (a fixed wait was flaky under load).
    await waitForHydration(page);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.getByRole('dialog', { name: 'Categories' }).isVisible()).toBe(true);
    await context.close();
  });

  it("lays out a closed drawer's contents only while it is open or sliding out", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/`);
    await waitForHydration(page);
    const menu = page.locator('.drawer--left'); // the side menu: a dialog only while open
    const skipped = () => menu.evaluate((el) => getComputedStyle(el).contentVisibility);
    expect(await skipped()).toBe('hidden');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Categories' }).waitFor();
    expect(await skipped()).toBe('visible');
    expect(await menu.getByRole('link', { name: 'Bras', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Categories' }).waitFor({ state: 'hidden' });
    await expect.poll(skipped).toBe('hidden');
    await context.close();
  });

  it('closes with Escape and gives focus back to the burger', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/`);
    await waitForHydration(page);
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    await page.getByRole('dialog', { name: 'Categories' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Categories' }).waitFor({ state: 'hidden' });
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe('announcement bar', () => {
  it('rotates through its three messages every 3 s', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shopUrl}/`);
    await waitForHydration(page);
    // The page notes each change of message with its own clock, so a slow test machine cannot
    // blur the interval: the first change comes up to 3 s after hydration, the next 3 s later.
    const changes = await page.evaluate(
      () =>
        new Promise<{ text: string; at: number }[]>((resolve) => {
          const region = document.querySelector('[aria-label="Announcements"]')!;
          const activeText = () => region.querySelector('[data-active="true"]')?.textContent ?? '';
          const seen = [{ text: activeText(), at: performance.now() }];
          const observer = new MutationObserver(() => {
            const text = activeText();
            if (text === seen.at(-1)!.text) return;
            seen.push({ text, at: performance.now() });
            if (seen.length === 3) {
              observer.disconnect();
              resolve(seen);
            }
          });
          observer.observe(region, { attributes: true, subtree: true, childList: true, characterData: true });
          setTimeout(() => resolve(seen), 10_000);
        }),
    );
    expect(new Set(changes.map((c) => c.text)).size).toBe(3);
    expect(changes[2]!.at - changes[1]!.at).toBeGreaterThan(2800); // 3 s apart
    expect(changes[2]!.at - changes[1]!.at).toBeLessThan(4500);
    await context.close();
  });
});

describe('server-rendered shell', () => {
  it('serves the header, footer links and categories without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`${shopUrl}/`);
    expect(res?.status()).toBe(200);
    for (const [name, href] of [
      ['Start a return', '/return-form'],
      ['Sizing Guide', '/sizing-guide'],
      ['FAQ', '/info/faq'],
      ['Shipping & Returns', '/info/shipping-returns'],
    ] as const) {
      expect(await page.getByRole('link', { name, exact: true }).first().getAttribute('href')).toBe(href);
    }
    expect(await page.getByRole('link', { name: /care@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await context.close();
  });
});

describe('admin sign-in', () => {
  it('refuses a wrong password, then signs in and shows the nine tabs', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/admin`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Password').press('Enter');
    await page.getByText('Incorrect email or password').waitFor();

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByLabel('Password').press('Enter');
    for (const label of [
      'Create New',
      'Existing Items',
      'Orders',
      'Info',
      'Promotions',
      'Subscriptions',
      'Categories',
      'Newsletter',
      'Non-Empty Carts',
    ]) {
      await page
        .getByRole('link', { name: label, exact: true })
        .or(page.getByRole('tab', { name: label, exact: true }))
        .waitFor();
    }
    // Still signed in after a reload: the session lives on the server.
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});
