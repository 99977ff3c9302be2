// Issue 24 item 6: 'Sold out' and stock are one model. A tracked stock of 0 is sold out; an edit
// that unticks 'Sold out' while keeping stock 0 is refused with a message that says what to do,
// and an edit that gives the new stock (or stops tracking it) puts the size back on sale.
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
