// Issue 24 item 6: 'Sold out' and stock are one model. A tracked stock of 0 is sold out; an edit
// that unticks 'Sold out' while keeping stock 0 is refused with a message that says what to do,
// and an edit that gives the new stock (or stops tracking it) puts the size back on sale.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminItem } from '../../src/contract/admin-catalog.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';

let t: AdminTestApp;
let item: AdminItem;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'empty' });
  const res = await t.admin('POST', '/admin/api/createItem', {
    title: 'Silk Slip',
    published: true,
    pictures: ['/uploads/pictures/main.jpg'],
    available_products: [
      {
        type: 'slip',
        name: 'Slip Dress',
        price: 148,
        colors: [
          {
            color_name: 'Black',
            color_code: '#1f1c1d',
            available_sizes: [
              { name: 'S', stock: 0 },
              { name: 'M', stock: 2 },
            ],
          },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  item = res.json().item as AdminItem;
});
afterAll(() => t.close());

const withSizeS = (s: { sold_out: boolean; stock: number | null }) => {
  const product = item.available_products[0]!;
  const color = product.colors[0]!;
  return [
    {
      ...product,
      colors: [{ ...color, available_sizes: color.available_sizes.map((x) => (x.name === 'S' ? { ...x, ...s } : x)) }],
    },
  ];
};
const update = (available_products: unknown) =>
  t.admin('POST', '/admin/api/updateItem', { _id: item._id, item: { available_products } });
const sizeS = async () => {
  const all = (await t.admin('GET', '/admin/api/existingItems')).json() as AdminItem[];
  return all
    .find((i) => i._id === item._id)!
    .available_products[0]!.colors[0]!.available_sizes.find((s) => s.name === 'S')!;
};

describe('unticking Sold out of a size with stock 0', () => {
  it('the size starts sold out with stock 0', async () => {
    expect(await sizeS()).toEqual({ name: 'S', sold_out: true, stock: 0 });
  });

  it('is refused with 400 and a message that asks for the new stock, and nothing changes', async () => {
    const res = await update(withSizeS({ sold_out: false, stock: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /S \(Black\): the stock is 0, so the size stays sold out\. To sell it again, enter the new stock/,
    );
    expect(await sizeS()).toEqual({ name: 'S', sold_out: true, stock: 0 });
  });

  it('with a new stock puts the size back on sale', async () => {
    const res = await update(withSizeS({ sold_out: false, stock: 4 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizeS()).toEqual({ name: 'S', sold_out: false, stock: 4 });
  });

  it('with an empty stock sells it without counting', async () => {
    await update(withSizeS({ sold_out: true, stock: 0 }));
    const res = await update(withSizeS({ sold_out: false, stock: null }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizeS()).toEqual({ name: 'S', sold_out: false, stock: null });
  });
});

// The availability editor sends, with each size, the stock it showed (stock_shown): a save moves a
// tracked stock by what the owner changed, so pieces orders took while the editor was open stay taken.
describe('an availability save while orders take pieces', () => {
  const sizeM = async () => {
    const all = (await t.admin('GET', '/admin/api/existingItems')).json() as AdminItem[];
    return all
      .find((i) => i._id === item._id)!
      .available_products[0]!.colors[0]!.available_sizes.find((s) => s.name === 'M')!;
  };
  /** What an order does to the size: takes `n` pieces (the checkout's conditional update). */
  const orderTakes = (n: number) =>
    t.db.execute(
      sql`update sizes set stock = stock - ${n}, sold_out = (stock - ${n} = 0)
          where name = 'M' and color_id in (select c.id from colors c join product_types p on p.id = c.product_type_id where p.item_id = ${item._id})`,
    );
  /** The editor's save: M as it showed it (`shown`), with the stock the owner typed. */
  const saveM = (typed: number | null, shown: number | null | undefined, sold_out = false) => {
    const product = item.available_products[0]!;
    const color = product.colors[0]!;
    return update([
      {
        ...product,
        colors: [
          {
            ...color,
            available_sizes: color.available_sizes.map((x) =>
              x.name === 'M'
                ? { name: 'M', sold_out, stock: typed, ...(shown !== undefined ? { stock_shown: shown } : {}) }
                : { ...x, stock_shown: x.stock },
            ),
          },
        ],
      },
    ]);
  };

  it('keeps what an order took when the owner saves M unchanged', async () => {
    expect((await saveM(6, undefined)).statusCode).toBe(200);
    await orderTakes(1); // the editor still shows 6
    const res = await saveM(6, 6);
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: 5 });
  });

  it("moves the stock by the owner's change: up and down", async () => {
    // Shown 5, typed 9 (+4), an order took 2 meanwhile: 3 + 4.
    await orderTakes(2);
    expect((await saveM(9, 5)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: 7 });
    // Shown 7, typed 4 (−3), an order took 1: 6 − 3.
    await orderTakes(1);
    expect((await saveM(4, 7)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: 3 });
  });

  it('leaves a size sold out that orders emptied while it showed stock, and never goes below 0', async () => {
    await orderTakes(3); // 0: sold out
    expect((await saveM(3, 3)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: true, stock: 0 });
    // Shown 3, typed 1 (−2) on a stock of 0: 0, not −2.
    expect((await saveM(1, 3)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: true, stock: 0 });
  });

  it('sets the stock when the editor sends no stock_shown (spec §7), or stops counting it', async () => {
    expect((await saveM(8, undefined)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: 8 });
    expect((await saveM(null, 8)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: null });
    // Not counted when shown, counted now: set.
    expect((await saveM(4, null)).statusCode).toBe(200);
    expect(await sizeM()).toEqual({ name: 'M', sold_out: false, stock: 4 });
  });
});
