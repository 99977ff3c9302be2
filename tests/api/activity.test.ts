// Activity (issue 26 #6): every back-office change writes one entry — who, what kind, a summary a
// person reads, the detail — in the same transaction as the change; a refused change writes none and
// an entry never outlives its change. GET /admin/api/activity (owner only) answers them newest first,
// by person and kind, 50 a page; GET /admin/api/activity.csv streams every matching entry.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { desc, eq, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAnswer } from '../../src/contract/activity.js';
import { type AdminItem, CATALOG_CSV_COLUMNS } from '../../src/contract/admin-catalog.js';
import type { Item } from '../../src/contract/catalog.js';
import { formatPrice } from '../../src/domain/money.js';
import { hexId } from '../../src/server/db/ids.js';
import {
  activity,
  admins,
  categories,
  orders,
  promotions,
  requestedNotifications,
  sizes,
  subscriptions,
} from '../../src/server/db/schema.js';
import { recordActivity } from '../../src/server/modules/activity/activity-log.js';
import { type AdminTestApp, createAdminTestApp, TEST_ADMIN } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
let ownerId: number;
const STAFF = { email: 'staff.member@murashki.test', password: 'staff horse battery' };
let staffCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  ownerId = (await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!.id;
  await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
  await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, STAFF.email));
  const signedIn = await t.app.inject({ method: 'POST', url: '/authenticate', payload: STAFF });
  staffCookie = cookieFrom(signedIn, 'admin_sid')!;
  expect(staffCookie).toBeTruthy();
});
afterAll(() => t?.close());

const lastId = async () =>
  (await t.db.select({ id: activity.id }).from(activity).orderBy(desc(activity.id)).limit(1))[0]?.id ?? 0;

/** Makes the call and answers the entries it wrote (after checking its status). */
async function written(call: () => Promise<LightMyRequestResponse>, status = 200) {
  const before = await lastId();
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  return { res, entries: await t.db.select().from(activity).where(gt(activity.id, before)).orderBy(activity.id) };
}

/** The one entry a call wrote, by the owner. */
async function oneEntry(call: () => Promise<LightMyRequestResponse>) {
  const { res, entries } = await written(call);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({ adminId: ownerId, adminEmail: TEST_ADMIN.email });
  return { res, entry: entry! };
}

/** A call refused with `status` that writes no entry. */
async function noEntry(call: () => Promise<LightMyRequestResponse>, status: number) {
  const { entries } = await written(call, status);
  expect(entries).toEqual([]);
}

const slip = {
  title: 'Activity Slip',
  published: true,
  available_products: [
    {
      type: 'slip',
      name: 'Slip Dress',
      price: 148,
      colors: [{ color_name: 'Ivory', color_code: '#f2e9da', available_sizes: [{ name: 'S' }, { name: 'M' }] }],
    },
  ],
};

describe('catalog changes', () => {
  let item: AdminItem;

  it('creating an item writes "Created" with its title and id', async () => {
    const { res, entry } = await oneEntry(() => t.admin('POST', '/admin/api/createItem', slip));
    item = res.json().item;
    expect(entry).toMatchObject({ kind: 'item.created', summary: 'Created "Activity Slip"' });
    expect(entry.detail).toMatchObject({ itemId: item._id, title: 'Activity Slip', url: item.url });
  });

  it('updating an item names the fields changed, with before and after', async () => {
    const product = item.available_products[0]!;
    const colors = [{ ...product.colors[0]!, available_sizes: [...product.colors[0]!.available_sizes, { name: 'L' }] }];
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/updateItem', {
        _id: item._id,
        item: { published: false, available_products: [{ ...product, price: 158, colors }] },
      }),
    );
    expect(entry).toMatchObject({ kind: 'item.updated', summary: 'Updated "Activity Slip": published, price, sizes' });
    expect(entry.detail).toMatchObject({
      itemId: item._id,
      fields: ['published', 'price', 'sizes'],
      changes: {
        published: { from: true, to: false },
        available_products: {
          prices: [{ type: 'slip', from: 148, to: 158 }],
          sizesAdded: [{ type: 'slip', color: 'Ivory', size: 'L' }],
        },
      },
    });
  });

  it('a renamed item is named by its new title, the old one kept in the detail', async () => {
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/updateItem', { _id: item._id, item: { title: 'Activity Slip II' } }),
    );
    expect(entry.summary).toBe('Updated "Activity Slip II": title');
    expect(entry.detail).toMatchObject({ changes: { title: { from: 'Activity Slip', to: 'Activity Slip II' } } });
  });

  it('a save that changes nothing writes nothing', async () => {
    await noEntry(() => t.admin('POST', '/admin/api/updateItem', { _id: item._id, item: { published: false } }), 200);
  });

  it('editing the landing tiles (editItem) is an item update naming them', async () => {
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/editItem', {
        _id: item._id,
        key: 'landing',
        value: [{ layout: 'textDataLayout1', data: { title: 'The slip', subtitle: 'Cut on the bias' } }],
      }),
    );
    expect(entry).toMatchObject({ kind: 'item.updated', summary: 'Updated "Activity Slip II": landing tiles' });
  });

  it('refused item changes (400, 404) write nothing', async () => {
    await noEntry(() => t.admin('POST', '/admin/api/createItem', { ...slip, title: '' }), 400);
    await noEntry(() => t.admin('POST', '/admin/api/updateItem', { _id: hexId(), item: { title: 'Nobody' } }), 404);
    await noEntry(() => t.admin('POST', '/admin/api/deleteItem', { _id: hexId() }), 404);
    await noEntry(() => t.admin('POST', '/admin/api/editItem', { _id: hexId(), key: 'landing', value: [] }), 404);
  });

  it('reviews: added, changed (with the fields) and deleted, each one entry', async () => {
    const added = await oneEntry(() =>
      t.admin('POST', '/admin/review', {
        productId: item._id,
        title: 'Lovely',
        description: 'Soft and light.',
        rating: 5,
        authorName: 'Ann',
      }),
    );
    const review = added.res.json().review;
    expect(added.entry).toMatchObject({
      kind: 'review.saved',
      summary: 'Added a review of "Activity Slip II" by Ann',
    });
    const changed = await oneEntry(() =>
      t.admin('POST', '/admin/review', {
        id: review._id,
        productId: item._id,
        title: 'Lovely',
        description: 'Soft and light.',
        rating: 4,
        authorName: 'Ann',
      }),
    );
    expect(changed.entry).toMatchObject({
      kind: 'review.saved',
      summary: 'Updated the review "Lovely" of "Activity Slip II": rating',
    });
    expect(changed.entry.detail).toMatchObject({ changes: { rating: { from: 5, to: 4 } } });
    const deleted = await oneEntry(() => t.admin('POST', '/admin/deleteReview', { id: review._id }));
    expect(deleted.entry).toMatchObject({
      kind: 'review.deleted',
      summary: 'Deleted the review "Lovely" of "Activity Slip II"',
    });
    await noEntry(() => t.admin('POST', '/admin/deleteReview', { id: review._id }), 404);
    await noEntry(
      () =>
        t.admin('POST', '/admin/review', {
          productId: hexId(),
          title: 'x',
          description: 'y',
          authorName: 'z',
        }),
      404,
    );
  });

  it('deleting an item writes "Deleted" with the title it had', async () => {
    const { entry } = await oneEntry(() => t.admin('POST', '/admin/api/deleteItem', { _id: item._id }));
    expect(entry).toMatchObject({ kind: 'item.deleted', summary: 'Deleted "Activity Slip II"' });
  });

  it('categories: created and deleted, each one entry; a duplicate writes none', async () => {
    const created = await oneEntry(() => t.admin('POST', '/admin/api/createCategory', { title: 'Loungewear' }));
    expect(created.entry).toMatchObject({ kind: 'category.created', summary: 'Created the category "Loungewear"' });
    await noEntry(() => t.admin('POST', '/admin/api/createCategory', { title: 'Loungewear' }), 409);
    const deleted = await oneEntry(() => t.admin('POST', '/admin/api/deleteCategory', { key: 'loungewear' }));
    expect(deleted.entry).toMatchObject({ kind: 'category.deleted', summary: 'Deleted the category "Loungewear"' });
    await noEntry(() => t.admin('POST', '/admin/api/deleteCategory', { key: 'loungewear' }), 404);
  });

  it('a bulk edit is one entry counting the items', async () => {
    const [a, b] = all;
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/bulk/update', {
        items: [
          { _id: a!._id, position: 7 },
          { _id: b!._id, position: 8 },
        ],
      }),
    );
    expect(entry).toMatchObject({ kind: 'items.bulk', summary: 'Changed 2 items in the bulk editor' });
    expect(entry.detail).toMatchObject({ count: 2 });
    await noEntry(() => t.admin('POST', '/admin/api/bulk/update', { items: [{ _id: hexId(), position: 1 }] }), 400);
  });

  it('a CSV import is one entry counting what it created and updated; a dry run writes none', async () => {
    const [first] = all;
    const line = (over: Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>) =>
      CATALOG_CSV_COLUMNS.map((c) => over[c] ?? '');
    const csv = stringify(
      [
        line({ title: 'Imported Robe', url: 'imported-robe', published: 'false' }),
        line({ item_id: first!._id, url: first!.url, title: first!.title, published: 'true', position: '3' }),
      ],
      { header: true, columns: [...CATALOG_CSV_COLUMNS] },
    );
    const upload = (query: string) => {
      const boundary = '----activityimport';
      return t.app.inject({
        method: 'POST',
        url: `/admin/api/bulk/import${query}`,
        headers: {
          cookie: t.adminCookie,
          origin: t.config.publicUrl,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
        ),
      });
    };
    await noEntry(() => upload('?dryRun=true'), 200);
    const { entry } = await oneEntry(() => upload(''));
    expect(entry).toMatchObject({
      kind: 'items.bulk',
      summary: 'Imported a catalog CSV: 1 item created, 1 item updated',
    });
    expect(entry.detail).toMatchObject({ created: 1, updated: 1 });
  });

  it('a back-in-stock notice sent is one entry naming the item, size and subscriber', async () => {
    const piece = all.find((i) => i.url === 'silk-balconette-bra')!;
    const product = piece.available_products[0]!;
    const color = product.colors[0]!;
    const size = color.available_sizes.find((s) => !s.sold_out)!;
    const subscriptionId = hexId();
    await t.db.insert(subscriptions).values({ id: subscriptionId, email: 'waiting@example.com' });
    await t.db.insert(requestedNotifications).values({
      subscriptionId,
      itemId: piece._id,
      productType: product.type,
      color: color.color_name,
      size: size.name,
    });
    const send = () =>
      t.admin('POST', '/admin/api/sendBackInStockNotification', {
        url: piece.url,
        email: 'waiting@example.com',
        picture: '',
        size: size.name,
        product_type: product.type,
        product_name: product.name,
        color: color.color_name,
        price: product.price,
      });
    const { entry } = await oneEntry(send);
    expect(entry).toMatchObject({
      kind: 'backInStock.sent',
      summary: `Sent a back-in-stock notice for "${piece.title}" (${product.name}, ${color.color_name}, ${size.name}) to waiting@example.com`,
    });
    // The same notice again is refused (already sent): no second entry.
    await noEntry(send, 409);
  });
});

describe('orders, labels and refunds', () => {
  const order = () => placeOrder(t.app, { pieces: [selectionOf(all, 'silk-bikini-brief')] });

  it('custom tracking is one entry with the carrier (the link’s site) and the number; the same tracking again writes none', async () => {
    const orderId = await order();
    const assign = () =>
      t.admin('POST', '/admin/api/assignCustomTracking', {
        orderId,
        trackingNumber: '9400111',
        trackingUrlLink: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111',
      });
    const { entry } = await oneEntry(assign);
    expect(entry).toMatchObject({
      kind: 'tracking.assigned',
      summary: `Custom tracking 9400111 (usps.com) for order ${orderId}`,
      detail: { orderId, carrier: 'usps.com', trackingNumber: '9400111' },
    });
    await noEntry(assign, 200);
    await noEntry(
      () =>
        t.admin('POST', '/admin/api/assignCustomTracking', {
          orderId: 999_999_999,
          trackingNumber: '1',
          trackingUrlLink: 'https://track.example/1',
        }),
      404,
    );
  });

  it('a label bought is one entry with carrier, service and amount', async () => {
    const orderId = await order();
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/markAsProcessed', { orderId, rateId: 'rate_table_usps_priority' }),
    );
    expect(entry).toMatchObject({
      kind: 'label.bought',
      summary: `Bought a USPS Priority Mail label for order ${orderId} ($9.35)`,
      detail: { orderId, carrier: 'USPS', service: 'Priority Mail', amount: '9.35' },
    });
    // Asking again answers the label already bought: nothing new happened, nothing is written.
    await noEntry(
      () => t.admin('POST', '/admin/api/markAsProcessed', { orderId, rateId: 'rate_table_ups_ground' }),
      200,
    );
  });

  /** A shipped order with a return of every piece; answers its number and the refund in cents. */
  async function returned(): Promise<{ orderId: number; cents: number }> {
    const orderId = await order();
    const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId,
      trackingNumber: `T${orderId}`,
      trackingUrlLink: `https://track.example/${orderId}`,
    });
    expect(shipped.statusCode).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const requested = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: {
        creditSelected: false,
        orderId,
        items: row!.lines.map((l, index) => ({ index, quantity: l.quantity })),
        international: false,
      },
      remoteAddress: `10.9.0.${orderId % 250}`,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    return { orderId, cents: after!.returnRequest!.totalRefundCents };
  }

  it('a refund is one entry with its amount and method', async () => {
    const original = await returned();
    const { entry } = await oneEntry(() =>
      t.admin('POST', '/admin/api/refundReturn', {
        orderId: original.orderId,
        method: 'original_payment',
        restock: false,
      }),
    );
    expect(entry).toMatchObject({
      kind: 'refund.made',
      summary: `Refunded ${formatPrice(original.cents)} to the original payment for order ${original.orderId}`,
      detail: { orderId: original.orderId, amount: original.cents / 100, method: 'original_payment' },
    });

    const credit = await returned();
    const res = await oneEntry(() =>
      t.admin('POST', '/admin/api/refundReturn', { orderId: credit.orderId, method: 'store_credit', restock: true }),
    );
    const code = res.res.json().giftCode;
    expect(res.entry).toMatchObject({
      kind: 'refund.made',
      summary: `Refunded ${formatPrice(credit.cents)} to store credit (${code}) for order ${credit.orderId}`,
      detail: { method: 'store_credit', giftCode: code, restocked: 1 },
    });
    // Refunding again is refused: no second entry.
    await noEntry(
      () =>
        t.admin('POST', '/admin/api/refundReturn', { orderId: credit.orderId, method: 'store_credit', restock: false }),
      409,
    );
  });

  it('a refund the payment provider refuses writes no entry', async () => {
    const { orderId } = await returned();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await t.app.ctx.services.payments.card.refund(row!.paymentReference!);
    await noEntry(
      () => t.admin('POST', '/admin/api/refundReturn', { orderId, method: 'original_payment', restock: false }),
      422,
    );
  });
});

describe('promotions', () => {
  let id: number;

  it('created, changed (with the fields) and deleted, each one entry; the password never recorded', async () => {
    const created = await oneEntry(() =>
      t.admin('POST', '/admin/api/createPromotions', {
        code: 'ACTIVITY15',
        type: 'percentage',
        discount: 0.85,
        password: 'secret pass 1',
      }),
    );
    id = created.res.json().promotion._id;
    expect(created.entry).toMatchObject({
      kind: 'promotion.created',
      summary: 'Created the promo code ACTIVITY15 (15% off)',
    });
    const changed = await oneEntry(() =>
      t.admin('POST', '/admin/api/updatePromotions', {
        _id: id,
        discount: 0.8,
        usageLimit: 10,
        password: 'new pass 22',
      }),
    );
    expect(changed.entry).toMatchObject({
      kind: 'promotion.updated',
      summary: 'Changed the promo code ACTIVITY15: discount, usage limit, password',
    });
    expect(changed.entry.detail).toMatchObject({
      changes: { discount: { from: 0.85, to: 0.8 }, usageLimit: { from: null, to: 10 } },
    });
    const deleted = await oneEntry(() => t.admin('POST', '/admin/api/deletePromotions', { _id: id }));
    expect(deleted.entry).toMatchObject({ kind: 'promotion.deleted', summary: 'Deleted the promo code ACTIVITY15' });
    const text = JSON.stringify([created.entry, changed.entry, deleted.entry]);
    expect(text).not.toContain('secret pass 1');
    expect(text).not.toContain('new pass 22');
    expect(text).not.toContain('$argon2');
  });

  it('refused promotion changes write nothing', async () => {
    await noEntry(
      () => t.admin('POST', '/admin/api/createPromotions', { code: 'X', type: 'percentage', discount: 2 }),
      400,
    );
    await noEntry(() => t.admin('POST', '/admin/api/updatePromotions', { _id: id, discount: 0.5 }), 404);
    await noEntry(() => t.admin('POST', '/admin/api/deletePromotions', { _id: id }), 404);
  });
});

describe('newsletters', () => {
  const later = new Date(Date.now() + 7 * 24 * 3600_000);
  later.setUTCSeconds(0, 0);
  const when = `${later.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const draft = {
    subject: 'Winter silks',
    emailContent: '<p>New in.</p>',
    status: 'Draft',
    scheduledAt: later.toISOString(),
  };
  let id: string;

  it('created, changed, approved, test-sent and canceled: one entry each', async () => {
    const created = await oneEntry(() => t.admin('POST', '/admin/api/createNewsletter', draft));
    id = created.res.json().newsletter._id;
    expect(created.entry).toMatchObject({
      kind: 'newsletter.created',
      summary: `Created the newsletter "Winter silks" (Draft, to go out ${when})`,
    });
    const changed = await oneEntry(() =>
      t.admin('POST', '/admin/api/editNewsletter', { ...draft, id, emailContent: '<p>New in, softly.</p>' }),
    );
    expect(changed.entry).toMatchObject({
      kind: 'newsletter.updated',
      summary: 'Changed the newsletter "Winter silks": text',
    });
    const approved = await oneEntry(() =>
      t.admin('POST', '/admin/api/editNewsletter', {
        ...draft,
        id,
        emailContent: '<p>New in, softly.</p>',
        status: 'Approved',
      }),
    );
    expect(approved.entry).toMatchObject({
      kind: 'newsletter.approved',
      summary: `Approved the newsletter "Winter silks" to go out ${when}`,
      detail: { changes: { status: { from: 'Draft', to: 'Approved' } } },
    });
    const test = await oneEntry(() =>
      t.admin('POST', '/admin/api/sendTestNewsletter', { id, email: 'me@example.com' }),
    );
    expect(test.entry).toMatchObject({
      kind: 'newsletter.testSent',
      summary: 'Sent a test of the newsletter "Winter silks" to me@example.com',
    });
    const canceled = await oneEntry(() => t.admin('POST', '/admin/api/cancelNewsletter', { id }));
    expect(canceled.entry).toMatchObject({
      kind: 'newsletter.canceled',
      summary: 'Canceled the newsletter "Winter silks"',
    });
  });

  it('refused newsletter changes write nothing', async () => {
    await noEntry(() => t.admin('POST', '/admin/api/createNewsletter', { ...draft, subject: ' ' }), 400);
    await noEntry(() => t.admin('POST', '/admin/api/editNewsletter', { ...draft, id }), 404);
    await noEntry(() => t.admin('POST', '/admin/api/cancelNewsletter', { id }), 404);
  });
});

describe('an entry and its change are written together or not at all', () => {
  it('a change the database refuses at commit leaves no entry', async () => {
    // A deferred check that fails at commit, after the entry was written in the same transaction.
    await t.db.execute(sql`create function refuse_promo() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await t.db.execute(sql`create constraint trigger refuse_promo after insert on promotions
      deferrable initially deferred for each row when (new.code = 'ROLLBACK1') execute function refuse_promo()`);
    try {
      await noEntry(
        () => t.admin('POST', '/admin/api/createPromotions', { code: 'ROLLBACK1', type: 'dollarAmount', discount: 5 }),
        500,
      );
      expect(await t.db.select().from(promotions).where(eq(promotions.code, 'ROLLBACK1'))).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_promo on promotions`);
      await t.db.execute(sql`drop function refuse_promo()`);
    }
  });

  it('an entry that cannot be written takes its change with it', async () => {
    await t.db.execute(sql`create function refuse_entry() returns trigger language plpgsql as $$
      begin raise exception 'no entry'; end $$`);
    await t.db.execute(sql`create trigger refuse_entry before insert on activity
      for each row when (new.kind = 'category.created') execute function refuse_entry()`);
    try {
      await noEntry(() => t.admin('POST', '/admin/api/createCategory', { title: 'Never Saved' }), 500);
      expect(await t.db.select().from(categories).where(eq(categories.key, 'neversaved'))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/getCategories' })).body).not.toContain('Never Saved');
    } finally {
      await t.db.execute(sql`drop trigger refuse_entry on activity`);
      await t.db.execute(sql`drop function refuse_entry()`);
    }
  });
});

describe('GET /admin/api/activity', () => {
  const get = (query = '', cookie = t.adminCookie) =>
    t.app.inject({ method: 'GET', url: `/admin/api/activity${query}`, headers: { cookie } });

  it('answers 401 without a session and 403 to staff, for the list and the CSV', async () => {
    for (const url of ['/admin/api/activity', '/admin/api/activity.csv']) {
      const none = await t.app.inject({ method: 'GET', url });
      expect(none.statusCode).toBe(401);
      const staff = await t.app.inject({ method: 'GET', url, headers: { cookie: staffCookie } });
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toMatchObject({ error: 'forbidden', message: 'Only the shop owner can do this' });
    }
  });

  it("records a staff member's change under their name, and filters by person (email or id) and kind", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createCategory',
      payload: { title: 'Staff Picks' },
      headers: { cookie: staffCookie, origin: t.config.publicUrl },
    });
    expect(res.statusCode, res.body).toBe(200);
    const staffId = (await t.db.select().from(admins).where(eq(admins.email, STAFF.email)))[0]!.id;

    const everyone = (await get()).json() as ActivityAnswer;
    expect(everyone.entries[0]).toMatchObject({
      person: STAFF.email,
      kind: 'category.created',
      label: 'Category created',
      summary: 'Created the category "Staff Picks"',
    });
    expect(everyone.people).toEqual(
      expect.arrayContaining([
        { id: ownerId, email: TEST_ADMIN.email },
        { id: staffId, email: STAFF.email },
      ]),
    );
    expect(everyone.kinds).toEqual(expect.arrayContaining([{ kind: 'refund.made', label: 'Refund' }]));

    for (const person of [STAFF.email.toUpperCase(), String(staffId)]) {
      const mine = (await get(`?person=${encodeURIComponent(person)}`)).json() as ActivityAnswer;
      expect(mine.entries.map((e) => e.summary)).toEqual(['Created the category "Staff Picks"']);
    }
    const byKind = (await get('?kind=promotion.created')).json() as ActivityAnswer;
    expect(byKind.entries.map((e) => e.summary)).toEqual(['Created the promo code ACTIVITY15 (15% off)']);
    const both = (await get(`?person=${TEST_ADMIN.email}&kind=category.created`)).json() as ActivityAnswer;
    expect(both.entries.map((e) => e.summary)).toEqual(['Created the category "Loungewear"']);
    // An empty filter is no filter.
    expect((await get('?person=&kind=&page=')).json().entries).toEqual(everyone.entries);
  });

  it('answers newest first, 50 a page, with hasMore', async () => {
    const actor = { id: ownerId, email: TEST_ADMIN.email };
    for (let n = 1; n <= 120; n++)
      await recordActivity(t.db, actor, { kind: 'home.changed', summary: `Home change ${n}`, detail: { n } });
    const pages = [];
    for (let page = 0; page < 3; page++)
      pages.push((await get(`?kind=home.changed&page=${page}`)).json() as ActivityAnswer);
    expect(pages.map((p) => p.entries.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.map((p) => p.page)).toEqual([0, 1, 2]);
    const summaries = pages.flatMap((p) => p.entries.map((e) => e.summary));
    expect(summaries).toEqual(Array.from({ length: 120 }, (_, i) => `Home change ${120 - i}`));
    const ats = pages.flatMap((p) => p.entries.map((e) => e.at));
    expect([...ats].sort().reverse()).toEqual(ats);
  });

  it('refuses an unknown kind and a bad page with 400', async () => {
    expect((await get('?kind=nonsense')).statusCode).toBe(400);
    expect((await get('?page=-1')).statusCode).toBe(400);
  });

  it('the CSV answers text/csv with every matching entry, newest first, read in batches', async () => {
    // 620 entries written at the same instant (one statement): the batches must still not skip or repeat one.
    await t.db.execute(sql`insert into activity (admin_id, admin_email, kind, summary, detail)
      select ${ownerId}, ${TEST_ADMIN.email}, 'settings.changed', 'Bulk ' || n, jsonb_build_object('n', n)
        from generate_series(1, 620) n`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/activity.csv?kind=settings.changed',
      headers: { cookie: t.adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('activity.csv');
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['at', 'person', 'kind', 'summary', 'detail']);
    expect(rows).toHaveLength(620);
    expect(new Set(rows.map((r) => r.summary)).size).toBe(620);
    expect(rows[0]).toMatchObject({ person: TEST_ADMIN.email, kind: 'settings.changed', summary: 'Bulk 620' });
    expect(JSON.parse(rows[0]!.detail!)).toEqual({ n: 620 });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/admin/api/activity.csv?person=${encodeURIComponent(STAFF.email)}`,
      headers: { cookie: t.adminCookie },
    });
    const staffRows = parse(mine.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(staffRows.map((r) => r.summary)).toEqual(['Created the category "Staff Picks"']);
  });
});
