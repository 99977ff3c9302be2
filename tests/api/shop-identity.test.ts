// Issue 26 #3 (identity and marketing numbers): the shop's name, support address, social links and
// marketing numbers saved in the settings reach GET /shopInfo, every server-rendered page and every
// email sent after; the defaults give exactly the texts the shop had before (spec §2, §8, §9).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../src/contract/settings.js';
import type { ShopInfo } from '../../src/contract/shop-info.js';
import { promotions } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import { US_SHOPPER } from '../support/shoppers.js';
import type { ReceivedMail, startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems, type TestApp } from '../support/test-app.js';

const OWNER = { id: 1, email: 'owner@murashki.test' };
const quietLog = { warn: () => {}, info: () => {} };

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];
beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail());
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// ---------- helpers ----------

let nextAddress = 1;
const newAddress = () => `10.26.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
let unique = 0;
const emailFor = (who: string) => `${who}-${Date.now().toString(36)}-${unique++}@example.com`;

const post = (url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? newAddress(),
  });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function save(patch: Partial<ShopSettings>) {
  const settings = t.app.ctx.services.settings;
  await settings.save(OWNER, { ...(await settings.read()), ...patch });
}
const resetSettings = () => save(structuredClone(DEFAULT_SETTINGS) as unknown as ShopSettings);

const deliver = () => outboxWorker(t.db, t.mailer, quietLog).runOnce();
const mailsTo = (to: string): ReceivedMail[] =>
  sink.received.filter((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()));
/** The mail's source with quoted-printable soft breaks and escapes undone. */
const decoded = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const fromOf = (mail: ReceivedMail) => /^From: (.*)$/m.exec(mail.raw)?.[1]?.trim();

/** The page's HTML as a shopper's browser gets it, without React's text separators. */
async function page(url: string): Promise<string> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.body.replaceAll('<!-- -->', '');
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const wordmarksOf = (html: string) => [...html.matchAll(/class="wordmark[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
const socialOf = (html: string) =>
  [
    ...(/<ul class="social-links">(.*?)<\/ul>/s.exec(html)?.[1] ?? '').matchAll(
      /href="([^"]+)"[^>]*aria-label="([^"]+)"/g,
    ),
  ].map((m) => [m[2], m[1]]);

/** The first in-stock size at this price (dollars), stock untracked so repeated orders never run out. */
async function pieceAt(price: number): Promise<Selection> {
  for (const item of all) {
    const product = item.available_products.find((p) => p.price === price);
    const color = product?.colors[0];
    const sizeIndex = color?.available_sizes.findIndex((s) => !s.sold_out) ?? -1;
    if (product && color && sizeIndex >= 0) {
      const size = color.available_sizes[sizeIndex]!.name;
      await t.db.execute(sql`
        update sizes s set stock = null from colors c, product_types p
         where s.color_id = c.id and c.product_type_id = p.id and p.item_id = ${item._id}
           and p.type = ${product.type} and c.color_name = ${color.color_name} and s.name = ${size}`);
      await t.app.ctx.services.readModel.invalidate();
      return {
        url: item.url,
        product_type: product.type,
        product_name: product.name,
        color: color.color_name,
        colorIndex: 0,
        size,
        sizeIndex,
        isSoldOut: false,
      };
    }
  }
  throw new Error(`no product at $${price}`);
}

/** A bag of one $62 piece for `email`, with `code` applied; answers the checkout's summary. */
async function checkoutWith(email: string, code: string) {
  const cookie = cookieFrom(await get('/token'), 'sid')!;
  const info = { ...US_SHOPPER, email };
  expect((await post('/addToCart', [await pieceAt(62)], { cookie })).statusCode).toBe(200);
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: info }, { cookie })).json() as {
    type: string;
    amt: number;
  }[];
  const applied = (await post('/applyPromo', { promo: code }, { cookie })).json() as { success: boolean };
  expect(applied.success).toBe(true);
  return { cookie, info, option: option!, summary: (await get('/checkout/summary', cookie)).json() };
}

async function placePaidOrder(cookie: string, info: typeof US_SHOPPER, option: { type: string; amt: number }) {
  const { taxRate } = (await post('/getTaxRate', { zipCode: info.zip }, { cookie })).json() as { taxRate: number };
  const secret = await post(
    '/api/getClientSecret',
    { taxRate, shippingFee: option.amt, shippingType: option.type },
    { cookie },
  );
  expect(secret.statusCode, secret.body).toBe(200);
  const clientSecret = secret.json() as string;
  await post('/sandbox/card/confirm', {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    exp: '12/40',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  const placed = await post(
    '/placeOrder',
    {
      shippingInfo: info,
      billingInfo: { cardholderName: 'Ada Lovelace' },
      shippingType: option.type,
      promo: null,
      additionalInfo: { paymentIntentId: clientSecret.split('_secret_')[0] },
    },
    { cookie },
  );
  expect(placed.statusCode, placed.body).toBe(200);
}

const codesOf = (kind: 'newsletter' | 'referral' | 'referral_reward', email: string) =>
  t.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, kind), sql`lower(${promotions.issuedTo}) = lower(${email})`));

const LUNE = {
  name: 'Maison Lune',
  supportEmail: 'help@maisonlune.example',
  social: {
    instagram: 'https://www.instagram.com/maisonlune',
    facebook: '',
    pinterest: 'https://www.pinterest.com/maisonlune',
    tiktok: '',
  },
};
const year = new Date().getFullYear();

// ---------- the defaults ----------

describe('with the default settings, the shop reads as it did before (issue 26 keeps spec §2, §8, §9)', () => {
  beforeAll(resetSettings);

  it('GET /shopInfo answers the defaults, the support address being the SUPPORT_EMAIL the shop was started with', async () => {
    const res = await get('/shopInfo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Murashki',
      supportEmail: t.config.supportEmail,
      social: { instagram: '', facebook: '', pinterest: '', tiktok: '' },
      newsletterDiscountPercent: 15,
      referralFriend: 20,
      referralReferrer: 20,
      popupDelaySeconds: 60,
    } satisfies ShopInfo);
  });

  it("the home page: 'Murashki — Lingerie & Clothing', the MURASHKI wordmark, the footer's texts, and no social icons", async () => {
    const html = await page('/');
    expect(titleOf(html)).toBe('Murashki — Lingerie &amp; Clothing');
    expect(wordmarksOf(html)).toEqual(['MURASHKI', 'MURASHKI']);
    expect(html).toContain('aria-label="Murashki home"');
    expect(html).toContain('Join the Murashki list');
    expect(html).toContain('Sign up for 15% off your first order, and first word on new arrivals.');
    expect(html).toContain('>Give $20 Get $20</button>');
    expect(html).toContain(`© ${year} Murashki. All rights reserved.`);
    expect(html).toContain(`href="mailto:${t.config.supportEmail}"`);
    expect(html).not.toContain('class="social-links"');
  });

  it("the welcome email: From MAIL_FROM as configured, spec §8's subject, a HELLO15 code of 15% off, the config's support address", async () => {
    const email = emailFor('default-welcome');
    expect((await post('/newsletterSub', { email })).json()).toEqual({ success: true });
    const [code] = await codesOf('newsletter', email);
    expect(code).toMatchObject({ type: 'percentage', rateBasisPoints: 8500 });
    expect(code!.code).toMatch(/^HELLO15-/);
    await deliver();
    const [mail] = mailsTo(email);
    expect(fromOf(mail!)).toBe('Murashki <hello@murashki.shop>');
    expect(mail!.subject).toBe('Welcome to Murashki: 15% off your first order');
    const body = decoded(mail!);
    expect(body).toContain('M U R A S H K I');
    expect(body).toContain('15% off your first order. One use, with this email address at checkout.');
    expect(body).toContain(`Questions? Write to us at ${t.config.supportEmail}`);
    expect(body).not.toContain('Instagram:');
  });
});

// ---------- the owner's values ----------

describe('after the owner saves a shop name, support email, social links and marketing numbers', () => {
  beforeAll(async () => {
    await resetSettings();
    await save({
      shop: LUNE,
      marketing: { newsletterDiscountPercent: 20, referralFriend: 25, referralReferrer: 10, popupDelaySeconds: 30 },
    });
  });
  afterAll(resetSettings);

  it('GET /shopInfo answers them, the popup delay included', async () => {
    expect((await get('/shopInfo')).json()).toEqual({
      ...LUNE,
      newsletterDiscountPercent: 20,
      referralFriend: 25,
      referralReferrer: 10,
      popupDelaySeconds: 30,
    } satisfies ShopInfo);
  });

  it("the server-rendered home: the page title, the header's and footer's wordmark, the © line, the list, the offers, the support address and one icon per network set", async () => {
    const html = await page('/');
    expect(titleOf(html)).toBe('Maison Lune — Lingerie &amp; Clothing');
    expect(html).toContain('<meta property="og:site_name" content="Maison Lune"/>');
    expect(wordmarksOf(html)).toEqual(['MAISON LUNE', 'MAISON LUNE']);
    expect(html).toContain('aria-label="Maison Lune home"');
    expect(html).toContain(`© ${year} Maison Lune. All rights reserved.`);
    expect(html).toContain('Join the Maison Lune list');
    expect(html).toContain('Sign up for 20% off your first order');
    expect(html).toContain('>Give $25 Get $10</button>');
    expect(html).toContain('href="mailto:help@maisonlune.example"');
    expect(html).not.toContain('Murashki —');
    expect(socialOf(html)).toEqual([
      ['Instagram', 'https://www.instagram.com/maisonlune'],
      ['Pinterest', 'https://www.pinterest.com/maisonlune'],
    ]);
    // The values the browser hydrates with are the same (no flash of the old name).
    expect(html).toContain('"name":"Maison Lune"');
  });

  it("every page's title ends with the shop name", async () => {
    const item = all[0]!;
    expect(titleOf(await page('/collections'))).toMatch(/ — Maison Lune$/);
    expect(titleOf(await page(`/product/${item.url}`))).toMatch(/ — Maison Lune$/);
    expect(titleOf(await page('/sizing-guide'))).toMatch(/ — Maison Lune$/);
  });

  it('the welcome email: From the shop name at the MAIL_FROM address, its name in the subject and logo, the saved support address and social links, a 20% code', async () => {
    const email = emailFor('lune-welcome');
    expect((await post('/newsletterSub', { email })).json()).toEqual({ success: true });
    await deliver();
    const [mail] = mailsTo(email);
    expect(fromOf(mail!)).toBe('Maison Lune <hello@murashki.shop>');
    expect(mail!.subject).toBe('Welcome to Maison Lune: 20% off your first order');
    const body = decoded(mail!);
    expect(body).toContain('M A I S O N   L U N E');
    expect(body).toContain('>MAISON LUNE</a>');
    expect(body).toContain('20% off your first order. One use, with this email address at checkout.');
    expect(body).toContain('Questions? Write to us at help@maisonlune.example');
    expect(body).toContain('href="mailto:help@maisonlune.example"');
    expect(body).toContain('Instagram: https://www.instagram.com/maisonlune');
    expect(body).toContain('href="https://www.pinterest.com/maisonlune"');
    expect(body).not.toContain('Facebook');
    expect(body).not.toMatch(/Murashki|MURASHKI|M U R A S H K I/);
  });

  it('with a 20 % discount the newsletter code takes 20 % off the first order', async () => {
    const email = emailFor('lune-buyer');
    await post('/newsletterSub', { email });
    const [code] = await codesOf('newsletter', email);
    expect(code).toMatchObject({ type: 'percentage', rateBasisPoints: 8000, firstOrderOnly: true });
    expect(code!.code).toMatch(/^HELLO20-/);
    const { summary } = await checkoutWith(email, code!.code);
    expect(summary).toMatchObject({ subtotal: 62, discount: 12.4 });
  });

  it("referral amounts of $25 and $10: the friend's gift card is $25, the referrer's reward $10, and their emails say so", async () => {
    const friend = emailFor('lune-friend');
    const sender = emailFor('lune-sender');
    expect((await post('/referral-promo', { email: friend, refEmail: sender })).json()).toEqual({ success: true });
    const [gift] = await codesOf('referral', friend);
    expect(gift).toMatchObject({ type: 'dollarAmount', discountCents: 2500, referrerEmail: sender });
    expect(gift!.code).toMatch(/^GIFT25-/);

    const order = await checkoutWith(friend, gift!.code);
    expect(order.summary).toMatchObject({ subtotal: 62, discount: 25 });
    await placePaidOrder(order.cookie, order.info, order.option);
    const [reward] = await codesOf('referral_reward', sender);
    expect(reward).toMatchObject({ type: 'dollarAmount', discountCents: 1000, issuedTo: sender });
    expect(reward!.code).toMatch(/^THANKS10-/);

    await deliver();
    const [giftMail] = mailsTo(friend).filter((m) => m.subject.startsWith('A friend'));
    expect(giftMail!.subject).toBe('A friend sent you $25 for your next set');
    expect(decoded(giftMail!)).toContain('$25 off your next order. One use');
    const [rewardMail] = mailsTo(sender);
    expect(rewardMail!.subject).toBe('Thank you: $10 for your next set');
    expect(decoded(rewardMail!)).toContain(`YOUR $10 CODE: ${reward!.code}`);
    expect(fromOf(rewardMail!)).toBe('Maison Lune <hello@murashki.shop>');
  });

  it("an order's confirmation names the shop and its support address", async () => {
    const email = emailFor('lune-order');
    await post('/newsletterSub', { email });
    const [code] = await codesOf('newsletter', email);
    const order = await checkoutWith(email, code!.code);
    await placePaidOrder(order.cookie, order.info, order.option);
    await deliver();
    const confirmation = mailsTo(email).find((m) => m.subject.startsWith('Your Maison Lune order #'));
    expect(
      confirmation,
      mailsTo(email)
        .map((m) => m.subject)
        .join(', '),
    ).toBeDefined();
    expect(decoded(confirmation!)).toContain('help@maisonlune.example');
  });
});

describe('the support address', () => {
  afterAll(resetSettings);

  it("an empty support email in the settings means the config's SUPPORT_EMAIL, on pages and in emails", async () => {
    await save({ shop: { ...LUNE, supportEmail: '' } });
    expect((await get('/shopInfo')).json()).toMatchObject({ name: 'Maison Lune', supportEmail: t.config.supportEmail });
    expect(await page('/')).toContain(`href="mailto:${t.config.supportEmail}"`);
    const email = emailFor('config-support');
    await post('/newsletterSub', { email });
    await deliver();
    expect(decoded(mailsTo(email)[0]!)).toContain(`Questions? Write to us at ${t.config.supportEmail}`);
  });
});
