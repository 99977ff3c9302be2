// Back-in-stock from the owner's side (issue 6): a size's subscriber list, and one email per chosen
// subscriber through the outbox (HTML + text, picture, link, unsubscribe link), the request marked.
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminItem, CreateItemBody } from '../../src/contract/admin-catalog.js';
import { hexId } from '../../src/server/db/ids.js';
import { emailOutbox, requestedNotifications, subscriptions } from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { startSmtpSink } from '../support/smtp-sink.js';

const quietLog = { warn: () => {}, info: () => {} };
let t: AdminTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let item: AdminItem;

beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
  t = await createAdminTestApp({ fixture: 'empty', mailer, env: { PUBLIC_URL: 'https://shop.example' } });
  const res = await t.admin('POST', '/admin/api/createItem', {
    title: 'Silk <Slip> & Co',
    published: true,
    pictures: ['/uploads/pictures/main.jpg'],
    available_products: [
      {
        type: 'slip',
        name: 'Slip Dress',
        price: 148,
        colors: [
          {
            color_name: 'Ivory',
            color_code: '#f2e9da',
            color_picture: '/uploads/pictures/ivory.jpg',
            available_sizes: [
              { name: 'S', stock: 0 },
              { name: 'M', stock: 0 },
            ],
          },
          { color_name: 'Black', color_code: '#1f1c1d', available_sizes: [{ name: 'S', sold_out: true }] },
        ],
      },
    ],
  });
  item = res.json().item;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** A subscriber who asked for these sizes of the test item (what /newsletterSub with itemData records). */
async function subscriber(
  email: string,
  requests: { productType?: string; color?: string; size: string; notified?: boolean }[],
  unsubscribed = false,
) {
  const id = hexId();
  await t.db.insert(subscriptions).values({ id, email, unsubscribedAt: unsubscribed ? new Date() : null });
  for (const r of requests) {
    await t.db.insert(requestedNotifications).values({
      subscriptionId: id,
      itemId: item._id,
      productType: r.productType ?? 'slip',
      color: r.color ?? 'Ivory',
      size: r.size,
      notifiedAt: r.notified ? new Date() : null,
    });
  }
  return id;
}
const restock = (colors: NonNullable<CreateItemBody['available_products']>[number]['colors']) =>
  t.admin('POST', '/admin/api/updateItem', {
    _id: item._id,
    item: { available_products: [{ ...item.available_products[0]!, colors }] },
  });
const send = (email: string, over: Record<string, unknown> = {}) =>
  t.admin('POST', '/admin/api/sendBackInStockNotification', {
    url: item.url,
    email,
    picture: '/uploads/pictures/ivory.jpg',
    size: 'S',
    product_type: 'slip',
    product_name: 'Slip Dress',
    color: 'Ivory',
    price: 148,
    ...over,
  });

let ann: string, bea: string, cat: string, dan: string, eve: string;
beforeAll(async () => {
  ann = await subscriber('ann@example.com', [{ size: 'S' }, { size: 'M' }]);
  bea = await subscriber('Bea@Example.com', [{ size: 'S' }]);
  cat = await subscriber('cat@example.com', [{ size: 'S', notified: true }]);
  dan = await subscriber('dan@example.com', [{ size: 'S' }], true);
  eve = await subscriber('eve@example.com', [{ size: 'S', color: 'Black' }]);
});

describe('POST /admin/api/getItemSubscriptions', () => {
  it('lists the subscribers waiting for the size, and everyone who asked about the item', async () => {
    const res = await t.admin('POST', '/admin/api/getItemSubscriptions', {
      url: item.url,
      sizeName: 'S',
      product_type: 'slip',
      color: 'Ivory',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { filteredSubscriptions, allSubscriptions } = res.json();
    expect(filteredSubscriptions.map((s: { email: string }) => s.email)).toEqual([
      'ann@example.com',
      'Bea@Example.com',
    ]);
    expect(allSubscriptions.map((s: { _id: string }) => s._id).sort()).toEqual([ann, bea, cat, dan, eve].sort());
    expect(filteredSubscriptions[0]).toEqual({
      _id: ann,
      email: 'ann@example.com',
      unsubscribed: false,
      requestedNotifications: [
        { product_type: 'slip', color: 'Ivory', size: 'S', notified_at: null },
        { product_type: 'slip', color: 'Ivory', size: 'M', notified_at: null },
      ],
    });
    expect(allSubscriptions.find((s: { _id: string }) => s._id === cat).requestedNotifications[0].notified_at).toEqual(
      expect.any(String),
    );
    expect(allSubscriptions.find((s: { _id: string }) => s._id === dan).unsubscribed).toBe(true);
  });

  it('without a colour, lists the size in any colour', async () => {
    const res = await t.admin('POST', '/admin/api/getItemSubscriptions', { url: item.url, sizeName: 'S' });
    expect(res.json().filteredSubscriptions.map((s: { _id: string }) => s._id)).toEqual([ann, bea, eve]);
  });

  it('answers 404 for an unknown item and 400 without a size', async () => {
    expect((await t.admin('POST', '/admin/api/getItemSubscriptions', { url: 'nope', sizeName: 'S' })).statusCode).toBe(
      404,
    );
    expect((await t.admin('POST', '/admin/api/getItemSubscriptions', { url: item.url })).statusCode).toBe(400);
  });
});

describe('POST /admin/api/sendBackInStockNotification', () => {
  it('refuses while the size is still sold out, and sends nothing', async () => {
    const res = await send('ann@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This size is still sold out');
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('once restocked, sends one email per chosen subscriber through the outbox and marks the request', async () => {
    const colors = item.available_products[0]!.colors;
    const restocked = await restock([
      { ...colors[0]!, available_sizes: [{ name: 'S', sold_out: false, stock: 4 }, colors[0]!.available_sizes[1]!] },
      colors[1]!,
    ]);
    expect(restocked.statusCode, restocked.body).toBe(200);

    for (const email of ['ann@example.com', 'bea@example.com']) {
      const res = await send(email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: 'Successfuly sent notification' });
    }
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'back_in_stock'));
    expect(rows.map((r) => r.to).sort()).toEqual(['Bea@Example.com', 'ann@example.com']);

    const annMail = rows.find((r) => r.to === 'ann@example.com')!;
    expect(annMail.subject).toBe('Back in stock: Silk <Slip> & Co');
    // The piece's picture (its colour's preview), its page, the unsubscribe link, in both parts.
    expect(annMail.html).toContain('src="https://shop.example/uploads/pictures/ivory-preview.jpg"');
    expect(annMail.html).toContain(`href="https://shop.example/product/${item.url}"`);
    expect(annMail.html).toContain(`href="https://shop.example/unsubscribe/${ann}"`);
    expect(annMail.html).toContain('Silk &lt;Slip&gt; &amp; Co');
    expect(annMail.html).not.toContain('<Slip>');
    expect(annMail.html).toContain('$148');
    expect(annMail.text).toContain(`https://shop.example/product/${item.url}`);
    expect(annMail.text).toContain(`Unsubscribe: https://shop.example/unsubscribe/${ann}`);
    expect(annMail.text).toContain('Colour: Ivory');
    expect(annMail.text).toContain('Size: S');

    const [request] = await t.db
      .select()
      .from(requestedNotifications)
      .where(and(eq(requestedNotifications.subscriptionId, ann), eq(requestedNotifications.size, 'S')));
    expect(request!.notifiedAt).toBeInstanceOf(Date);
    // Ann's other size is still waiting.
    const [other] = await t.db
      .select()
      .from(requestedNotifications)
      .where(and(eq(requestedNotifications.subscriptionId, ann), eq(requestedNotifications.size, 'M')));
    expect(other!.notifiedAt).toBeNull();

    // The outbox delivers them over SMTP.
    expect(await outboxWorker(t.db, t.mailer, quietLog).runOnce()).toBe(2);
    expect(sink.received.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual(['ann@example.com', 'bea@example.com']);

    // Sent ones leave the waiting list.
    const list = await t.admin('POST', '/admin/api/getItemSubscriptions', {
      url: item.url,
      sizeName: 'S',
      product_type: 'slip',
      color: 'Ivory',
    });
    expect(list.json().filteredSubscriptions).toEqual([]);
  });

  it('sends once: a second click for the same subscriber is refused', async () => {
    const res = await send('ann@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscriber has no pending request for this size');
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ann@example.com'))).length).toBe(1);
  });

  it('takes name, price and picture from the catalog, not from the call', async () => {
    const colors = item.available_products[0]!.colors;
    await restock([
      {
        ...colors[0]!,
        available_sizes: [
          { name: 'S', stock: 4 },
          { name: 'M', stock: 2 },
        ],
      },
      colors[1]!,
    ]);
    const res = await send('ann@example.com', {
      size: 'M',
      price: 1,
      product_name: 'Free stuff',
      picture: 'https://evil.example/x.jpg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'ann@example.com'), eq(emailOutbox.status, 'pending')));
    expect(mail!.html).toContain('$148');
    expect(mail!.html).toContain('Slip Dress');
    expect(mail!.html).not.toContain('evil.example');
    expect(mail!.html).not.toContain('Free stuff');
  });

  it('refuses an unsubscribed subscriber, an unknown email, an unknown size and a bad email', async () => {
    expect((await send('dan@example.com')).statusCode).toBe(409);
    expect((await send('nobody@example.com')).statusCode).toBe(404);
    expect((await send('cat@example.com', { size: 'XXL' })).statusCode).toBe(404);
    const bad = await send('not an email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid email address\./);
    expect((await send('ann@example.com', { url: 'no-such-item' })).statusCode).toBe(404);
  });
});
