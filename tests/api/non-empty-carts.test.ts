// The owner's Non-Empty Carts tab (spec §2 table Cart / Order / Items in Cart Count / Created, newest
// first): bags that hold something, with the order each became.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NonEmptyCart } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { adminCookie } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
  all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json();
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin/api/getNonEmptyCarts${query}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NonEmptyCart[];
};
const add = async (selection: unknown, cookie?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/addToCart',
    payload: [selection] as object,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : cookie!;
};

describe('non-empty carts', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/getNonEmptyCarts' })).statusCode).toBe(401);
  });

  it('lists bags holding something, newest first, with lines, piece count and the order they became', async () => {
    const [a, b, c] = all.filter((i) => i.available_products[0]!.colors[0]!.available_sizes.some((s) => !s.sold_out));
    const first = await add(selectionOf(all, a!.url));
    await add(selectionOf(all, a!.url), first);
    await add(selectionOf(all, b!.url), first);

    const emptied = await add(selectionOf(all, b!.url));
    await t.app.inject({
      method: 'POST',
      url: '/removeFromCart',
      payload: { index: 0, all: true },
      headers: { cookie: emptied },
    });

    const orderId = await placeOrder(t.app, { pieces: [selectionOf(all, c!.url)] });

    const carts = await list();
    expect(carts).toHaveLength(2);
    const [ordered, open] = carts;
    expect(ordered!.order).toMatchObject({ orderId, processed: false });
    expect(ordered!.order!.total).toBeGreaterThan(0);
    expect(ordered!.itemCount).toBe(1);
    expect(open!.order).toBeNull();
    expect(open!.itemCount).toBe(3);
    expect(open!.cart).toEqual([
      expect.objectContaining({ title: a!.title, url: a!.url, quantity: 2 }),
      expect.objectContaining({ title: b!.title, url: b!.url, quantity: 1 }),
    ]);
    expect(Date.parse(ordered!.createdAt)).toBeGreaterThanOrEqual(Date.parse(open!.createdAt));
    expect(await list(`?before=${encodeURIComponent(ordered!.createdAt)}`)).toEqual([open]);
  });

  it('answers 400 to a malformed page cursor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/getNonEmptyCarts?before=yesterday',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
  });
});
