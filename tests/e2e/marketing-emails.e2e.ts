// The marketing emails (and the gift card's) fit a 390 px phone (issue 24 item 24: the welcome email was 407 px wide):
// each one's HTML loaded in Chromium at 390 px scrolls no wider than the screen, its code on one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  referralGiftEmail,
  referralRewardEmail,
  welcomeBackEmail,
  welcomeEmail,
  welcomeOrderedBeforeEmail,
} from '../../src/server/modules/marketing/marketing-emails.js';
import { giftCardEmail } from '../../src/server/modules/balances/gift-card-email.js';
import { launchBrowser, PHONE } from './support/browser.js';

const shop = { name: 'Murashki', publicUrl: 'https://murashki.example', supportEmail: 'care@murashki.example' };
const id = 'a'.repeat(24);
const EMAILS = {
  welcome: welcomeEmail(shop, id, 'HELLO15-WXYZ2345'),
  'welcome back with its code': welcomeBackEmail(shop, id, 'HELLO15-WXYZ2345'),
  'welcome back without a code': welcomeBackEmail(shop, id, null),
  'welcome of an email that has ordered': welcomeOrderedBeforeEmail(shop, id),
  'referral gift': referralGiftEmail(shop, id, 'GIFT20-WXYZ2345', 'a.rather.long.sender@example.com'),
  'referral reward': referralRewardEmail(shop, id, 'THANKS20-WXYZ2345'),
  'gift card': giftCardEmail(
    {
      amountCents: 500_00,
      code: 'GIFTCARD-WXYZ2345',
      recipientName: 'June',
      senderName: 'Ada',
      message: 'Happy birthday!',
    },
    shop,
  ),
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('marketing emails on a 390 px phone', () => {
  it.each(Object.entries(EMAILS))('the %s email is no wider than the screen', async (_name, mail) => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.setContent(mail.html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });
});
