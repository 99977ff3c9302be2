// POST /requestCheckout (spec §7; payload and answer not shown): the shopping-bag view's CHECKOUT asks
// whether the bag may go to checkout. It may when it holds something, every piece is on offer and no
// line asks for more than the stock; the owner's Non-Empty Carts then shows when it went.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NonEmptyCart, Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { items, sizes } from '../../src/server/db/schema.js';
import { adminCookie } from '../support/admin-session.js';
import { selectionOf } from '../support/place-order.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const requestCheckout = (cookie?: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/requestCheckout',
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });
const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
async function add(cookie: string, selection: Selection, times = 1) {
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/addToCart', payload: [selection], headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const onOffer = () => all.filter((i) => i.available_products[0]!.colors[0]!.available_sizes.some((s) => !s.sold_out));
async function setSize(selection: Selection, values: { stock?: number | null; soldOut?: boolean }) {
  const row = await sizeRowOf(t.db, sizeKeyOf(all, selection));
  await t.db.update(sizes).set(values).where(eq(sizes.id, row.id));
  await t.app.ctx.services.readModel.invalidate();
}

describe('POST /requestCheckout', () => {
  it('lets a bag that holds pieces on offer go to checkout, and records when it went', async () => {
    const cookie = await newShopper();
    const selection = selectionOf(all, onOffer()[0]!.url);
    await add(cookie, selection, 2);
    const before = Date.now();
    // No payload, as the spec's client sends it; an empty object is the same.
    const res = await requestCheckout(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await requestCheckout(cookie, {})).statusCode).toBe(200);

    const carts = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/getNonEmptyCarts',
        headers: { cookie: await adminCookie(t) },
      })
    ).json() as NonEmptyCart[];
    const mine = carts.find((c) => c.cart.some((l) => l.url === selection.url && l.quantity === 2))!;
    expect(Date.parse(mine.checkoutRequestedAt!)).toBeGreaterThanOrEqual(before - 1000);
    // A bag that never went to checkout says so.
    const other = await newShopper();
    await add(other, selectionOf(all, onOffer()[1]!.url));
    const carts2 = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/getNonEmptyCarts',
        headers: { cookie: await adminCookie(t) },
      })
    ).json() as NonEmptyCart[];
    expect(carts2[0]!.checkoutRequestedAt).toBeNull();
  });

  it("refuses an empty bag with the bag view's words", async () => {
    for (const cookie of [undefined, await newShopper()]) {
      const res = await requestCheckout(cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Your Shopping Cart Is Empty');
    }
    const emptied = await newShopper();
    await add(emptied, selectionOf(all, onOffer()[0]!.url));
    await t.app.inject({
      method: 'POST',
      url: '/removeFromCart',
      payload: { index: 0, all: true },
      headers: { cookie: emptied },
    });
    expect((await requestCheckout(emptied)).statusCode).toBe(400);
  });

  it('refuses a bag with a piece sold out, or more pieces than the stock, naming the piece', async () => {
    const item = onOffer()[2]!;
    const selection = selectionOf(all, item.url);
    const cookie = await newShopper();
    await add(cookie, selection, 3);
    await setSize(selection, { stock: 2 });
    const over = await requestCheckout(cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Only 2 left of ${item.title} in size ${selection.size}, please review your bag`);
    await setSize(selection, { stock: null, soldOut: true });
    const soldOut = await requestCheckout(cookie);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(`${item.title} in size ${selection.size} is sold out`);
    await setSize(selection, { soldOut: false });
    expect((await requestCheckout(cookie)).statusCode).toBe(200);
  });

  it('refuses a bag holding a piece no longer on offer', async () => {
    const item = onOffer()[3]!;
    const cookie = await newShopper();
    await add(cookie, selectionOf(all, item.url));
    await t.db.update(items).set({ published: false }).where(eq(items.id, item._id));
    await t.app.ctx.services.readModel.invalidate();
    try {
      const res = await requestCheckout(cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A piece in your bag is no longer available, please review your bag');
    } finally {
      await t.db.update(items).set({ published: true }).where(eq(items.id, item._id));
      await t.app.ctx.services.readModel.invalidate();
    }
  });

  it('answers 400 with a message to a payload that is not an object', async () => {
    const cookie = await newShopper();
    await add(cookie, selectionOf(all, onOffer()[0]!.url));
    for (const payload of [[1], 'checkout', 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/requestCheckout',
        payload: JSON.stringify(payload),
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
