// The Settings tab's calls (issue 26 #3): GET /admin/api/settings and POST /admin/api/settings, owner only, the contract's
// messages per field with nothing saved on a refused payload, the Activity record with a save, and
// the shop using what was saved: checkout options and free shipping, an open checkout re-priced,
// tax overrides before the table, the ship-from address on a label and in the return instructions,
// and the option's carrier service preselected among label rates.
import { and, eq, sql } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../src/contract/settings.js';
import { taxRateForZip } from '../../src/domain/tax-table.js';
import { activity, admins, emailOutbox, orders, settings } from '../../src/server/db/schema.js';
import { TOTAL_CHANGED } from '../../src/server/modules/checkout/checkout-errors.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, onDemoCatalog, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];

beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createAdminTestApp));
});
afterAll(() => t.close());

const defaults = (): ShopSettings => structuredClone(DEFAULT_SETTINGS) as unknown as ShopSettings;

/** Saves `change(defaults)` through the owner's call. */
async function save(change: (s: ShopSettings) => void = () => {}) {
  const next = defaults();
  change(next);
  const res = await t.admin('POST', '/admin/api/settings', next);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShopSettings;
}

// Every test starts from the defaults, never saved.
beforeEach(async () => {
  await t.db
    .delete(settings)
    .where(sql`${settings.key} in ('shop','shipping','shipFrom','marketing','tax','insights')`);
  await t.app.ctx.services.readModel.invalidate();
});

const shopperPost = async (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

/** A shopper with these pieces in the bag; answers the cookie. */
async function shopperWith(urls: string[]): Promise<string> {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  const items = await storefrontItems(t.app);
  for (const url of urls) {
    const res = await shopperPost('/addToCart', [selectionOf(items, url)], cookie);
    expect(res.statusCode, res.body).toBe(200);
  }
  return cookie;
}

const optionsFor = async (cookie: string, shopper = US_SHOPPER) => {
  const res = await shopperPost('/order/getShippingOptions', { shippingInfo: shopper }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { type: string; description: string; amt: number }[];
};

const priceOf = (url: string) => all.find((i) => i.url === url)!.available_products[0]!.price;
/** Demo items whose first product's price adds up to between $100 and $150: free at $100, not at $150. */
function bagBetween(min: number, max: number): string[] {
  const sorted = [...all].sort((a, b) => priceOf(b.url) - priceOf(a.url));
  const bag: string[] = [];
  let total = 0;
  for (const item of sorted) {
    if (total >= min) break;
    try {
      selectionOf(all, item.url);
    } catch {
      continue;
    }
    if (total + priceOf(item.url) < max) {
      bag.push(item.url);
      total += priceOf(item.url);
    }
  }
  expect(total).toBeGreaterThanOrEqual(min);
  expect(total).toBeLessThan(max);
  return bag;
}

describe('who may read and save the settings', () => {
  it('answers 401 without a session', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/admin/api/settings' });
    const post = await t.app.inject({
      method: 'POST',
      url: '/admin/api/settings',
      payload: defaults(),
      headers: { origin: t.config.publicUrl },
    });
    expect([get.statusCode, post.statusCode]).toEqual([401, 401]);
  });

  it('answers 403 to a staff member, and saves nothing', async () => {
    const staff = { email: 'staff@murashki.test', password: 'staff horse battery' };
    await t.app.ctx.services.adminAuth.setPassword(staff.email, staff.password);
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, staff.email));
    const cookie = cookieFrom(
      await t.app.inject({ method: 'POST', url: '/authenticate', payload: staff }),
      'admin_sid',
    )!;
    const headers = { cookie, origin: t.config.publicUrl };
    const get = await t.app.inject({ method: 'GET', url: '/admin/api/settings', headers });
    const changed = defaults();
    changed.shipping.freeShippingUs = 1;
    const post = await t.app.inject({ method: 'POST', url: '/admin/api/settings', payload: changed, headers });
    expect([get.statusCode, post.statusCode]).toEqual([403, 403]);
    expect(post.json().message).toBe('Only the shop owner can do this');
    expect((await t.admin('GET', '/admin/api/settings')).json().shipping.freeShippingUs).toBe(100);
  });
});

describe('GET /admin/api/settings and POST /admin/api/settings', () => {
  it('answers the defaults before any save', async () => {
    const res = await t.admin('GET', '/admin/api/settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(defaults());
  });

  it('saves the reports section (issue 28), and a save written before it keeps saving with its defaults', async () => {
    const saved = await save((s) => {
      s.insights = {
        timeZone: 'America/New_York',
        lowStockThreshold: 5,
        abandonAfterMinutes: 90,
        checkoutReminders: false,
      };
    });
    expect(saved.insights).toEqual({
      timeZone: 'America/New_York',
      lowStockThreshold: 5,
      abandonAfterMinutes: 90,
      checkoutReminders: false,
    });
    const { insights: _left, ...older } = defaults();
    const res = await t.admin('POST', '/admin/api/settings', older);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().insights).toEqual(DEFAULT_SETTINGS.insights);
  });

  it('saves every section and records the change in the Activity, naming the sections', async () => {
    const before = await t.db.select().from(activity).where(eq(activity.kind, 'settings.changed'));
    const saved = await save((s) => {
      s.shipping.freeShippingUs = 150;
      s.tax.overrides = [{ place: 'ca', ratePercent: 9 }];
    });
    expect(saved.tax.overrides).toEqual([{ place: 'CA', ratePercent: 9 }]);
    expect((await t.admin('GET', '/admin/api/settings')).json()).toEqual(saved);
    const after = await t.db.select().from(activity).where(eq(activity.kind, 'settings.changed'));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      summary: 'Settings changed: shipping, tax',
      adminEmail: 'owner@murashki.test',
    });
  });

  const option = (o: Partial<ShopSettings['shipping']['options'][number]>) => ({
    type: 'standard',
    description: 'Standard',
    price: 8,
    region: 'us' as const,
    labelService: '',
    ...o,
  });
  it.each<[string, (s: ShopSettings) => void, (string | number)[], string]>([
    [
      'a negative price',
      (s) => void (s.shipping.options[0]!.price = -1),
      ['shipping', 'options', 0, 'price'],
      'The price cannot be negative',
    ],
    [
      'three decimals',
      (s) => void (s.shipping.options[1]!.price = 1.005),
      ['shipping', 'options', 1, 'price'],
      'The price has at most two decimals',
    ],
    [
      'an empty description',
      (s) => void (s.shipping.options[0]!.description = ' '),
      ['shipping', 'options', 0, 'description'],
      'The description is required',
    ],
    [
      'a key used twice',
      (s) => void (s.shipping.options[1]!.type = 'standard'),
      ['shipping', 'options', 1, 'type'],
      'The option key standard is used twice',
    ],
    [
      'no option for the US',
      (s) => void (s.shipping.options = [option({ type: 'world', region: 'international' })]),
      ['shipping', 'options'],
      'Add an option for US addresses (US or both)',
    ],
    [
      'no option abroad',
      (s) => void (s.shipping.options = [option({})]),
      ['shipping', 'options'],
      'Add an option for addresses outside the US (international or both)',
    ],
    [
      'an unknown carrier service',
      (s) => void (s.shipping.options[0]!.labelService = 'pigeon'),
      ['shipping', 'options', 0, 'labelService'],
      'Choose a carrier service from the list',
    ],
    [
      'a negative threshold',
      (s) => void (s.shipping.freeShippingUs = -5),
      ['shipping', 'freeShippingUs'],
      'The US free-shipping threshold cannot be negative',
    ],
    [
      'a ship-from without a street',
      (s) => void (s.shipFrom.street1 = ''),
      ['shipFrom', 'street1'],
      'The street is required',
    ],
    [
      'a country of three letters',
      (s) => void (s.shipFrom.country = 'USA'),
      ['shipFrom', 'country'],
      'The country is a two-letter code (US)',
    ],
    [
      'a tax place that is neither a state nor a ZIP prefix',
      (s) => void (s.tax.overrides = [{ place: '9411', ratePercent: 8 }]),
      ['tax', 'overrides', 0, 'place'],
      'Enter a state (CA) or a ZIP prefix of 3 or 5 digits',
    ],
    [
      'a tax place twice',
      (s) =>
        void (s.tax.overrides = [
          { place: 'NY', ratePercent: 8 },
          { place: 'ny', ratePercent: 9 },
        ]),
      ['tax', 'overrides', 1, 'place'],
      'NY has a rate already',
    ],
    [
      'a time zone nobody knows',
      (s) => void (s.insights.timeZone = 'Mars/Olympus'),
      ['insights', 'timeZone'],
      'Choose a time zone from the list (for example America/New_York)',
    ],
    [
      'a waiting time under 15 minutes',
      (s) => void (s.insights.abandonAfterMinutes = 5),
      ['insights', 'abandonAfterMinutes'],
      'The waiting time is at least 15 minutes',
    ],
    [
      'a rate above 20 %',
      (s) => void (s.tax.overrides = [{ place: 'NY', ratePercent: 25 }]),
      ['tax', 'overrides', 0, 'ratePercent'],
      'The rate is at most 20 %',
    ],
  ])('refuses %s with the message next to its field, and saves nothing', async (_what, change, path, message) => {
    const activities = (await t.db.select().from(activity)).length;
    const body = defaults();
    change(body);
    const res = await t.admin('POST', '/admin/api/settings', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect((await t.admin('GET', '/admin/api/settings')).json()).toEqual(defaults());
    expect(await t.db.select().from(settings).where(eq(settings.key, 'shipping'))).toHaveLength(0);
    expect((await t.db.select().from(activity)).length).toBe(activities);
  });
});

describe('the next checkout uses the saved settings', () => {
  it('a $7 standard rate and a $150 US threshold: options and free shipping follow', async () => {
    const bag = bagBetween(100, 150);
    const before = await optionsFor(await shopperWith(bag));
    expect(before[0]).toMatchObject({ type: 'standard', amt: 0 }); // free from $100 by default

    await save((s) => {
      s.shipping.options[0]!.price = 7;
      s.shipping.freeShippingUs = 150;
    });
    const cookie = await shopperWith(bag);
    const after = await optionsFor(cookie);
    expect(after.map((o) => [o.type, o.amt])).toEqual([
      ['standard', 7],
      ['express', 18],
      ['overnight', 35],
    ]);
    // The summary charges the $7 too once the standard option is chosen.
    const { taxRate } = (await shopperPost('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json();
    const secret = await shopperPost(
      '/api/getClientSecret',
      { taxRate, shippingFee: 7, shippingType: 'standard' },
      cookie,
    );
    expect(secret.statusCode, secret.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })).json()).toMatchObject(
      {
        shipping: 7,
      },
    );

    // From $150 the first option is free again.
    const big = await shopperWith([...bag, ...bagBetween(50, 1000)]);
    expect((await optionsFor(big))[0]).toMatchObject({ type: 'standard', amt: 0 });
  });

  it('options by region: a "both" option reaches US and international addresses, in the owner\'s order', async () => {
    await save((s) => {
      s.shipping.options = [
        { type: 'pickup', description: 'Studio pick-up', price: 0, region: 'both', labelService: '' },
        { type: 'ground', description: 'Ground', price: 6.5, region: 'us', labelService: 'usps_ground_advantage' },
        { type: 'world', description: 'World', price: 30, region: 'international', labelService: '' },
      ];
    });
    const cookie = await shopperWith(['satin-thong']);
    expect((await optionsFor(cookie)).map((o) => [o.type, o.amt])).toEqual([
      ['pickup', 0],
      ['ground', 6.5],
    ]);
    expect((await optionsFor(cookie, FR_SHOPPER)).map((o) => [o.type, o.amt])).toEqual([
      ['pickup', 0],
      ['world', 30],
    ]);
  });

  it("an open checkout after a fee change answers 'Your order total changed', then shows the new fee", async () => {
    const cookie = await shopperWith(['satin-thong']);
    const [shown] = await optionsFor(cookie);
    expect(shown).toMatchObject({ type: 'standard', amt: 8 });
    const { taxRate } = (await shopperPost('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json();

    await save((s) => void (s.shipping.options[0]!.price = 9.5));

    const stale = await shopperPost(
      '/api/getClientSecret',
      { taxRate, shippingFee: 8, shippingType: 'standard' },
      cookie,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(TOTAL_CHANGED);
    expect((await optionsFor(cookie))[0]).toMatchObject({ type: 'standard', amt: 9.5 });
  });

  it('a card held at the old fee is not charged at placeOrder after the fee changed: the total changed, no order', async () => {
    const cookie = await shopperWith(['satin-thong']);
    await optionsFor(cookie);
    const { taxRate } = (await shopperPost('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json();
    const secret = (
      await shopperPost('/api/getClientSecret', { taxRate, shippingFee: 8, shippingType: 'standard' }, cookie)
    ).json() as string;
    const confirm = await shopperPost(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada' },
      cookie,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const ordersBefore = (await t.db.select({ id: orders.id }).from(orders)).length;

    await save((s) => void (s.shipping.options[0]!.price = 9.5));

    const res = await shopperPost(
      '/placeOrder',
      {
        shippingInfo: US_SHOPPER,
        billingInfo: { cardholderName: 'Ada' },
        shippingType: 'standard',
        promo: null,
        additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toContain(TOTAL_CHANGED);
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
  });

  it('a changed tax rate re-prices an open checkout the same way', async () => {
    const cookie = await shopperWith(['satin-thong']);
    await optionsFor(cookie);
    const { taxRate } = (await shopperPost('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json();
    await save((s) => void (s.tax.overrides = [{ place: 'NY', ratePercent: 8.875 }]));
    const stale = await shopperPost(
      '/api/getClientSecret',
      { taxRate, shippingFee: 8, shippingType: 'standard' },
      cookie,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(TOTAL_CHANGED);
  });

  it('tax overrides beat the table: ZIP5, then ZIP3, then state', async () => {
    const rate = async (zipCode: string) =>
      (await t.app.inject({ method: 'POST', url: '/getTaxRate', payload: { zipCode } })).json().taxRate as number;
    expect(await rate('94110')).toBe(taxRateForZip('94110'));
    await save(
      (s) =>
        void (s.tax.overrides = [
          { place: 'CA', ratePercent: 9 },
          { place: '941', ratePercent: 9.5 },
          { place: '94110', ratePercent: 8.625 },
        ]),
    );
    expect(await rate('94110')).toBe(0.08625);
    expect(await rate('94105')).toBe(0.095);
    expect(await rate('90210')).toBe(0.09);
    expect(await rate('10001')).toBe(taxRateForZip('10001'));
  });
});

/** The label's text: its content streams inflated, each TJ array's hex pieces joined (kerning splits words). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, raw.indexOf('endstream', start)), 'latin1')).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...tj[1]!.matchAll(/<([0-9A-Fa-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
      );
  }
  return lines.join('\n');
}

describe('ship-from and the carrier service', () => {
  const studio = (s: ShopSettings) => {
    s.shipFrom = {
      ...s.shipFrom,
      name: 'Vera Settings',
      company: '',
      street1: '77 Settings Way',
      street2: '',
      city: 'Hudson',
      state: 'NY',
      zip: '12534',
    };
    s.shipping.options[0]!.labelService = 'ups_ground';
  };

  it("a label is bought from the saved ship-from address, and the option's carrier service is preselected", async () => {
    await save(studio);
    const id = await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')] });
    const [row] = await t.db.select({ shippingType: orders.shippingType }).from(orders).where(eq(orders.id, id));
    expect(row!.shippingType).toBe('standard');
    const rates = (await t.admin('POST', '/admin/api/getShippingOptions', { orderId: id })).json() as {
      object_id: string;
      servicelevel: { token: string };
      preferred?: boolean;
    }[];
    expect(rates.filter((r) => r.preferred).map((r) => r.servicelevel.token)).toEqual(['ups_ground']);
    const bought = await t.admin('POST', '/admin/api/markAsProcessed', {
      orderId: id,
      rateId: rates.find((r) => r.preferred)!.object_id,
    });
    expect(bought.json(), bought.body).toMatchObject({ status: 'SUCCESS' });
    const label = await t.admin('GET', `/admin/api/label/${id}.pdf`);
    const text = await pdfText(label.rawPayload);
    expect(text).toMatch(/77 SETTINGS WAY/i);
    expect(text).toMatch(/HUDSON, NY 12534/i);
    expect(text).not.toMatch(/148 GRAND STREET/i);
  });

  it('no carrier service is preferred while the option names none', async () => {
    const id = await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')] });
    const rates = (await t.admin('POST', '/admin/api/getShippingOptions', { orderId: id })).json() as {
      preferred?: boolean;
    }[];
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.some((r) => r.preferred)).toBe(false);
  });

  it('the return instructions send parcels to the saved ship-from address', async () => {
    await save(studio);
    const paris = await placeOrder(t.app, { pieces: [selectionOf(all, 'satin-thong')], shopper: FR_SHOPPER });
    const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: paris,
      trackingNumber: `TRK${paris}`,
      trackingUrlLink: `https://track.example/${paris}`,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: { creditSelected: false, orderId: paris, items: [{ index: 0 }], international: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'return_request'), eq(emailOutbox.to, FR_SHOPPER.email)));
    expect(mail!.text).toContain('77 Settings Way');
    expect(mail!.text).toContain('Hudson, NY 12534');
  });
});
