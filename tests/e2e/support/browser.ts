// Debian's Chromium driven by playwright-core; no test tool downloads a browser of its own.
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** As root and offline: no sandbox, and none of the background connections the machine refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Collects console errors and page crashes, so a journey can assert the page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export const WIDE = { width: 1280, height: 900 };

/** Saves a screenshot of the page as {folder}/{name}.png when a folder is given (a journey's *_SHOTS variable); otherwise nothing. */
export async function saveShot(folder: string | undefined, page: Page, name: string, fullPage = true): Promise<void> {
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}

/** Waits until React has hydrated the page (the Document marks `<html data-hydrated>`). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
