// Packing slips (issue 28 #6): GET /admin/api/packingSlips is a PDF with one page per order to ship
// (not processed, not fully refunded), oldest first; GET /admin/api/packingSlip?orderId= one order's.
// Each page names the shop, the order number and date, the ship-to address, the shipping service paid
// for, and each piece with its picture, title, colour, size (a set's pieces each with its size) and
// quantity. Staff may print them; a stranger may not. Orders placed through the real checkout.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { smallOf } from '../../src/domain/pictures.js';
import { rowsOf } from '../../src/server/db/client.js';
import { admins, orders, sizes } from '../../src/server/db/schema.js';
import { toShipWhere } from '../../src/server/modules/orders/orders-to-act.js';
import { winAnsi } from '../../src/server/modules/packing-slips/packing-slip-pdf.js';
import { type AdminTestApp, createAdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
const STAFF = { email: 'staff.slips@murashki.test', password: 'staff horse battery' };
let staffCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  await t.db.update(sizes).set({ stock: 500, soldOut: false });
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
  await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, STAFF.email));
  staffCookie = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: STAFF }), 'admin_sid')!;
});
afterAll(() => t?.close());

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Each page's text: its content streams inflated, the hex strings of each TJ joined (kerning splits words). */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
        : contents
          ? [contents]
          : [];
    const text: string[] = [];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
        text.push(
          [...tj[1]!.matchAll(/<([0-9A-Fa-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
        );
    }
    return text.join('\n');
  });
}

/** How many pictures each page draws. */
async function pagePictures(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return xobjects ? xobjects.keys().length : 0;
  });
}

const SET: Selection = {
  url: 'tulle-longline-bra',
  product_type: 'set',
  product_name: 'Bra + Brief Set',
  color: 'Sage',
  size: '',
  piece_sizes: [
    { piece: 'Bra', size: 'M' },
    { piece: 'Brief', size: 'S' },
  ],
};

describe('packing slips for every order to ship', () => {
  let first: number;
  let set: number;
  let shipped: number;

  beforeAll(async () => {
    const bra = selectionOf(all, 'silk-balconette-bra');
    first = await placeOrder(t.app, {
      pieces: [bra, bra, selectionOf(all, 'high-waist-silk-brief')],
      shopper: { ...US_SHOPPER, firstName: 'Héloïse', lastName: 'Ångström' },
    });
    set = await placeOrder(t.app, { pieces: [SET], shopper: FR_SHOPPER });
    shipped = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-camisole')] });
    const res = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: shipped,
      trackingNumber: `TRK${shipped}`,
      trackingUrlLink: `https://track.example/${shipped}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The balconette bra's picture, as the upload leaves it: its -small.jpg beside it.
    const picture = (await orderRow(first)).lines[0]!.picture!;
    expect(picture).toMatch(/^\/uploads\/.+\.jpg$/);
    const file = path.join(t.dataDir, 'uploads', smallOf(picture).slice('/uploads/'.length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      await sharp({ create: { width: 60, height: 90, channels: 3, background: '#c8a2a0' } })
        .jpeg()
        .toBuffer(),
    );
  });

  it('one page per order to ship, oldest first; a processed order has none', async () => {
    const res = await t.admin('GET', '/admin/api/packingSlips');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="packing-slips-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from orders o where ${toShipWhere('o')}`),
    ) as [{ n: number }];
    expect(n).toBe(2);
    const pages = await pageTexts(res.rawPayload);
    expect(pages).toHaveLength(n);
    expect(pages[0]).toContain(`Order #${first}`);
    expect(pages[1]).toContain(`Order #${set}`);
    expect(pages.join('\n')).not.toContain(`#${shipped}`);
  });

  it("each page: the shop, the order and its day, the address, the service paid for, each piece's title, colour, size and quantity", async () => {
    const [page] = await pageTexts((await t.admin('GET', `/admin/api/packingSlip?orderId=${first}`)).rawPayload);
    const o = await orderRow(first);
    const text = page!;
    expect(text).toContain('Murashki');
    expect(text).toContain('Packing slip');
    expect(text).toContain(`Placed ${o.createdAt.toISOString().slice(0, 10)}`);
    // Accented letters of Latin-1 print as they are.
    expect(text).toContain(winAnsi('Héloïse Ångström'));
    expect(text).toContain('Héloïse Ångström'.normalize('NFC'));
    expect(text).toContain(US_SHOPPER.address);
    expect(text).toContain('New York, NY 10001');
    expect(text).toContain('Standard (3');
    expect(text).toContain(o.shippingCents ? `Paid: $${(o.shippingCents / 100).toFixed(2)}` : 'Paid: free');
    const [bra, brief] = o.lines;
    expect(bra).toMatchObject({ quantity: 2 });
    for (const line of [bra!, brief!]) {
      expect(text).toContain(line.title);
      expect(text).toContain(line.color);
      expect(text).toContain(`\n${line.size}\n${line.quantity}`);
    }
    expect(text).toContain('3 pieces in this parcel');
  });

  it("a set's pieces each with its size", async () => {
    const res = await t.admin('GET', `/admin/api/packingSlip?orderId=${set}`);
    const [page] = await pageTexts(res.rawPayload);
    expect(page).toContain('Tulle Longline Bra');
    expect(page).toContain('Bra + Brief Set');
    expect(page).toContain('Sage');
    expect(page).toContain('Bra: M\nBrief: S');
    expect(page).toContain(FR_SHOPPER.city);
  });

  it("draws a piece's picture from its -small.jpg, and an empty frame where there is no picture file", async () => {
    const slips = (await t.admin('GET', '/admin/api/packingSlips')).rawPayload;
    // The first order's bra has its picture file; the brief and the set have none here.
    expect(await pagePictures(slips)).toEqual([1, 0]);
  });

  it('answers 404 for an order that does not exist and 400 for an order number that is not one', async () => {
    const missing = await t.admin('GET', '/admin/api/packingSlip?orderId=999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no order #999999999');
    expect((await t.admin('GET', '/admin/api/packingSlip?orderId=abc')).statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/api/packingSlip')).statusCode).toBe(400);
  });

  it('staff may print them; without a session, nobody', async () => {
    for (const url of ['/admin/api/packingSlips', `/admin/api/packingSlip?orderId=${first}`]) {
      const staff = await t.app.inject({ method: 'GET', url, headers: { cookie: staffCookie } });
      expect(staff.statusCode).toBe(200);
      expect(staff.headers['content-type']).toBe('application/pdf');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('with no order to ship, one page says so', async () => {
    await t.db.update(orders).set({ processed: true });
    try {
      const pages = await pageTexts((await t.admin('GET', '/admin/api/packingSlips')).rawPayload);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('No orders wait to be shipped.');
    } finally {
      await t.db.update(orders).set({ processed: false }).where(sql`${orders.id} in (${first}, ${set})`);
    }
  });
});
