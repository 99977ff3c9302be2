// The last units are sold once (ARCHITECTURE "Stock", "Payment"): many shoppers paying for the same
// size at the same moment get exactly as many orders as there is stock; every other authorisation
// is released, and nothing is captured without an order. Runs on PGlite and on PostgreSQL.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { orders, sandboxPayments, sizes } from '../../src/server/db/schema.js';
import { cookieFrom, createTestApp, onDemoCatalog, type TestApp } from '../support/test-app.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';
import { US_SHOPPER } from '../support/shoppers.js';

const SHOPPERS = 20;
const STOCK = 3;

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createTestApp));
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

const US = US_SHOPPER;

function firstSelection(): Selection {
  const item = all[0]!;
  const product = item.available_products[0]!;
  const color = product.colors[0]!;
  const sizeIndex = color.available_sizes.findIndex((s) => !s.sold_out);
  return {
    url: item.url,
    product_type: product.type,
    product_name: product.name,
    color: color.color_name,
    colorIndex: 0,
    size: color.available_sizes[sizeIndex]!.name,
    sizeIndex,
    isSoldOut: false,
  };
}

/** A shopper with the size in the bag and an authorised sandbox card intent for the server's total. */
async function authorisedShopper(sel: Selection, n: number) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  expect((await post('/addToCart', [sel], cookie)).statusCode).toBe(200);
  const info = { ...US, email: `shopper${n}@example.com` };
  const options = (await post('/order/getShippingOptions', { shippingInfo: info }, cookie)).json() as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: info.zip }, cookie)).json() as { taxRate: number };
  const secret = await post(
    '/api/getClientSecret',
    { taxRate, shippingFee: options[0]!.amt, shippingType: options[0]!.type },
    cookie,
  );
  expect(secret.statusCode, secret.body).toBe(200);
  const clientSecret = secret.json() as string;
  const confirmed = await post('/sandbox/card/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    exp: '12/40',
    cvc: '123',
    name: 'Ada',
  });
  expect(confirmed.json()).toHaveProperty('paymentIntent');
  return { cookie, info, shippingType: options[0]!.type, intentId: clientSecret.split('_secret_')[0]! };
}

describe('placeOrder under contention for the last units', () => {
  it(`${SHOPPERS} shoppers, stock ${STOCK}: ${STOCK} orders, the rest 409 sold out with their authorisations canceled`, async () => {
    const sel = firstSelection();
    const sizeId = (await sizeRowOf(t.db, sizeKeyOf(all, sel))).id;
    await t.db.update(sizes).set({ stock: STOCK, soldOut: false }).where(eq(sizes.id, sizeId));
    await t.app.ctx.services.readModel.invalidate();

    const shoppers = [];
    for (let n = 0; n < SHOPPERS; n++) shoppers.push(await authorisedShopper(sel, n));

    const answers = await Promise.all(
      shoppers.map((s) =>
        post(
          '/placeOrder',
          { shippingInfo: s.info, shippingType: s.shippingType, additionalInfo: { paymentIntentId: s.intentId } },
          s.cookie,
        ),
      ),
    );

    const placed = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(placed).toHaveLength(STOCK);
    expect(refused).toHaveLength(SHOPPERS - STOCK);
    for (const a of refused) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().message).toMatch(/just sold out$/);
    }

    const [size] = await t.db
      .select({ stock: sizes.stock, soldOut: sizes.soldOut })
      .from(sizes)
      .where(eq(sizes.id, sizeId));
    expect(size).toEqual({ stock: 0, soldOut: true });

    const intentIds = shoppers.map((s) => s.intentId);
    const made = await t.db
      .select({ id: orders.id, reference: orders.paymentReference })
      .from(orders)
      .where(inArray(orders.paymentReference, intentIds));
    expect(made).toHaveLength(STOCK);
    expect(new Set(made.map((o) => o.id))).toEqual(new Set(placed.map((a) => a.json().orderId as number)));

    const payments = await t.db
      .select({ id: sandboxPayments.id, status: sandboxPayments.status })
      .from(sandboxPayments)
      .where(inArray(sandboxPayments.id, intentIds));
    const withOrder = new Set(made.map((o) => o.reference));
    for (const p of payments) expect(p.status).toBe(withOrder.has(p.id) ? 'succeeded' : 'canceled');
    expect(payments.filter((p) => p.status === 'canceled')).toHaveLength(SHOPPERS - STOCK);
  });
});
