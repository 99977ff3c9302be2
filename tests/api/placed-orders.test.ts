// The owner's Orders tab (spec §2 "search by order id or shipping last name, first 10 matches";
// SPEC-NOTES: the newest orders without a search): found by the database, 10 at most, newest first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import { items } from '../../src/server/db/schema.js';
import { adminCookie } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin/api/getPlacedOrders${query}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlacedOrder[];
};
const onOffer = () =>
  all.filter((i) => i.available_products[0]!.colors.some((c) => c.available_sizes.some((s) => !s.sold_out)));

describe('placed orders', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/getPlacedOrders' })).statusCode).toBe(401);
  });

  it('answers the newest orders with lines, addresses and totals; searches by number or last name', async () => {
    const [a, b] = onOffer();
    const first = await placeOrder(t.app, { pieces: [selectionOf(all, a!.url)] });
    const second = await placeOrder(t.app, {
      pieces: [selectionOf(all, b!.url), selectionOf(all, b!.url)],
      shopper: { ...US_SHOPPER, lastName: 'Hopper', email: 'grace@example.com' },
    });

    const newest = await list();
    expect(newest.map((o) => o.id)).toEqual([second, first]);
    const [latest] = newest;
    expect(latest).toMatchObject({
      email: 'grace@example.com',
      processed: false,
      trackingNumber: null,
      promo: null,
      returnRequest: null,
      shippingInfo: { lastName: 'Hopper', zip: US_SHOPPER.zip, shippingType: 'standard' },
    });
    expect(latest!.cart).toEqual([expect.objectContaining({ title: b!.title, url: b!.url, quantity: 2 })]);
    const { subtotal, discount, shippingFee, tax, total } = latest!.locals;
    expect(Math.round((subtotal - discount + shippingFee + tax) * 100)).toBe(Math.round(total * 100));

    expect((await list(`?search=${first}`)).map((o) => o.id)).toEqual([first]);
    expect((await list('?search=HOPPER')).map((o) => o.id)).toEqual([second]);
    expect((await list('?search=lovelace')).map((o) => o.id)).toEqual([first]);
    expect(await list('?search=Nobody')).toEqual([]);
    expect(await list('?search=123')).toEqual([]);
  });

  it("finds an order by its number as the Orders tab shows it, with a leading '#'", async () => {
    const [piece] = onOffer();
    const id = await placeOrder(t.app, { pieces: [selectionOf(all, piece!.url)] });
    expect((await list(`?search=${encodeURIComponent(`#${id}`)}`)).map((o) => o.id)).toEqual([id]);
    expect((await list(`?search=${encodeURIComponent(`  #${id} `)}`)).map((o) => o.id)).toEqual([id]);
    expect(await list(`?search=${encodeURIComponent('#123')}`)).toEqual([]);
  });

  it('shows what was bought for a line whose item is gone (issue 24 item 7), marked as no longer in the shop', async () => {
    const [, , gone] = onOffer();
    const id = await placeOrder(t.app, { pieces: [selectionOf(all, gone!.url)] });
    await t.db.delete(items).where(eq(items.id, gone!._id));
    const [order] = await list(`?search=${id}`);
    expect(order!.cart[0]).toMatchObject({ title: gone!.title, url: gone!.url, item_removed: true });
    expect(order!.cart[0]!.picture).toBeTruthy();
    expect(JSON.stringify(order)).not.toContain('failed to load item');
  });

  it('names the shipping service the shopper chose, as checkout showed it (issue 24 item 21)', async () => {
    const [piece] = onOffer();
    const id = await placeOrder(t.app, { pieces: [selectionOf(all, piece!.url)] });
    const [order] = await list(`?search=${id}`);
    expect(order!.shippingInfo).toMatchObject({
      shippingType: 'standard',
      shippingService: 'Standard (3–5 business days)',
    });
  });

  it('answers 10 at most', async () => {
    const pieces = onOffer().slice(3, 12);
    for (const [i, piece] of pieces.entries()) {
      await placeOrder(t.app, {
        pieces: [selectionOf(all, piece.url)],
        shopper: { ...US_SHOPPER, email: `many${i}@example.com` },
      });
    }
    expect(await list()).toHaveLength(10);
    expect(await list('?search=Lovelace')).toHaveLength(10);
  }, 60_000);
});
