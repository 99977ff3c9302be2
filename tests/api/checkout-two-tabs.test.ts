// Two tabs, one bag (issue 24 item 1): the browser sends the version of the bag it showed with
// /api/getClientSecret and /placeOrder; a bag changed in another window is refused with 409
// bag_changed before any payment is taken, the first attempt's authorisation is released, and the
// next attempt pays the total of the bag now on screen.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { bagVersion } from '../../src/domain/bag-version.js';
import { orders, sandboxPayments } from '../../src/server/db/schema.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
/** The version of the bag as a page showing GET /getCart would compute it. */
const shownVersion = async (cookie: string) =>
  bagVersion((await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).json() as CartLine[]);
const paymentRow = async (id: string) =>
  (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;
const intentOf = (secret: string) => secret.split('_secret_')[0]!;

async function toBilling(cookie: string, pieces: Selection[]) {
  for (const piece of pieces) expect((await post('/addToCart', [piece], cookie)).statusCode).toBe(200);
  // The options again, as the page fetches them (a bigger bag may ship free).
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie)).json() as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json() as { taxRate: number };
  return { option: option!, taxRate };
}
const secretFor = (
  cookie: string,
  billing: { option: { type: string; amt: number }; taxRate: number },
  version?: string,
) =>
  post(
    '/api/getClientSecret',
    {
      taxRate: billing.taxRate,
      shippingFee: billing.option.amt,
      shippingType: billing.option.type,
      ...(version ? { bagVersion: version } : {}),
    },
    cookie,
  );
const confirm = (cookie: string, clientSecret: string) =>
  post(
    '/sandbox/card/confirm',
    { clientSecret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada Lovelace' },
    cookie,
  );
const place = (cookie: string, billing: { option: { type: string } }, paymentIntentId: string, version?: string) =>
  post(
    '/placeOrder',
    {
      shippingInfo: US_SHOPPER,
      billingInfo: { cardholderName: 'Ada Lovelace' },
      shippingType: billing.option.type,
      promo: null,
      additionalInfo: { paymentIntentId },
      ...(version ? { bagVersion: version } : {}),
    },
    cookie,
  );

describe('a bag changed in another window', () => {
  it('getClientSecret refuses a stale bag version with 409 bag_changed; the current version and no version are accepted', async () => {
    const cookie = await newShopper();
    const billing = await toBilling(cookie, [selectionOf(all, 'silk-balconette-bra')]);
    const shown = await shownVersion(cookie);
    const ok = await secretFor(cookie, billing, shown);
    expect(ok.statusCode, ok.body).toBe(200);

    expect((await post('/addToCart', [selectionOf(all, 'lace-plunge-bralette')], cookie)).statusCode).toBe(200);
    const stale = await secretFor(cookie, billing, shown);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'bag_changed',
      message: expect.stringMatching(/Your bag changed in another window/),
    });
    const now = await toBilling(cookie, []);
    expect((await secretFor(cookie, now, await shownVersion(cookie))).statusCode).toBe(200);
    // Spec §7's payload, without the optional version, keeps working.
    expect((await secretFor(cookie, now)).statusCode).toBe(200);
  });

  it('placeOrder with the version of the one-piece bag is refused, its authorisation released; the next attempt pays for both pieces', async () => {
    const cookie = await newShopper();
    const billing = await toBilling(cookie, [selectionOf(all, 'silk-balconette-bra')]);
    const shownA = await shownVersion(cookie);
    const first = (await secretFor(cookie, billing, shownA)).json() as string;
    expect((await confirm(cookie, first)).statusCode).toBe(200);
    const authorisedFor = (await paymentRow(intentOf(first))).amountCents;

    // Tab B adds a second piece; tab A, still showing one piece, presses PLACE ORDER.
    expect((await post('/addToCart', [selectionOf(all, 'lace-plunge-bralette')], cookie)).statusCode).toBe(200);
    const refused = await place(cookie, billing, intentOf(first), shownA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'bag_changed' });
    expect(await paymentRow(intentOf(first))).toMatchObject({ status: 'canceled', amountCapturedCents: 0 });

    // Tab A reloads the bag (two pieces) and tries again with what it now shows.
    const shownB = await shownVersion(cookie);
    expect(shownB).not.toBe(shownA);
    const repriced = await toBilling(cookie, []);
    const second = (await secretFor(cookie, repriced, shownB)).json() as string;
    expect(intentOf(second)).not.toBe(intentOf(first));
    expect((await confirm(cookie, second)).statusCode).toBe(200);
    const placed = await place(cookie, repriced, intentOf(second), shownB);
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, (placed.json() as { orderId: number }).orderId));
    expect(order!.lines).toHaveLength(2);
    expect(order!.totalCents).toBeGreaterThan(authorisedFor);
    expect(await paymentRow(intentOf(second))).toMatchObject({
      status: 'succeeded',
      amountCapturedCents: order!.totalCents,
    });

    // /cart/success recaps it for this session (issue 24 item 15); another session has nothing to show.
    const placedNow = await t.app.inject({ method: 'GET', url: '/checkout/placed', headers: { cookie } });
    expect(placedNow.json()).toMatchObject({
      orderId: order!.id,
      pieces: [expect.objectContaining({ quantity: 1 }), expect.objectContaining({ quantity: 1 })],
      shipTo: { address: US_SHOPPER.address, city: US_SHOPPER.city, zip: US_SHOPPER.zip },
      total: order!.totalCents / 100,
    });
  });

  it('GET /checkout/placed answers null for a session that placed no order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout/placed', headers: { cookie: await newShopper() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/checkout/placed' })).json()).toBeNull();
  });
});
