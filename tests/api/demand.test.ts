// The Demand tab (issue 28 #3): open back-in-stock requests counted by item × colour × size (a set's
// piece too), sold-out sizes with waiting shoppers first; the notice sent once through the existing
// call even when asked twice at once; low stock at or under the owner's threshold (Settings, default
// 3), lowest first, edited in place (setStock: one size, never over an order placed meanwhile) with an
// Activity record; staff read and act.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminItem, CreateItemBody } from '../../src/contract/admin-catalog.js';
import type { DemandAnswer } from '../../src/contract/demand.js';
import { DEFAULT_SETTINGS } from '../../src/contract/values/settings.js';
import { hexId } from '../../src/server/db/ids.js';
import { activity, admins, emailOutbox, requestedNotifications, subscriptions } from '../../src/server/db/schema.js';
import { lowStock, waitingForSizes } from '../../src/server/modules/demand/demand-service.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom } from '../support/test-app.js';

let t: AdminTestApp;
let slip: AdminItem;
let set: AdminItem;
let hidden: AdminItem;
let staffCookie: string;
const STAFF = { email: 'staff.demand@murashki.test', password: 'staff horse battery' };

const create = async (body: CreateItemBody) => {
  const res = await t.admin('POST', '/admin/api/createItem', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as AdminItem;
};

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'empty' });
  slip = await create({
    title: 'Silk Slip',
    published: true,
    pictures: ['/uploads/pictures/slip.jpg'],
    available_products: [
      {
        type: 'slip',
        name: 'Slip Dress',
        price: 148,
        colors: [
          {
            color_name: 'Ivory',
            color_code: '#f2e9da',
            available_sizes: [
              { name: 'S', stock: 0 },
              { name: 'M', stock: 2 },
              { name: 'L', stock: 9 },
            ],
          },
          { color_name: 'Black', color_code: '#1f1c1d', available_sizes: [{ name: 'S', stock: 5 }] },
        ],
      },
    ],
  });
  set = await create({
    title: 'Lace Set',
    published: true,
    pictures: ['/uploads/pictures/set.jpg'],
    available_products: [
      {
        type: 'set',
        name: 'Bra and Brief',
        price: 120,
        pieces: ['Bra', 'Brief'],
        colors: [
          {
            color_name: 'Rose',
            color_code: '#d9b8a8',
            pieces: [
              { name: 'Bra', available_sizes: [{ name: '34C', stock: 1 }] },
              { name: 'Brief', available_sizes: [{ name: 'M', sold_out: true }] },
            ],
          },
        ],
      },
    ],
  });
  hidden = await create({
    title: 'Draft Robe',
    published: false,
    available_products: [
      {
        type: 'robe',
        name: 'Robe',
        price: 90,
        colors: [{ color_name: 'Sand', color_code: '#c2b280', available_sizes: [{ name: 'M', stock: 0 }] }],
      },
    ],
  });

  await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
  await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, STAFF.email));
  staffCookie = cookieFrom(await t.app.inject({ method: 'POST', url: '/authenticate', payload: STAFF }), 'admin_sid')!;
  expect(staffCookie).toBeTruthy();
});
afterAll(() => t?.close());

/** A subscriber who asked for these sizes (what /newsletterSub with itemData records). */
async function waitsFor(
  email: string,
  item: AdminItem,
  requests: { productType: string; color: string; piece?: string; size: string; notified?: boolean }[],
  unsubscribed = false,
) {
  const id = hexId();
  await t.db.insert(subscriptions).values({ id, email, unsubscribedAt: unsubscribed ? new Date() : null });
  for (const r of requests)
    await t.db.insert(requestedNotifications).values({
      subscriptionId: id,
      itemId: item._id,
      productType: r.productType,
      color: r.color,
      piece: r.piece ?? '',
      size: r.size,
      notifiedAt: r.notified ? new Date() : null,
    });
}

const demand = async (cookie?: string) => {
  const res = cookie
    ? await t.app.inject({ method: 'GET', url: '/admin/api/demand', headers: { cookie } })
    : await t.admin('GET', '/admin/api/demand');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DemandAnswer;
};
const key = (r: { title: string; color: string; size: string }) => `${r.title} ${r.color} ${r.size}`;

const ivory = { productType: 'slip', color: 'Ivory' };
beforeAll(async () => {
  // Ivory S (sold out): 3 waiting (+1 unsubscribed, +1 already notified, neither counted).
  await waitsFor('ann@example.com', slip, [
    { ...ivory, size: 'S' },
    { ...ivory, size: 'L' },
  ]);
  await waitsFor('bea@example.com', slip, [{ ...ivory, size: 'S' }]);
  await waitsFor('cy@example.com', slip, [{ ...ivory, size: 'S' }]);
  await waitsFor('gone@example.com', slip, [{ ...ivory, size: 'S' }], true);
  await waitsFor('told@example.com', slip, [{ ...ivory, size: 'S', notified: true }]);
  // Ivory L (in stock): 4 waiting: more wanted, but on sale, so after the sold-out sizes.
  for (const name of ['dee', 'eve', 'fay']) await waitsFor(`${name}@example.com`, slip, [{ ...ivory, size: 'L' }]);
  // The set's Brief M (sold out): 1 waiting, named with its piece.
  await waitsFor('gil@example.com', set, [{ productType: 'set', color: 'Rose', piece: 'Brief', size: 'M' }]);
});

describe('GET /admin/api/demand: shoppers waiting', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/demand' })).statusCode).toBe(401);
  });

  it('counts open requests by item × colour × size (a set by piece), sold-out sizes first, then by count', async () => {
    const { waiting } = await demand();
    expect(waiting.total).toBe(3);
    expect(waiting.rows.map((r) => [key(r), r.waiting, r.soldOut])).toEqual([
      ['Silk Slip Ivory S', 3, true],
      ['Lace Set Rose Brief M', 1, true],
      ['Silk Slip Ivory L', 4, false],
    ]);
    expect(waiting.rows[0]).toEqual({
      itemId: slip._id,
      title: 'Silk Slip',
      url: slip.url,
      picture: '/uploads/pictures/slip.jpg',
      product_type: 'slip',
      product_name: 'Slip Dress',
      color: 'Ivory',
      piece: '',
      size: 'S',
      stock: 0,
      soldOut: true,
      waiting: 3,
      offered: true,
    });
    expect(waiting.rows[1]).toMatchObject({ piece: 'Brief', size: 'Brief M', stock: null, product_type: 'set' });
  });
});

describe('GET /admin/api/demand: search and pages', () => {
  it('answers only the items whose title contains the search, in both lists', async () => {
    const res = await t.admin('GET', '/admin/api/demand?search=LACE');
    expect(res.statusCode, res.body).toBe(200);
    const { waiting, lowStock } = res.json() as DemandAnswer;
    expect(waiting.rows.map(key)).toEqual(['Lace Set Rose Brief M']);
    expect(waiting.total).toBe(1);
    expect(lowStock.rows.map(key)).toEqual(['Lace Set Rose Bra 34C']);
    expect((await t.admin('GET', '/admin/api/demand?waitingPage=-1')).statusCode).toBe(400);
  });

  it('pages each list in its order, the total counting every row', async () => {
    const second = await waitingForSizes(t.db, { page: 1, limit: 1 });
    expect(second.total).toBe(3);
    expect(second.rows.map(key)).toEqual(['Lace Set Rose Brief M']);
    const low = await lowStock(t.db, 3, { page: 2, limit: 1 });
    expect(low).toMatchObject({ total: 3, rows: [expect.objectContaining({ size: 'M', stock: 2 })] });
    const past = await t.admin('GET', '/admin/api/demand?waitingPage=1&lowPage=1');
    expect(past.json()).toMatchObject({ waiting: { rows: [], total: 3 }, lowStock: { rows: [], total: 3 } });
  });
});

describe('GET /admin/api/demand: low stock', () => {
  it('lists published sizes at or under the default threshold of 3, lowest first, with who waits', async () => {
    expect(DEFAULT_SETTINGS.insights.lowStockThreshold).toBe(3);
    const { lowStock } = await demand();
    expect(lowStock.threshold).toBe(3);
    // Draft Robe (stock 0) is not published; Brief M is not tracked; L (9) and Black S (5) are above 3.
    expect(lowStock.rows.map((r) => [key(r), r.stock, r.waiting])).toEqual([
      ['Silk Slip Ivory S', 0, 3],
      ['Lace Set Rose Bra 34C', 1, 0],
      ['Silk Slip Ivory M', 2, 0],
    ]);
    expect(lowStock.total).toBe(3);
    expect(lowStock.rows.some((r) => r.itemId === hidden._id)).toBe(false);
  });

  it('follows the threshold in Settings › Reports and reminders', async () => {
    const settings = (await t.admin('GET', '/admin/api/settings')).json();
    const saved = await t.admin('POST', '/admin/api/settings', {
      ...settings,
      insights: { ...settings.insights, lowStockThreshold: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { lowStock } = await demand();
    expect(lowStock.threshold).toBe(5);
    expect(lowStock.rows.map(key)).toEqual([
      'Silk Slip Ivory S',
      'Lace Set Rose Bra 34C',
      'Silk Slip Ivory M',
      'Silk Slip Black S',
    ]);
    const back = await t.admin('POST', '/admin/api/settings', settings);
    expect(back.statusCode, back.body).toBe(200);
    expect((await demand()).lowStock.threshold).toBe(3);
  });
});

/** What the Demand tab does to edit a size's stock in place: setStock, with the stock the screen showed. */
function setStock(
  cookie: string,
  itemId: string,
  where: { type: string; color: string; size: string; piece?: string },
  expected: number | null,
  stock: number,
) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/setStock',
    headers: { cookie, origin: t.config.publicUrl },
    payload: {
      itemId,
      product_type: where.type,
      color: where.color,
      piece: where.piece ?? '',
      name: where.size,
      expected,
      stock,
    },
  });
}

describe('acting on a row', () => {
  const send = (cookie: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/sendBackInStockNotification',
      headers: { cookie, origin: t.config.publicUrl },
      payload: { url: slip.url, email, size: 'S', product_type: 'slip', product_name: 'Slip Dress', color: 'Ivory' },
    });

  it('tells the owner the size is still sold out, and sends nothing', async () => {
    const res = await send(t.adminCookie, 'ann@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This size is still sold out');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'back_in_stock'))).toHaveLength(0);
  });

  it('refuses a stock the screen read before an order took a piece, and writes nothing', async () => {
    // The screen read 0; meanwhile the size's stock moved (an order, another person): 409, nothing written.
    const res = await setStock(t.adminCookie, slip._id, { type: 'slip', color: 'Ivory', size: 'S' }, 2, 9);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'The stock of slip, Ivory, S changed to 0 while you were editing (an order, or someone else). Check it and save again.',
    );
    const row = (await demand()).waiting.rows.find((r) => key(r) === 'Silk Slip Ivory S');
    expect(row).toMatchObject({ stock: 0, soldOut: true });
    const gone = await setStock(t.adminCookie, slip._id, { type: 'slip', color: 'Ivory', size: 'XL' }, 0, 1);
    expect(gone.statusCode).toBe(404);
    const bad = await setStock(t.adminCookie, slip._id, { type: 'slip', color: 'Ivory', size: 'S' }, 0, -1);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The stock cannot be negative');
  });

  it('sets one size in place (staff may), recorded in the Activity, and the lists follow', async () => {
    const res = await setStock(staffCookie, slip._id, { type: 'slip', color: 'Ivory', size: 'S' }, 0, 6);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stock: 6, soldOut: false });
    const [entry] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'stock.set')))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(entry).toMatchObject({
      summary: 'Set the stock of "Silk Slip" (slip, Ivory, S) to 6',
      adminEmail: STAFF.email,
    });
    expect(entry!.detail).toMatchObject({ before: 0, after: 6 });
    const { waiting, lowStock } = await demand(staffCookie);
    expect(waiting.rows.find((r) => key(r) === 'Silk Slip Ivory S')).toMatchObject({ soldOut: false, stock: 6 });
    // Sold-out sizes still come first: the set's Brief M is the only one left.
    expect(waiting.rows.map(key)).toEqual(['Lace Set Rose Brief M', 'Silk Slip Ivory L', 'Silk Slip Ivory S']);
    expect(lowStock.rows.map(key)).toEqual(['Lace Set Rose Bra 34C', 'Silk Slip Ivory M']);
  });

  it('sends one notice to a shopper when the send is asked twice at once (a double click)', async () => {
    const [a, b] = await Promise.all([send(t.adminCookie, 'ann@example.com'), send(t.adminCookie, 'ann@example.com')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'back_in_stock'), eq(emailOutbox.to, 'ann@example.com')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Silk Slip');
    // Staff send too; the row counts the shoppers still waiting.
    expect((await send(staffCookie, 'bea@example.com')).statusCode).toBe(200);
    const row = (await demand()).waiting.rows.find((r) => key(r) === 'Silk Slip Ivory S');
    expect(row?.waiting).toBe(1);
    const sent = await t.db.select().from(activity).where(eq(activity.kind, 'backInStock.sent'));
    expect(sent).toHaveLength(2);
  });

  it('marks a size the item no longer offers, still counting its shoppers', async () => {
    await waitsFor('hal@example.com', slip, [{ ...ivory, size: 'XS' }]);
    const row = (await demand()).waiting.rows.find((r) => key(r) === 'Silk Slip Ivory XS');
    expect(row).toMatchObject({ offered: false, soldOut: true, stock: null, waiting: 1 });
  });
});
