// TAX_PROVIDER=stripe (issue 29 #6, decision 048): the checkout's tax rate comes from Stripe Tax (the
// local fake of Stripe's API), the page's rate is the one charged, the owner's overrides come first,
// and a Stripe failure leaves the checkout on the shipped table.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../src/contract/settings.js';
import { loadConfig } from '../../src/server/config.js';
import { orders } from '../../src/server/db/schema.js';
import { startStripeFake } from '../support/fakes/stripe-fake.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

const CHICAGO = { ...US_SHOPPER, city: 'Chicago', state: 'IL', zip: '60601' };

let fake: Awaited<ReturnType<typeof startStripeFake>>;
let t: AdminTestApp;
let all: Item[];
beforeAll(async () => {
  fake = await startStripeFake('sk_test_shop');
  t = await createAdminTestApp({
    fixture: 'demo',
    env: {
      TAX_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_API_URL: `http://${fake.api.host}:${fake.api.port}`,
    },
  });
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function call(url: string, payload: unknown, cookie: string) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
}
async function ok(url: string, payload: unknown, cookie: string) {
  const res = await call(url, payload, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}

/** A shopper with a bra in the bag and the shipping step done for `shopper`. */
async function atBilling(shopper: typeof US_SHOPPER) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  await ok('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
  const [option] = (await ok('/order/getShippingOptions', { shippingInfo: shopper }, cookie)) as {
    type: string;
    amt: number;
  }[];
  return { cookie, option: option! };
}

describe('TAX_PROVIDER=stripe', () => {
  it("answers Stripe's rate to the page: Chicago's local taxes, New Jersey's clothing exemption", async () => {
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    expect(await ok('/getTaxRate', { zipCode: '60601' }, cookie)).toEqual({ taxRate: 0.1025 });
    expect(await ok('/getTaxRate', { zipCode: '07001' }, cookie)).toEqual({ taxRate: 0 });
    expect(fake.taxCalculations.at(-1)).toMatchObject({ 'line_items[0][tax_code]': 'txcd_30011000' });
  });

  it('charges the rate the page showed: the summary, the card intent and the order carry it', async () => {
    const { cookie, option } = await atBilling(CHICAGO);
    const { taxRate } = (await ok('/getTaxRate', { zipCode: CHICAGO.zip }, cookie)) as { taxRate: number };
    expect(taxRate).toBe(0.1025);

    // The table's rate for Illinois (what the page would show without Stripe) is refused: the total changed.
    const stale = await call(
      '/api/getClientSecret',
      { taxRate: 0.0625, shippingFee: option.amt, shippingType: option.type },
      cookie,
    );
    expect(stale.statusCode).toBe(409);

    const secret = (await ok(
      '/api/getClientSecret',
      { taxRate, shippingFee: option.amt, shippingType: option.type },
      cookie,
    )) as string;
    const intentId = secret.split('_secret_')[0]!;
    // The sidebar once the option is chosen: its tax is Stripe's rate on the subtotal, its total the card's amount.
    const summary = (await (
      await t.app.inject({ method: 'GET', url: '/checkout/summary', headers: { cookie } })
    ).json()) as { subtotal: number; discount: number; tax: number; total: number };
    expect(summary.tax).toBe(Math.round((summary.subtotal - summary.discount) * taxRate * 100) / 100);
    expect(fake.intent(intentId)!.amount).toBe(Math.round(summary.total * 100));
    fake.confirmWithCard(intentId, '4242424242424242');
    const placed = (await ok(
      '/placeOrder',
      {
        shippingInfo: CHICAGO,
        billingInfo: { cardholderName: 'Ada Lovelace' },
        shippingType: option.type,
        promo: null,
        additionalInfo: { paymentIntentId: intentId },
      },
      cookie,
    )) as { orderId: number };
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.taxCents).toBe(Math.round(summary.tax * 100));
    expect(fake.intent(intentId)!.status).toBe('succeeded');
  });

  it("puts the owner's override (Settings → Tax) before Stripe", async () => {
    const next = structuredClone(DEFAULT_SETTINGS) as unknown as ShopSettings;
    next.tax.overrides = [{ place: '606', ratePercent: 11 }];
    const saved = await t.admin('POST', '/admin/api/settings', next);
    expect(saved.statusCode, saved.body).toBe(200);
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    const asked = fake.taxCalculations.length;
    expect(await ok('/getTaxRate', { zipCode: '60601' }, cookie)).toEqual({ taxRate: 0.11 });
    expect(await ok('/getTaxRate', { zipCode: '94105' }, cookie)).toEqual({ taxRate: 0.08625 });
    expect(fake.taxCalculations.length - asked).toBe(1); // San Francisco only
  });

  it('keeps the checkout on the shipped table while Stripe is down', async () => {
    fake.setTaxOutage(true);
    try {
      const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
      expect(await ok('/getTaxRate', { zipCode: '98101' }, cookie)).toEqual({ taxRate: 0.065 }); // Washington's table rate
    } finally {
      fake.setTaxOutage(false);
    }
  });
});

describe('TAX_PROVIDER in the configuration', () => {
  it('defaults to the table, and refuses stripe without Stripe keys, naming the variable', () => {
    expect(loadConfig({ DATA_DIR: '.tmp/config-test' }).taxProvider).toBe('table');
    expect(() => loadConfig({ DATA_DIR: '.tmp/config-test', TAX_PROVIDER: 'stripe' })).toThrow(
      /TAX_PROVIDER: stripe needs STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: '.tmp/config-test', TAX_PROVIDER: 'avalara' })).toThrow(/TAX_PROVIDER/);
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(
      loadConfig({ DATA_DIR: '.tmp/config-test', ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api,
    ).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });
});
