// The bag on the server (spec §3 cart line, §4 cart, §7 /getCart, /addToCart, /removeFromCart):
// kept per shopper session in the database, described and priced from the catalog.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Selection } from '../../src/contract/cart.js';
import { MAX_BAG_PIECES, MAX_LINE_QUANTITY } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { openDatabase } from '../../src/server/db/client.js';
import { carts, cartLines, colors, items, productTypes, sizes } from '../../src/server/db/schema.js';
import { countQueries } from '../support/query-counter.js';
import { cookieFrom, createTestApp, type TestApp } from '../support/test-app.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';

let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json();
});
afterAll(() => t.close());

type Answer = { ok: true; count: number };

const getCart = async (cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/getCart', headers: cookie ? { cookie } : {} });
  return { res, lines: res.json() as CartLine[] };
};
const add = async (payload: unknown, cookie?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/addToCart',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
  return { res, body: res.json() as Answer & { message?: string } };
};
const remove = async (payload: unknown, cookie?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/removeFromCart',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
  return { res, body: res.json() as Answer & { message?: string } };
};
/** The session id a `sid=…` cookie carries. */
const sessionIdOf = (cookie: string) => t.app.unsignCookie(decodeURIComponent(cookie.slice('sid='.length))).value!;
/** A new shopper: the cookie /token gives. */
const newShopper = async () => cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;

/** The selection the product page sends for an item's type/colour/size (the first ones on offer by default). */
function selectionOf(
  item: Item,
  pick: { type?: number; color?: number; size?: (s: { name: string; sold_out: boolean }) => boolean } = {},
): Selection {
  const product = item.available_products[pick.type ?? 0]!;
  const colorIndex = pick.color ?? 0;
  const color = product.colors[colorIndex]!;
  const sizeIndex = color.available_sizes.findIndex(pick.size ?? ((s) => !s.sold_out));
  const size = color.available_sizes[sizeIndex]!;
  return {
    url: item.url,
    product_type: product.type,
    product_name: product.name,
    color: color.color_name,
    colorIndex,
    size: size.name,
    sizeIndex,
    isSoldOut: size.sold_out,
  };
}

/** A published item whose first colour has at least `n` sizes on offer. */
const itemWithSizes = (n: number, skip: string[] = []) =>
  all.find(
    (i) =>
      !skip.includes(i.url) &&
      (i.available_products[0]?.colors[0]?.available_sizes.filter((s) => !s.sold_out).length ?? 0) >= n,
  )!;

/** Sets the tracked stock of one size (and the catalog sees it). */
async function setStock(sel: Selection, stock: number | null, soldOut = false) {
  await t.db
    .update(sizes)
    .set({ stock, soldOut })
    .where(eq(sizes.id, (await sizeRowOf(t.db, sizeKeyOf(all, sel))).id));
  await t.app.ctx.services.readModel.invalidate();
}

describe('GET /getCart', () => {
  it('answers an empty bag to a shopper without a cookie, or with a session but no bag', async () => {
    const { res, lines } = await getCart();
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await getCart(await newShopper())).lines).toEqual([]);
    expect((await getCart('sid=forged.value')).lines).toEqual([]);
  });
});

describe('POST /addToCart', () => {
  it('adds the selection; the bag shows it with title, pictures and the price from the catalog', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(1);
    const sel = selectionOf(item);
    const { res, body } = await add([sel], cookie);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ ok: true, count: 1 });

    const { lines } = await getCart(cookie);
    const product = item.available_products[0]!;
    expect(lines).toEqual([
      {
        index: 0,
        title: item.title,
        url: item.url,
        size: sel.size,
        color: sel.color,
        product_type: product.type,
        product_name: product.name,
        pictures: item.pictures,
        available_products: item.available_products,
        sizeIndex: sel.sizeIndex,
        colorIndex: 0,
        quantity: 1,
        price: product.price,
      },
    ]);
  });

  it('merges the same selection into one line with quantity 2; another size makes a second line', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(2);
    const first = selectionOf(item);
    const other = selectionOf(item, { size: (s) => !s.sold_out && s.name !== first.size });
    await add([first], cookie);
    expect((await add([first], cookie)).body).toEqual({ ok: true, count: 2 });
    expect((await add([other], cookie)).body).toEqual({ ok: true, count: 3 });

    const { lines } = await getCart(cookie);
    expect(lines.map((l) => [l.index, l.size, l.quantity])).toEqual([
      [0, first.size, 2],
      [1, other.size, 1],
    ]);
  });

  it('keeps lines in the order first added, across items and product types', async () => {
    const cookie = await newShopper();
    const multi = all.find(
      (i) =>
        i.available_products.length > 1 && i.available_products[1]!.colors[0]!.available_sizes.some((s) => !s.sold_out),
    )!;
    const a = selectionOf(itemWithSizes(1, [multi.url]));
    const b = selectionOf(multi, { type: 1 });
    const c = selectionOf(multi);
    for (const sel of [a, b, c, a]) await add([sel], cookie);
    const { lines } = await getCart(cookie);
    expect(lines.map((l) => [l.url, l.product_type, l.quantity])).toEqual([
      [a.url, a.product_type, 2],
      [b.url, b.product_type, 1],
      [c.url, c.product_type, 1],
    ]);
    const typeB = multi.available_products[1]!;
    expect(lines[1]).toMatchObject({ product_name: typeB.name, price: typeB.price });
  });

  it('ignores a price, a name or indexes the client sends: the catalog decides', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(1);
    const sel = selectionOf(item);
    const res = await add(
      [{ ...sel, price: 0.01, product_name: 'Free thing', sizeIndex: 7, colorIndex: 3, isSoldOut: true }],
      cookie,
    );
    expect(res.res.statusCode).toBe(200);
    const [line] = (await getCart(cookie)).lines;
    expect(line!.price).toBe(item.available_products[0]!.price);
    expect(line!.product_name).toBe(item.available_products[0]!.name);
    expect(line!.sizeIndex).toBe(sel.sizeIndex);
    expect(line!.colorIndex).toBe(0);
  });

  it('sets a session cookie when the shopper has none, and the bag is found with it', async () => {
    const sel = selectionOf(itemWithSizes(1));
    const { res, body } = await add([sel]);
    expect(res.statusCode).toBe(200);
    expect(body.count).toBe(1);
    const cookie = cookieFrom(res, 'sid');
    expect(cookie).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await getCart(cookie)).lines).toHaveLength(1);
    // A known session keeps its cookie.
    const again = await add([sel], cookie);
    expect(again.res.cookies.map((c) => c.name)).not.toContain('sid');
    expect(again.body.count).toBe(2);
  });

  it('refuses an add that fails without creating a session', async () => {
    const res = await add([{ ...selectionOf(itemWithSizes(1)), url: 'no-such-piece' }]);
    expect(res.res.statusCode).toBe(404);
    expect(res.res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a sold-out size and a fully sold-out item with 409', async () => {
    const cookie = await newShopper();
    const withSoldOut = all.find(
      (i) =>
        i.url !== 'velvet-balconette-bra' &&
        i.available_products[0]!.colors[0]!.available_sizes.some((s) => s.sold_out),
    )!;
    const soldOutSize = await add([selectionOf(withSoldOut, { size: (s) => s.sold_out })], cookie);
    expect(soldOutSize.res.statusCode).toBe(409);
    expect(soldOutSize.body.message).toBe('This size is sold out');

    const velvet = all.find((i) => i.url === 'velvet-balconette-bra')!;
    const soldOutItem = await add([selectionOf(velvet, { size: () => true })], cookie);
    expect(soldOutItem.res.statusCode).toBe(409);
    expect(soldOutItem.body.message).toBe('This size is sold out');
    expect((await getCart(cookie)).lines).toEqual([]);
  });

  it('refuses an unpublished or unknown item with 404', async () => {
    const sel = selectionOf(itemWithSizes(1));
    for (const url of ['mesh-triangle-bralette', 'no-such-piece']) {
      const { res, body } = await add([{ ...sel, url }]);
      expect(res.statusCode).toBe(404);
      expect(body.message).toBe('This piece is no longer available');
    }
  });

  it('refuses an unknown product type, colour or size with 400 and says which', async () => {
    const sel = selectionOf(itemWithSizes(1));
    const cases: [Partial<Selection>, RegExp][] = [
      [{ product_type: 'hat' }, /product type 'hat'/],
      [{ color: 'Plaid' }, /'Plaid'/],
      [{ size: 'XXXL' }, /size 'XXXL'/],
    ];
    for (const [change, message] of cases) {
      const { res, body } = await add([{ ...sel, ...change }]);
      expect(res.statusCode).toBe(400);
      expect(body.message).toMatch(message);
    }
  });

  it("refuses a selection without a size with 'Please fill out the size'", async () => {
    const { size: _size, sizeIndex: _index, ...noSize } = selectionOf(itemWithSizes(1));
    for (const payload of [[noSize], [{ ...noSize, size: '' }], [{ ...noSize, size: '   ' }]]) {
      const { res, body } = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe('Please fill out the size');
    }
  });

  it('answers 400 with a message to malformed payloads, never 500', async () => {
    const sel = selectionOf(itemWithSizes(1));
    const payloads: unknown[] = [
      sel, // not a list
      [],
      [{ ...sel, url: 42 }],
      [{ ...sel, colorIndex: 'first' }],
      [null],
      ['silk'],
      Array.from({ length: 11 }, () => sel),
    ];
    for (const payload of payloads) {
      const { res, body } = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body.message).toEqual(expect.any(String));
      expect(body.message!.length).toBeGreaterThan(3);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/addToCart',
      payload: '[{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('does not let a bag hold more of a size than its stock', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(2, ['velvet-balconette-bra']);
    const sel = selectionOf(item, { size: (s) => !s.sold_out });
    await setStock(sel, 1);
    expect((await add([sel], cookie)).res.statusCode).toBe(200);
    const second = await add([sel], cookie);
    expect(second.res.statusCode).toBe(409);
    expect(second.body.message).toBe('Only 1 left in this size');
    // Two at once beyond the stock are refused too, and nothing of the refused add is kept.
    await setStock(sel, 3);
    const tooMany = await add([sel, sel, sel], cookie);
    expect(tooMany.res.statusCode).toBe(409);
    expect(tooMany.body.message).toBe('Only 3 left in this size');
    expect((await getCart(cookie)).lines.map((l) => l.quantity)).toEqual([1]);
    // Untracked stock is limited only by the shop's limits.
    await setStock(sel, null);
    expect((await add([sel, sel], cookie)).body.count).toBe(3);
  });

  it(`holds at most ${MAX_LINE_QUANTITY} of one piece and ${MAX_BAG_PIECES} pieces in a bag`, async () => {
    const cookie = await newShopper();
    const sel = selectionOf(itemWithSizes(1));
    await setStock(sel, null);
    for (let i = 0; i < MAX_LINE_QUANTITY; i++) await add([sel], cookie);
    const eleventh = await add([sel], cookie);
    expect(eleventh.res.statusCode).toBe(409);
    expect(eleventh.body.message).toMatch(new RegExp(`up to ${MAX_LINE_QUANTITY}`));

    // Fill the bag to the limit with untracked sizes of other pieces.
    const others: Selection[] = [];
    for (const item of all) {
      for (const product of item.available_products)
        for (const color of product.colors)
          for (const size of color.available_sizes)
            if (!size.sold_out && others.length < 10)
              others.push({
                url: item.url,
                product_type: product.type,
                product_name: product.name,
                color: color.color_name,
                size: size.name,
              });
    }
    const targets = others.filter(
      (o) =>
        !(o.url === sel.url && o.product_type === sel.product_type && o.color === sel.color && o.size === sel.size),
    );
    const ids = all.filter((i) => targets.some((o) => o.url === i.url)).map((i) => i._id);
    await t.db
      .update(sizes)
      .set({ stock: null })
      .where(
        inArray(
          sizes.colorId,
          t.db
            .select({ id: colors.id })
            .from(colors)
            .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
            .where(inArray(productTypes.itemId, ids)),
        ),
      );
    await t.app.ctx.services.readModel.invalidate();
    let count = MAX_LINE_QUANTITY;
    for (const target of targets) {
      while (count < MAX_BAG_PIECES) {
        const r = await add([target], cookie);
        if (r.res.statusCode !== 200) break;
        count = r.body.count;
      }
    }
    expect(count).toBe(MAX_BAG_PIECES);
    const over = await add([targets.at(-1)!], cookie);
    expect(over.res.statusCode).toBe(409);
    expect(over.body.message).toMatch(new RegExp(`up to ${MAX_BAG_PIECES} pieces`));
  });

  it('keeps one bag and counts every piece when adds of one shopper arrive at once', async () => {
    const cookie = await newShopper();
    const sel = selectionOf(itemWithSizes(1));
    await setStock(sel, null);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add([sel], cookie)));
    expect(answers.map((a) => a.res.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((a) => a.body.count).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await getCart(cookie)).lines.map((l) => l.quantity)).toEqual([6]);
    expect(
      await t.db
        .select()
        .from(carts)
        .where(eq(carts.sessionId, sessionIdOf(cookie))),
    ).toHaveLength(1);
  });

  it('starts a new bag once the last one became an order', async () => {
    const cookie = await newShopper();
    const sel = selectionOf(itemWithSizes(1));
    await add([sel], cookie);
    const sid = sessionIdOf(cookie);
    const ordered = await t.db.update(carts).set({ orderId: 1234567890 }).where(eq(carts.sessionId, sid)).returning();
    expect(ordered).toHaveLength(1);
    expect((await getCart(cookie)).lines).toEqual([]);
    expect((await add([sel], cookie)).body.count).toBe(1);
    const rows = await t.db.select().from(carts).where(eq(carts.sessionId, sid));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.orderId === null)!.id).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('adds and removes that arrive together (group commit)', () => {
  it('are written in one transaction, each answered as if alone: refused ones refused, the rest kept', async () => {
    const [first, second] = all.filter((i) =>
      i.available_products[0]?.colors[0]?.available_sizes.some((s) => !s.sold_out),
    );
    const sel = selectionOf(first!);
    const other = selectionOf(second!);
    await setStock(sel, null);
    await setStock(other, 2);
    const shoppers = await Promise.all(Array.from({ length: 10 }, newShopper));
    // Each shopper already holds one piece of `other`; one more holds its whole stock.
    for (const cookie of shoppers) expect((await add([other], cookie)).res.statusCode).toBe(200);
    const full = await newShopper();
    expect((await add([other, other], full)).res.statusCode).toBe(200);

    const { result: answers, statements } = await countQueries(t.database, () =>
      Promise.all([
        ...shoppers.map((cookie, i) => (i % 2 ? add([sel, sel], cookie) : remove({ index: 0 }, cookie))),
        add([other], full), // beyond the stock of 2: refused
        remove({ index: 5 }, shoppers[1]), // no such line: refused (a second write of one shopper waits for the next batch)
        add([sel]), // a new shopper
        add([sel]),
      ]),
    );
    const statuses = answers.map((a) => a.res.statusCode);
    expect(statuses).toEqual([...shoppers.map(() => 200), 409, 400, 200, 200]);
    expect(answers[10]!.body.message).toBe('Only 2 left in this size');
    expect(answers[11]!.body.message).toBe('No such line in the bag');
    // 14 writes locked their sessions with two statements (one a batch), not 14.
    const locks = statements.filter((q) => /from "sessions".*for update/i.test(q));
    expect(locks.length).toBeGreaterThan(0);
    expect(locks.length).toBeLessThanOrEqual(2);

    for (const [i, cookie] of shoppers.entries()) {
      const lines = (await getCart(cookie)).lines.map((l) => `${l.url}×${l.quantity}`);
      if (i % 2) expect(lines).toEqual([`${other.url}×1`, `${sel.url}×2`]);
      else expect(lines).toEqual([]);
    }
    expect((await getCart(full)).lines.map((l) => `${l.url}×${l.quantity}`)).toEqual([`${other.url}×2`]);
    for (const answer of answers.slice(12)) {
      expect(answer.body.count).toBe(1);
      expect((await getCart(cookieFrom(answer.res, 'sid'))).lines.map((l) => `${l.url}×${l.quantity}`)).toEqual([
        `${sel.url}×1`,
      ]);
    }
  });
});

describe('POST /removeFromCart', () => {
  it('removes one piece, then the line; all:true removes the whole line', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(2);
    const a = selectionOf(item);
    const b = selectionOf(item, { size: (s) => !s.sold_out && s.name !== a.size });
    await add([a, a], cookie);
    await add([b, b, b], cookie);

    expect((await remove({ index: 0 }, cookie)).body).toEqual({ ok: true, count: 4 });
    expect((await getCart(cookie)).lines.map((l) => [l.index, l.size, l.quantity])).toEqual([
      [0, a.size, 1],
      [1, b.size, 3],
    ]);
    expect((await remove({ index: 0 }, cookie)).body).toEqual({ ok: true, count: 3 });
    expect((await getCart(cookie)).lines.map((l) => [l.index, l.size, l.quantity])).toEqual([[0, b.size, 3]]);

    expect((await remove({ index: 0, all: true }, cookie)).body).toEqual({ ok: true, count: 0 });
    expect((await getCart(cookie)).lines).toEqual([]);
  });

  it("answers 400 'No such line in the bag' to an index past the end, and to a shopper without a bag", async () => {
    const cookie = await newShopper();
    await add([selectionOf(itemWithSizes(1))], cookie);
    for (const c of [cookie, undefined, await newShopper()]) {
      const { res, body } = await remove({ index: 1 }, c);
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe('No such line in the bag');
    }
    expect((await getCart(cookie)).lines).toHaveLength(1);
  });

  it('answers 400 to a malformed payload', async () => {
    for (const payload of [{}, { index: -1 }, { index: 'first' }, { index: 0.5 }, [0]]) {
      const { res, body } = await remove(payload, await newShopper());
      expect(res.statusCode).toBe(400);
      expect(body.message).toEqual(expect.any(String));
    }
  });
});

describe('the bag belongs to the session', () => {
  it('is not seen by another session', async () => {
    const mine = await newShopper();
    await add([selectionOf(itemWithSizes(1))], mine);
    expect((await getCart(mine)).lines).toHaveLength(1);
    expect((await getCart(await newShopper())).lines).toEqual([]);
    expect((await remove({ index: 0 }, await newShopper())).res.statusCode).toBe(400);
    expect((await getCart(mine)).lines).toHaveLength(1);
  });

  it('lives in the database: another server copy on the same database finds it', async () => {
    const cookie = await newShopper();
    const sel = selectionOf(itemWithSizes(1));
    await add([sel, sel], cookie);
    const url = (t.database as { url?: string }).url;
    if (url) {
      // PostgreSQL: a second copy of the server with its own connection pool.
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      const other = await createTestApp({ database });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } });
        expect((res.json() as CartLine[]).map((l) => [l.url, l.quantity])).toEqual([[sel.url, 2]]);
      } finally {
        await other.close();
      }
    } else {
      // PGlite is one process's database: drop every cached view and read again.
      await t.app.ctx.services.readModel.invalidate();
      expect((await getCart(cookie)).lines.map((l) => [l.url, l.quantity])).toEqual([[sel.url, 2]]);
    }
  });
});

describe('a piece that leaves the catalog', () => {
  it('disappears from the bag once unpublished, and indexes follow the lines that remain', async () => {
    const cookie = await newShopper();
    const keep = itemWithSizes(1);
    const gone = itemWithSizes(1, [keep.url, 'velvet-balconette-bra']);
    await add([selectionOf(gone)], cookie);
    await add([selectionOf(keep)], cookie);
    expect((await getCart(cookie)).lines).toHaveLength(2);

    await t.db.update(items).set({ published: false }).where(eq(items.id, gone._id));
    await t.app.ctx.services.readModel.invalidate();
    try {
      const { lines } = await getCart(cookie);
      expect(lines.map((l) => [l.index, l.url])).toEqual([[0, keep.url]]);
      const stored = await t.db
        .select()
        .from(cartLines)
        .innerJoin(carts, eq(cartLines.cartId, carts.id))
        .where(and(eq(cartLines.itemId, gone._id), eq(carts.sessionId, sessionIdOf(cookie))));
      expect(stored).toHaveLength(0);
      expect((await remove({ index: 0 }, cookie)).body).toEqual({ ok: true, count: 0 });
    } finally {
      await t.db.update(items).set({ published: true }).where(eq(items.id, gone._id));
      await t.app.ctx.services.readModel.invalidate();
    }
  });

  it('drops a line whose size no longer exists', async () => {
    const cookie = await newShopper();
    const item = itemWithSizes(2);
    const sel = selectionOf(item);
    await add([sel], cookie);
    await t.db
      .update(sizes)
      .set({ name: 'XXS' })
      .where(
        and(
          eq(sizes.name, sel.size),
          inArray(
            sizes.colorId,
            t.db
              .select({ id: colors.id })
              .from(colors)
              .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
              .where(
                and(
                  eq(productTypes.itemId, item._id),
                  eq(colors.colorName, sel.color),
                  eq(productTypes.type, sel.product_type),
                ),
              ),
          ),
        ),
      );
    await t.app.ctx.services.readModel.invalidate();
    expect((await getCart(cookie)).lines).toEqual([]);
  });
});

describe('/cart/checkout and an empty bag (spec §4; the page needs npm run build)', () => {
  const checkoutPage = (cookie?: string, url = '/cart/checkout') =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('sends a visitor without a bag home with a redirect, before any page is rendered', async () => {
    for (const res of [
      await checkoutPage(),
      await checkoutPage(await newShopper()),
      await checkoutPage('sid=forged.value'),
      await checkoutPage(undefined, '/cart/checkout?stage=shipping'),
    ]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('renders the bag page once the bag holds a piece, and sends it home again once emptied', async () => {
    const cookie = await newShopper();
    // The catalog as it is now: earlier tests took sizes and pieces out of it.
    const items = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
    const item = items.find((i) => i.available_products[0]?.colors[0]?.available_sizes.some((size) => !size.sold_out))!;
    const added = await add([selectionOf(item)], cookie);
    expect(added.res.statusCode, added.res.body).toBe(200);
    const withBag = await checkoutPage(cookie);
    expect(withBag.statusCode).toBe(200);
    expect(withBag.headers['content-type']).toMatch(/text\/html/);
    const removed = await remove({ index: 0, all: true }, cookie);
    expect(removed.res.statusCode, removed.res.body).toBe(200);
    expect((await checkoutPage(cookie)).statusCode).toBe(302);
  });

  it('never redirects the order confirmation page', async () => {
    expect((await checkoutPage(undefined, '/cart/success')).statusCode).toBe(200);
  });
});
