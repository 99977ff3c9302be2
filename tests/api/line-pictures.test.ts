// Issue 24 item 2: every line shows the picture of the colour bought (the colour's `color_picture`
// when the owner set one): the bag, the order the owner sees, and the confirmation email.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import { previewOf } from '../../src/domain/pictures.js';
import { emailOutbox } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder } from '../support/place-order.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

/** The Silk Balconette Bra (type 'bra') in this colour, first size on offer, and that colour's own picture. */
function braIn(colorName: string): { selection: Selection; colorPicture: string; mainPicture: string } {
  const item = all.find((i) => i.url === 'silk-balconette-bra')!;
  const product = item.available_products.find((p) => p.type === 'bra')!;
  const colorIndex = product.colors.findIndex((c) => c.color_name === colorName);
  const color = product.colors[colorIndex]!;
  const sizeIndex = color.available_sizes.findIndex((s) => !s.sold_out);
  const size = color.available_sizes[sizeIndex]!;
  return {
    selection: {
      url: item.url,
      product_type: product.type,
      product_name: product.name,
      color: color.color_name,
      colorIndex,
      size: size.name,
      sizeIndex,
      isSoldOut: false,
    },
    colorPicture: color.color_picture!,
    mainPicture: item.pictures[0]!,
  };
}

describe('the picture of the colour bought', () => {
  it('the demo bra has its own picture for Black and Dusty Rose, other than the main (champagne) one', () => {
    for (const name of ['Black', 'Dusty Rose']) {
      const { colorPicture, mainPicture } = braIn(name);
      expect(colorPicture).toBeTruthy();
      expect(colorPicture).not.toBe(mainPicture);
    }
  });

  it('a bag line leads with the colour bought, and keeps the item’s other pictures after it', async () => {
    const black = braIn('Black');
    const champagne = braIn('Champagne');
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    for (const sel of [black.selection, champagne.selection]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/addToCart', payload: [sel], headers: { cookie } })).statusCode,
      ).toBe(200);
    }
    const lines = (await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).json() as CartLine[];
    const blackLine = lines.find((l) => l.color === 'Black')!;
    const champagneLine = lines.find((l) => l.color === 'Champagne')!;
    expect(blackLine.pictures[0]).toBe(black.colorPicture);
    expect(champagneLine.pictures[0]).toBe(champagne.colorPicture);
    const item = all.find((i) => i.url === 'silk-balconette-bra')!;
    expect([...blackLine.pictures].sort()).toEqual([...item.pictures].sort());
    expect(blackLine.price).toBe(item.available_products.find((p) => p.type === 'bra')!.price);
  });

  it('the order keeps the colour’s picture: the owner’s order card and the confirmation email show it', async () => {
    const black = braIn('Dusty Rose');
    const orderId = await placeOrder(t.app, { pieces: [black.selection] });
    const orders = (await t.admin('GET', `/admin/api/getPlacedOrders?search=${orderId}`)).json() as PlacedOrder[];
    expect(orders[0]!.cart[0]!.picture).toBe(black.colorPicture);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_confirmation'));
    const mail = mails.find((m) => m.subject.includes(String(orderId)))!;
    expect(mail.html).toContain(previewOf(black.colorPicture).replace(/^\/+/, ''));
    expect(mail.html).not.toContain(previewOf(black.mainPicture).replace(/^\/+/, ''));
  });
});
