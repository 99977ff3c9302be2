// The bulk editor's calls (/bulk/admin): inline edits of many items in one transaction (all or
// nothing, per-row errors), and the catalog as CSV out and back in with a per-line report.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, type AdminItem } from '../../src/contract/admin-catalog.js';
import type { Item, Product } from '../../src/contract/catalog.js';
import { items, productTypes } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';

let t: AdminTestApp;
let catalog: AdminItem[];
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  catalog = (await t.admin('GET', '/admin/api/existingItems')).json();
});
afterAll(() => t.close());

const storefront = {
  all: async () => (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[],
  product: async (url: string) => (await t.app.inject({ method: 'GET', url: `/product?url=${url}` })).json() as Product,
  promotional: async () => (await t.app.inject({ method: 'GET', url: '/getPromotionalItems' })).json() as Item[],
};
const bulk = (rows: unknown[]) => t.admin('POST', '/admin/api/bulk/update', { items: rows });
const rowOf = async (id: string) => (await t.db.select().from(items).where(eq(items.id, id)))[0]!;

function importCsv(csv: string, query = '') {
  const boundary = '----bulkimport';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalog.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/bulk/import${query}`,
    headers: {
      cookie: t.adminCookie,
      origin: t.config.publicUrl,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
type Line = Record<(typeof CATALOG_CSV_COLUMNS)[number], string>;
const csvOf = (lines: Partial<Line>[]) =>
  stringify(
    lines.map((l) => CATALOG_CSV_COLUMNS.map((c) => l[c] ?? '')),
    { header: true, columns: [...CATALOG_CSV_COLUMNS] },
  );
const exported = async () => {
  const res = await t.admin('GET', '/admin/api/bulk/export.csv');
  return { res, lines: parse(res.body, { columns: true, bom: true }) as Line[] };
};

describe('POST /admin/api/bulk/update', () => {
  it('saves inline edits of many items together; the storefront shows them at once', async () => {
    const [a, b, c] = catalog.filter((i) => i.published);
    await storefront.all();
    const res = await bulk([
      { _id: a!._id, published: false },
      { _id: b!._id, position: -100, promotion_position: 7, category: 'clothing' },
      { _id: c!._id, prices: [{ type: c!.available_products[0]!.type, price: 12.34 }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 3 });
    const all = await storefront.all();
    expect(all.map((i) => i._id)).not.toContain(a!._id);
    expect(all[0]!._id).toBe(b!._id);
    expect(all[0]!.category).toBe('clothing');
    expect((await storefront.promotional()).map((i) => i._id)).toContain(b!._id);
    expect((await storefront.product(c!.url)).available_products[0]!.price).toBe(12.34);
    const [type] = await t.db.select().from(productTypes).where(eq(productTypes.itemId, c!._id));
    expect(type!.priceCents).toBe(1234);
  });

  it('saves nothing when one row is refused, and says which rows and why', async () => {
    const [a, b] = catalog.filter((i) => i.published).slice(3);
    const before = await rowOf(a!._id);
    const res = await bulk([
      { _id: a!._id, position: 999, category: null },
      { _id: b!._id, category: 'no-such-category', prices: [{ type: 'no-such-type', price: 1 }] },
      { _id: 'a'.repeat(24), published: true },
      { _id: a!._id, published: false },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', message: '3 rows were refused; nothing was saved' });
    expect(res.json().rows).toEqual([
      {
        index: 1,
        _id: b!._id,
        errors: ['unknown category "no-such-category"', 'no product type "no-such-type" on this item'],
      },
      { index: 2, _id: 'a'.repeat(24), errors: ['no item with this id'] },
      { index: 3, _id: a!._id, errors: ['this item appears in another row too'] },
    ]);
    const after = await rowOf(a!._id);
    expect(after.position).toBe(before.position);
    expect(after.category).toBe(before.category);
  });

  it('marks rows the schema refuses like rows the service refuses: which row, and why in words', async () => {
    const [a, b, c] = catalog.filter((i) => i.published);
    const res = await bulk([
      { _id: a!._id, position: 3 },
      { _id: b!._id, prices: [{ type: b!.available_products[0]!.type, price: -5 }] },
      { _id: c!._id, position: 1.5, promotion_position: -1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', message: '2 rows were refused; nothing was saved' });
    expect(res.json().rows).toEqual([
      { index: 1, _id: b!._id, errors: ['Price cannot be negative (price 1)'] },
      { index: 2, _id: c!._id, errors: ['Position must be a whole number', 'Promotion position must be at least 0'] },
    ]);
    expect((await rowOf(a!._id)).position).not.toBe(3);
  });

  it('refuses malformed rows before anything is read', async () => {
    for (const rows of [
      [],
      [{ _id: 'x' }],
      [{ _id: catalog[0]!._id, prices: [{ type: 'bra', price: -5 }] }],
      [{ _id: catalog[0]!._id, promotion_position: -1 }],
    ]) {
      const res = await bulk(rows);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET /admin/api/bulk/export.csv', () => {
  it('downloads the whole catalog, one line per item × product type × colour × size', async () => {
    const { res, lines } = await exported();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalog.csv"');
    expect(res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(CATALOG_CSV_COLUMNS.join(','));
    const all = (await t.admin('GET', '/admin/api/existingItems')).json() as AdminItem[];
    const sizeCount = all.reduce(
      (n, i) =>
        n + i.available_products.reduce((m, p) => m + p.colors.reduce((k, c) => k + c.available_sizes.length, 0), 0),
      0,
    );
    expect(lines).toHaveLength(sizeCount);
    const item = all.find((i) => i.available_products.length)!;
    const p = item.available_products[0]!;
    const c = p.colors[0]!;
    const s = c.available_sizes[0]!;
    expect(
      lines.find(
        (l) =>
          l.item_id === item._id && l.product_type === p.type && l.color_name === c.color_name && l.size === s.name,
      ),
    ).toEqual({
      item_id: item._id,
      url: item.url,
      title: item.title,
      category: item.category ?? '',
      published: String(item.published),
      position: String(item.position),
      promotion_position: String(item.promotion_position),
      is_final_sale: String(item.is_final_sale),
      meta_title: item.meta_title,
      meta_description: item.meta_description,
      product_type: p.type,
      product_name: p.name,
      price: p.price.toFixed(2),
      color_name: c.color_name,
      color_code: c.color_code,
      size: s.name,
      sold_out: String(s.sold_out),
      stock: s.stock === null ? '' : String(s.stock),
    });
  });

  it('guards text a spreadsheet would run as a formula, and the import takes the guard off', async () => {
    const item = catalog[5]!;
    await t.admin('POST', '/admin/api/updateItem', {
      _id: item._id,
      item: { title: '=HYPERLINK("https://evil.example","x")' },
    });
    const { lines } = await exported();
    const line = lines.find((l) => l.item_id === item._id)!;
    expect(line.title).toBe(`'=HYPERLINK("https://evil.example","x")`);
    const res = await importCsv(csvOf([line]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(item._id)).title).toBe('=HYPERLINK("https://evil.example","x")');
  });
});

describe('POST /admin/api/bulk/import', () => {
  it('takes back an edited export: prices, stock and item fields change, the storefront shows them', async () => {
    const { lines } = await exported();
    const fresh = (await t.admin('GET', '/admin/api/existingItems')).json() as AdminItem[];
    const target = fresh.find((i) => i.published && i.available_products.length > 1)!;
    const mine = lines.filter((l) => l.item_id === target._id);
    const type = mine[0]!.product_type;
    const edited = mine.map((l) => ({
      ...l,
      title: 'Imported Title',
      price: l.product_type === type ? '77.00' : l.price,
      stock:
        l.product_type === type && l.color_name === mine[0]!.color_name && l.size === mine[0]!.size ? '0' : l.stock,
    }));
    await storefront.product(target.url);
    const res = await importCsv(csvOf(edited));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, created: 0, updated: 1, acceptedLines: mine.length, refused: [] });
    const page = await storefront.product(target.url);
    expect(page.title).toBe('Imported Title');
    expect(page.available_products.find((p) => p.type === type)!.price).toBe(77);
    const firstColor = page.available_products
      .find((p) => p.type === type)!
      .colors.find((c) => c.color_name === mine[0]!.color_name)!;
    expect(firstColor.available_sizes.find((s) => s.name === mine[0]!.size)!.sold_out).toBe(true);
    // Untouched by the CSV: pictures, description, related items.
    expect(page.pictures).toEqual(target.pictures);
    expect(page.description).toEqual(target.description);
  });

  it('applies the good lines and reports each refused line with its reasons', async () => {
    const target = catalog.find((i) => i.url !== 'silk-balconette-bra')!;
    const base: Partial<Line> = {
      title: 'Imported Robe',
      url: 'imported-robe',
      category: 'clothing',
      published: 'true',
      position: '3',
      promotion_position: '0',
      is_final_sale: 'false',
      product_type: 'robe',
      product_name: 'Robe',
      price: '120.00',
      color_name: 'Sage',
      color_code: '#9fae94',
      sold_out: 'false',
    };
    const res = await importCsv(
      csvOf([
        { ...base, size: 'S', stock: '4' },
        { ...base, size: 'M', stock: '' },
        { ...base, size: 'L', price: 'ten' },
        { ...base, size: 'XL', color_code: 'green' },
        { ...base, size: 'XS', category: 'nope' },
        { ...base, size: 'XXS', title: 'Another Title' },
        { ...base, size: 'S', stock: '1' },
        { ...base, size: 'XXL', price: '130.00' },
        {
          item_id: 'f'.repeat(24),
          title: 'Ghost',
          published: 'true',
          position: '0',
          promotion_position: '0',
          is_final_sale: 'false',
        },
        {
          item_id: target._id,
          title: target.title,
          url: 'silk-balconette-bra',
          published: 'true',
          position: '1',
          promotion_position: '0',
          is_final_sale: 'false',
        },
        { ...base, url: '', title: '', size: 'S' },
        { ...base, size: 'XL', stock: '-2', published: 'maybe' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dryRun: false, created: 1, updated: 0, acceptedLines: 2 });
    const refused = Object.fromEntries(
      report.refused.map((r: { line: number; errors: string[] }) => [r.line, r.errors.join(' | ')]),
    );
    expect(Object.keys(refused).map(Number)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(refused[4]).toMatch(/price must be an amount of dollars/);
    expect(refused[5]).toMatch(/hex colour/);
    expect(refused[6]).toMatch(/unknown category "nope"/);
    expect(refused[7]).toMatch(/item fields differ from line 2/);
    expect(refused[8]).toMatch(/this size is already on line 2/);
    expect(refused[9]).toMatch(/product_name and price of "robe" differ from line 2/);
    expect(refused[10]).toMatch(/no item with id f{24}/);
    expect(refused[11]).toMatch(/url "silk-balconette-bra" belongs to another item/);
    expect(refused[12]).toMatch(/title is required/);
    expect(refused[13]).toMatch(/published must be true or false/);
    expect(refused[13]).toMatch(/stock must be empty/);

    const robe = await storefront.product('imported-robe');
    expect(robe).toMatchObject({ title: 'Imported Robe', category: 'clothing', position: 3 });
    expect(robe.available_products).toEqual([
      {
        type: 'robe',
        name: 'Robe',
        price: 120,
        colors: [
          {
            color_name: 'Sage',
            color_code: '#9fae94',
            color_picture: null,
            alt: '',
            link: 'sage',
            available_sizes: [
              { name: 'S', sold_out: false },
              { name: 'M', sold_out: false },
            ],
          },
        ],
      },
    ]);
  });

  it('a dry run reports the same without saving anything', async () => {
    const line: Partial<Line> = {
      title: 'Dry Run Slip',
      published: 'true',
      position: '0',
      promotion_position: '0',
      is_final_sale: 'false',
    };
    const res = await importCsv(
      csvOf([line, { ...line, title: 'Other', url: 'dry-run-slip', published: 'nope' }]),
      '?dryRun=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, created: 1, updated: 0, acceptedLines: 1 });
    expect(res.json().refused).toHaveLength(1);
    expect((await t.db.select().from(items).where(eq(items.url, 'dry-run-slip'))).length).toBe(0);
  });

  it('refuses a file that is not the catalog CSV', async () => {
    const wrongHeader = await importCsv('name,price\nx,1');
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json().message).toMatch(/unknown columns: name; missing columns: url, title/);
    const broken = await importCsv(`${CATALOG_CSV_COLUMNS.join(',')}\n"unterminated,quote`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/The CSV could not be read/);
    const notMultipart = await t.admin('POST', '/admin/api/bulk/import', { csv: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });
});
