// The owner in the back office: a signed-in page, tab switching, answering alerts and confirms, and
// screenshots into $ADMIN_SHOTS.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, saveShot, watchErrors } from './browser.js';
import { E2E_ADMIN } from './server.js';

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
/** The owner's cookies after this test file's first sign-in: sign-ins are rate-limited per address. */
let ownerState: StorageState | undefined;

/**
 * A new context signed in at /admin, with its console errors collected. The first call of a test
 * file signs in through the form; later ones reuse that session (the shop allows 20 sign-ins per
 * address in 15 minutes, and the journeys all come from 127.0.0.1).
 */
export async function signedIn(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ viewport, ...(ownerState ? { storageState: ownerState } : {}) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${inject('shopUrl')}/admin`);
  if (!ownerState) await fillSignIn(page);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  ownerState ??= await context.storageState();
  return { context, page, errors };
}

/** The owner's address and password into the sign-in form at /admin. */
async function fillSignIn(page: Page) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
}

/** A new context signed in through the form at a journey's own shop (`shopUrl`), with its console errors collected. */
export async function ownerSignedInAt(browser: Browser, shopUrl: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${shopUrl}/admin`);
  await fillSignIn(page);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { context, page, errors };
}

/** Saves a screenshot of the back office page into the folder $ADMIN_SHOTS, when it is set. */
export function adminShot(page: Page, name: string, fullPage = true): Promise<void> {
  return saveShot(process.env.ADMIN_SHOTS, page, name, fullPage);
}

export async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

/** Answers the next alert or confirm with OK and returns its text. */
export function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}
