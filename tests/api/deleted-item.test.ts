// Issue 24 item 7: an item deleted from the catalog. Orders keep showing what was bought (the owner's
// order card, the return page's lookup); a shopper whose bag held it is told, once, that it is no
// longer available instead of finding it silently gone; deleting it twice (a double click) harms nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import type { OrderDetailsAnswer } from '../../src/contract/returns.js';
import { items, sizes } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
const shopperPost = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const bag = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).json() as CartLine[];
const notices = async (cookie: string) =>
  (await shopperPost('/takeBagNotices', {}, cookie)).json() as { removed: string[] };
const published = () => all.filter((i) => i.published !== false);

describe('an item deleted after it was bought', () => {
  it('the owner’s order and the return lookup still show the title, size, price and picture', async () => {
    const item = published()[5]!;
    const sel = selectionOf(all, item.url);
    const orderId = await placeOrder(t.app, { pieces: [sel] });
    expect((await t.admin('POST', '/admin/api/deleteItem', { _id: item._id })).statusCode).toBe(200);

    const [order] = (await t.admin('GET', `/admin/api/getPlacedOrders?search=${orderId}`)).json() as PlacedOrder[];
    expect(order!.cart[0]).toMatchObject({ title: item.title, size: sel.size, color: sel.color, item_removed: true });
    expect(order!.cart[0]!.price).toBe(item.available_products[0]!.price);
    expect(order!.cart[0]!.picture).toBeTruthy();

    const lookup = (
      await t.app.inject({ method: 'POST', url: '/orderDetailsById', payload: { orderId } })
    ).json() as OrderDetailsAnswer;
    expect(lookup.status).toBe('success');
    expect(lookup.orderData[0]).toMatchObject({ title: item.title, size: sel.size, item_removed: true });
  });

  it('a second delete of the same item (a double click) answers 404 and changes nothing else', async () => {
    const item = published()[6]!;
    expect((await t.admin('POST', '/admin/api/deleteItem', { _id: item._id })).statusCode).toBe(200);
    const again = await t.admin('POST', '/admin/api/deleteItem', { _id: item._id });
    expect(again.statusCode).toBe(404);
    expect(await t.db.select().from(items).where(eq(items.id, item._id))).toEqual([]);
  });
});

describe('a bag that held a piece that left the shop', () => {
  it('tells the shopper once which piece was taken out when the item is deleted', async () => {
    const [gone, kept] = [published()[7]!, published()[8]!];
    const cookie = await newShopper();
    const goneSel = selectionOf(all, gone.url);
    for (const sel of [goneSel, selectionOf(all, kept.url)])
      expect((await shopperPost('/addToCart', [sel], cookie)).statusCode).toBe(200);
    expect(await notices(cookie)).toEqual({ removed: [] });

    expect((await t.admin('POST', '/admin/api/deleteItem', { _id: gone._id })).statusCode).toBe(200);
    expect((await bag(cookie)).map((l) => l.url)).toEqual([kept.url]);
    expect(await notices(cookie)).toEqual({ removed: [`${gone.title} (${goneSel.color}, size ${goneSel.size})`] });
    expect(await notices(cookie)).toEqual({ removed: [] });
  });

  it('tells the shopper when the size in the bag is withdrawn from the catalog', async () => {
    const item = published()[9]!;
    const sel = selectionOf(all, item.url);
    const cookie = await newShopper();
    expect((await shopperPost('/addToCart', [sel], cookie)).statusCode).toBe(200);
    // The size leaves the catalog (as when the owner removes it from the item's availability).
    const row = await sizeRowOf(t.db, sizeKeyOf(all, sel));
    await t.db.delete(sizes).where(eq(sizes.id, row.id));
    await t.app.ctx.services.readModel.invalidate();
    expect(await bag(cookie)).toEqual([]);
    expect((await notices(cookie)).removed).toEqual([`${item.title} (${sel.color}, size ${sel.size})`]);
  });

  it('answers no notices to a shopper without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/takeBagNotices', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: [] });
  });
});
