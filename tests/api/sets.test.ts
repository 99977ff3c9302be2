// Sets sold with a size per piece (issue 27 item 4): the catalog shows each piece's sizes, the bag asks
// a size for every piece and keeps one line per choice, placing the order takes every piece's stock
// or none (under concurrent buyers too), and the order, its email, the lookup and the return show the
// pieces. Runs on PGlite and on PostgreSQL.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Selection } from '../../src/contract/cart.js';
import type { Item, Product } from '../../src/contract/catalog.js';
import { colors, emailOutbox, orders, productTypes, sizes } from '../../src/server/db/schema.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import type { startSmtpSink } from '../support/smtp-sink.js';
import { cookieFrom, storefrontItems, type TestApp } from '../support/test-app.js';

const SET_URL = 'tulle-longline-bra';
const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery staple' };

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];
let admin: string;

beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail());
  all = await storefrontItems(t.app);
  await t.app.ctx.services.adminAuth.setPassword(ADMIN.email, ADMIN.password);
  admin = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: ADMIN }), 'admin_sid')!;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let clients = 0;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.9.${Math.floor(++clients / 250)}.${clients % 250}`,
  });
const adminPost = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { cookie: admin, origin: t.config.publicUrl },
  });
const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;

const setSelection = (pieceSizes: { piece: string; size: string }[], color = 'Sage'): Selection => ({
  url: SET_URL,
  product_type: 'set',
  product_name: 'Bra + Brief Set',
  color,
  size: '',
  piece_sizes: pieceSizes,
});

/** Sets the stock of the demo set's piece sizes (and clears their sold-out flags). */
async function setStock(color: string, stock: Record<string, number | null>) {
  const [type] = await t.db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(and(eq(productTypes.itemId, all.find((i) => i.url === SET_URL)!._id), eq(productTypes.type, 'set')));
  const [c] = await t.db
    .select({ id: colors.id })
    .from(colors)
    .where(and(eq(colors.productTypeId, type!.id), eq(colors.colorName, color)));
  for (const [key, value] of Object.entries(stock)) {
    const [piece, name] = key.split(' ');
    await t.db
      .update(sizes)
      .set({ stock: value, soldOut: value === 0 })
      .where(and(eq(sizes.colorId, c!.id), eq(sizes.piece, piece!), eq(sizes.name, name!)));
  }
  await t.app.ctx.services.readModel.invalidate();
}

async function stockOf(color: string, key: string) {
  const [piece, name] = key.split(' ');
  const rows = await t.db
    .select({ stock: sizes.stock, soldOut: sizes.soldOut })
    .from(sizes)
    .innerJoin(colors, eq(colors.id, sizes.colorId))
    .innerJoin(productTypes, eq(productTypes.id, colors.productTypeId))
    .where(
      and(
        eq(productTypes.itemId, all.find((i) => i.url === SET_URL)!._id),
        eq(productTypes.type, 'set'),
        eq(colors.colorName, color),
        eq(sizes.piece, piece!),
        eq(sizes.name, name!),
      ),
    );
  return rows[0];
}

describe('the catalog shows a set piece by piece', () => {
  it('a set has its pieces in order and each colour the sizes of each piece; single items are unchanged', async () => {
    const product = (await t.app.inject({ method: 'GET', url: `/product?url=${SET_URL}` })).json() as Product;
    const set = product.available_products.find((p) => p.type === 'set')!;
    expect(set.pieces).toEqual(['Bra', 'Brief']);
    for (const color of set.colors) {
      expect(color.pieces!.map((p) => p.name)).toEqual(['Bra', 'Brief']);
      for (const piece of color.pieces!)
        expect(piece.available_sizes.map((s) => s.name)).toEqual(['XS', 'S', 'M', 'L']);
      expect(color.available_sizes.map((s) => s.name)).toEqual(['XS', 'S', 'M', 'L']);
    }
    const bra = product.available_products.find((p) => p.type === 'bra')!;
    expect(bra).not.toHaveProperty('pieces');
    expect(bra.colors[0]).not.toHaveProperty('pieces');
  });
});

describe('the bag asks a size for each piece', () => {
  it("refuses a set without a piece's size, naming the piece", async () => {
    await setStock('Sage', { 'Bra S': 5, 'Bra M': 5, 'Brief M': 5, 'Brief L': 5 });
    const cookie = await newShopper();
    const noBrief = await post('/addToCart', [setSelection([{ piece: 'Bra', size: 'S' }])], cookie);
    expect(noBrief.statusCode).toBe(400);
    expect(noBrief.json().message).toBe('Please fill out the size for the Brief');
    const none = await post('/addToCart', [{ ...setSelection([]), piece_sizes: undefined }], cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^Please fill out the size/);
    const emptyBra = await post(
      '/addToCart',
      [
        setSelection([
          { piece: 'Bra', size: '' },
          { piece: 'Brief', size: 'M' },
        ]),
      ],
      cookie,
    );
    expect(emptyBra.json().message).toBe('Please fill out the size for the Bra');
    const unknownPiece = await post(
      '/addToCart',
      [
        setSelection([
          { piece: 'Bra', size: 'S' },
          { piece: 'Brief', size: 'M' },
          { piece: 'Robe', size: 'M' },
        ]),
      ],
      cookie,
    );
    expect(unknownPiece.statusCode).toBe(400);
    expect(unknownPiece.json().message).toMatch(/no piece 'Robe'/);
    const unknownSize = await post(
      '/addToCart',
      [
        setSelection([
          { piece: 'Bra', size: 'XXL' },
          { piece: 'Brief', size: 'M' },
        ]),
      ],
      cookie,
    );
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.json().message).toMatch(/The Bra .* has no size 'XXL'/);
    // A single item still says the spec's words.
    const { size: _s, ...noSize } = selectionOf(all, 'silk-balconette-bra');
    expect((await post('/addToCart', [noSize], cookie)).json().message).toBe('Please fill out the size');
  });

  it('refuses a sold-out piece size, naming the piece', async () => {
    await setStock('Sage', { 'Brief XS': 0 });
    const res = await post(
      '/addToCart',
      [
        setSelection([
          { piece: 'Bra', size: 'S' },
          { piece: 'Brief', size: 'XS' },
        ]),
      ],
      await newShopper(),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Brief in size XS is sold out');
  });

  it('one line per choice of sizes, identical choices merged; each line names its pieces and sizes', async () => {
    await setStock('Sage', { 'Bra S': 5, 'Brief M': 5, 'Brief L': 5 });
    const cookie = await newShopper();
    const sm = setSelection([
      { piece: 'Brief', size: 'M' },
      { piece: 'Bra', size: 'S' },
    ]);
    const sl = setSelection([
      { piece: 'Bra', size: 'S' },
      { piece: 'Brief', size: 'L' },
    ]);
    for (const sel of [sm, sm, sl]) expect((await post('/addToCart', [sel], cookie)).statusCode).toBe(200);
    const lines = (await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).json() as CartLine[];
    expect(lines.map((l) => [l.size, l.quantity, l.price])).toEqual([
      ['Bra S · Brief M', 2, 164],
      ['Bra S · Brief L', 1, 164],
    ]);
    expect(lines[0]!.piece_sizes).toEqual([
      { piece: 'Bra', size: 'S' },
      { piece: 'Brief', size: 'M' },
    ]);
  });

  it("counts a piece's stock over the whole bag: two sets sharing the bra size share its stock", async () => {
    await setStock('Sage', { 'Bra M': 1, 'Brief M': 5, 'Brief L': 5 });
    const cookie = await newShopper();
    expect(
      (
        await post(
          '/addToCart',
          [
            setSelection([
              { piece: 'Bra', size: 'M' },
              { piece: 'Brief', size: 'M' },
            ]),
          ],
          cookie,
        )
      ).statusCode,
    ).toBe(200);
    const second = await post(
      '/addToCart',
      [
        setSelection([
          { piece: 'Bra', size: 'M' },
          { piece: 'Brief', size: 'L' },
        ]),
      ],
      cookie,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Only 1 left in the Bra in size M');
  });
});

/** A shopper with `sel` in the bag and an authorised sandbox card for the server's total. */
async function authorisedShopper(sel: Selection, n: number) {
  const cookie = await newShopper();
  const added = await post('/addToCart', [sel], cookie);
  expect(added.statusCode, added.body).toBe(200);
  const info = { ...US_SHOPPER, email: `set-buyer${n}@example.com` };
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
  await post('/sandbox/card/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    exp: '12/40',
    cvc: '123',
    name: 'Ada',
  });
  return { cookie, info, shippingType: options[0]!.type, intentId: clientSecret.split('_secret_')[0]! };
}

describe('placing the order takes every piece or none', () => {
  it('concurrent buyers of the last set: one order; the others take nothing, not even the piece still in stock', async () => {
    // Both pieces limited: 2 bras, 1 brief. Only one set can be sold, and the second bra stays.
    await setStock('Black', { 'Bra L': 2, 'Brief L': 1 });
    const sel = setSelection(
      [
        { piece: 'Bra', size: 'L' },
        { piece: 'Brief', size: 'L' },
      ],
      'Black',
    );
    const shoppers = [];
    for (let n = 0; n < 6; n++) shoppers.push(await authorisedShopper(sel, n));
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
    expect(placed).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().message).toBe('Tulle Longline Bra in size Bra L · Brief L just sold out');
    }
    expect(await stockOf('Black', 'Bra L')).toEqual({ stock: 1, soldOut: false });
    expect(await stockOf('Black', 'Brief L')).toEqual({ stock: 0, soldOut: true });
    const made = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.paymentReference,
          shoppers.map((s) => s.intentId),
        ),
      );
    expect(made).toHaveLength(1);
  });

  it('a bag whose other line sold out takes none of the set', async () => {
    await setStock('Black', { 'Bra S': 3, 'Brief S': 3 });
    const cookie = await newShopper();
    const set = setSelection(
      [
        { piece: 'Bra', size: 'S' },
        { piece: 'Brief', size: 'S' },
      ],
      'Black',
    );
    const single = selectionOf(all, 'silk-balconette-bra');
    for (const sel of [set, single]) expect((await post('/addToCart', [sel], cookie)).statusCode).toBe(200);
    // The single piece sells out after it went into the bag: the order is refused and the set's stock stays.
    const failing = await authorisedShopperWithBag(cookie);
    await t.db.execute(
      (await import('drizzle-orm')).sql`update sizes set stock = 0, sold_out = true where id in (
        select s.id from sizes s join colors c on c.id = s.color_id join product_types p on p.id = c.product_type_id
         where p.item_id = ${single.url === 'silk-balconette-bra' ? all.find((i) => i.url === single.url)!._id : ''}
           and p.type = ${single.product_type} and c.color_name = ${single.color} and s.name = ${single.size})`,
    );
    const res = await post('/placeOrder', failing, cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(await stockOf('Black', 'Bra S')).toEqual({ stock: 3, soldOut: false });
    expect(await stockOf('Black', 'Brief S')).toEqual({ stock: 3, soldOut: false });
  });
});

async function authorisedShopperWithBag(cookie: string) {
  const info = { ...US_SHOPPER, email: 'set-bag@example.com' };
  const options = (await post('/order/getShippingOptions', { shippingInfo: info }, cookie)).json() as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: info.zip }, cookie)).json() as { taxRate: number };
  const secret = (
    await post(
      '/api/getClientSecret',
      { taxRate, shippingFee: options[0]!.amt, shippingType: options[0]!.type },
      cookie,
    )
  ).json() as string;
  await post('/sandbox/card/confirm', {
    clientSecret: secret,
    cardNumber: '4242424242424242',
    exp: '12/40',
    cvc: '123',
    name: 'Ada',
  });
  return {
    shippingInfo: info,
    shippingType: options[0]!.type,
    additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
  };
}

describe("the order, its email, the lookup and the return show each piece's size", () => {
  it('keeps the pieces on the order line and names them in the confirmation, the lookup and the return', async () => {
    await setStock('Sage', { 'Bra M': 4, 'Brief S': 4 });
    const orderId = await placeOrder(t.app, {
      pieces: [
        setSelection([
          { piece: 'Bra', size: 'M' },
          { piece: 'Brief', size: 'S' },
        ]),
      ],
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.lines[0]).toMatchObject({
      productType: 'set',
      size: 'Bra M · Brief S',
      pieces: [
        { piece: 'Bra', size: 'M' },
        { piece: 'Brief', size: 'S' },
      ],
      unitPriceCents: 16400,
    });
    expect(await stockOf('Sage', 'Bra M')).toEqual({ stock: 3, soldOut: false });
    expect(await stockOf('Sage', 'Brief S')).toEqual({ stock: 3, soldOut: false });

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.to, US_SHOPPER.email)))
      .orderBy(emailOutbox.id);
    expect(mail).toBeDefined();
    const confirmations = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_confirmation'));
    const own = confirmations.find((m) => m.html.includes(String(orderId)))!;
    expect(own.html).toContain('Bra M · Brief S');

    const lookup = await post('/orderDetailsById', { orderId });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(JSON.stringify(lookup.json())).toContain('Bra M · Brief S');
  });
});

describe('the owner makes an item a set', () => {
  const setItem = (pieces: string[], colorPieces: { name: string; available_sizes: object[] }[]) => ({
    title: `Lace set ${++clients}`,
    category: 'bras',
    available_products: [
      {
        type: 'set',
        name: 'Bra + Brief Set',
        price: 120,
        pieces,
        colors: [{ color_name: 'Black', color_code: '#1f1c1d', available_sizes: [], pieces: colorPieces }],
      },
    ],
  });
  const sized = (...names: string[]) => names.map((name) => ({ name, sold_out: false, stock: 2 }));

  it('creates a set with sizes, sold-out flags and stock per piece, and records it', async () => {
    const res = await adminPost(
      '/admin/api/createItem',
      setItem(
        ['Bra', 'Brief'],
        [
          { name: 'Bra', available_sizes: [...sized('32B', '34C'), { name: '36D', sold_out: true, stock: null }] },
          { name: 'Brief', available_sizes: sized('S', 'M') },
        ],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json().item.available_products[0];
    expect(set.pieces).toEqual(['Bra', 'Brief']);
    expect(set.colors[0].pieces).toEqual([
      {
        name: 'Bra',
        available_sizes: [
          { name: '32B', sold_out: false, stock: 2 },
          { name: '34C', sold_out: false, stock: 2 },
          { name: '36D', sold_out: true, stock: null },
        ],
      },
      { name: 'Brief', available_sizes: sized('S', 'M') },
    ]);
  });

  it('refuses a piece without sizes, an unknown piece and a lone piece, naming the piece', async () => {
    const noBrief = await adminPost(
      '/admin/api/createItem',
      setItem(['Bra', 'Brief'], [{ name: 'Bra', available_sizes: sized('32B') }]),
    );
    expect(noBrief.statusCode).toBe(400);
    expect(noBrief.json().message).toContain('the Brief in "Black" needs at least one size');
    const stranger = await adminPost(
      '/admin/api/createItem',
      setItem(
        ['Bra', 'Brief'],
        [
          { name: 'Bra', available_sizes: sized('32B') },
          { name: 'Brief', available_sizes: sized('S') },
          { name: 'Robe', available_sizes: sized('S') },
        ],
      ),
    );
    expect(stranger.json().message).toContain('"Robe", which is not a piece of the set');
    const lone = await adminPost(
      '/admin/api/createItem',
      setItem(['Bra'], [{ name: 'Bra', available_sizes: sized('32B') }]),
    );
    expect(lone.json().message).toContain('a set needs at least two pieces');
    const twice = await adminPost(
      '/admin/api/createItem',
      setItem(['Bra', 'bra'], [{ name: 'Bra', available_sizes: sized('32B') }]),
    );
    expect(twice.json().message).toContain('piece "bra" appears twice');
  });
});
