// Several copies (issue 8, docs/operations.md "Running several copies"): two real server processes on
// one PostgreSQL database, every request going to the other copy than the one before, as a
// round-robin load balancer does. A shopper's session and bag, the owner's session and edits, and the
// newsletter job all work as on one copy. PostgreSQL only: PGlite is one process's database.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { rowsOf, type Database } from '../../src/server/db/client.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
import { freshDatabase } from '../support/test-database.js';

const onPostgres = inject('testDb').kind === 'postgres';
const OWNER = { email: 'owner@multi.test', password: 'multi-copy-owner-pass' };

let database: Database & { url?: string };
let copies: ShopProcess[] = [];
let turn = 0;

/** The next copy in turn, as a round-robin balancer would pick it. */
const next = () => copies[turn++ % copies.length]!;

async function call(method: string, url: string, { cookie = '', body }: { cookie?: string; body?: unknown } = {}) {
  const copy = next();
  const res = await fetch(copy.url + url, {
    method,
    headers: { cookie, origin: copy.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { res, copy, text: await res.text() };
}

/** A browser's cookie jar: later Set-Cookie headers replace earlier values. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
    get header() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
  };
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await freshDatabase('demo');
  const env = (n: number) => ({
    DATABASE_URL: database.url!,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `murashki-copy-${n}-`)),
    SEED: 'none',
    SESSION_SECRET: 'multi-copy-secret-multi-copy-secret-00',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: 'error',
  });
  // One after the other: the first creates the owner's account, the second finds it.
  copies = [await startShop(env(1))];
  copies.push(await startShop(env(2)));
}, 240_000);

afterAll(async () => {
  await Promise.all(copies.map((c) => c.stop()));
  await database?.close();
});

describe.skipIf(!onPostgres)('two copies on one PostgreSQL database, requests alternating', () => {
  it("keeps a shopper's session and bag, whichever copy answers", async () => {
    const shopper = jar();
    const items = JSON.parse((await call('GET', '/getAllItems')).text) as Item[];
    const pieces = items.flatMap((item) =>
      item.available_products.flatMap((p) =>
        p.colors.flatMap((c) =>
          c.available_sizes
            .filter((s) => !s.sold_out)
            .map((s) => ({ url: item.url, product_type: p.type, color: c.color_name, size: s.name })),
        ),
      ),
    );
    const token = await call('GET', '/token');
    shopper.take(token.res);

    const counts: number[] = [];
    for (const piece of pieces.slice(0, 4)) {
      const add = await call('POST', '/addToCart', { cookie: shopper.header, body: [piece] });
      expect(add.res.status, add.text).toBe(200);
      shopper.take(add.res);
      // Read back on the other copy: the bag it answers is the bag just written.
      const bag = await call('GET', '/getCart', { cookie: shopper.header });
      expect(bag.copy).not.toBe(add.copy);
      counts.push((JSON.parse(bag.text) as unknown[]).length);
    }
    expect(counts).toEqual([1, 2, 3, 4]);

    const removed = await call('POST', '/removeFromCart', { cookie: shopper.header, body: { index: 0, all: true } });
    expect(removed.res.status, removed.text).toBe(200);
    shopper.take(removed.res);
    expect(JSON.parse((await call('GET', '/getCart', { cookie: shopper.header })).text)).toHaveLength(3);
    expect(JSON.parse((await call('GET', '/getCart', { cookie: shopper.header })).text)).toHaveLength(3);
  });

  it('keeps the owner signed in on both, and shows an edit made on one copy on the other at once', async () => {
    const owner = jar();
    const signIn = await call('POST', '/authenticate', { body: OWNER });
    expect(signIn.res.status, signIn.text).toBe(200);
    expect(JSON.parse(signIn.text)).toEqual({ error: false });
    owner.take(signIn.res);
    // Signed in on one copy, recognised by the other (sessions live in the database).
    const check = await call('GET', '/checkToken', { cookie: owner.header });
    expect(check.copy).not.toBe(signIn.copy);
    expect(JSON.parse(check.text)).toBe(true);
    expect(JSON.parse((await call('GET', '/checkToken')).text)).toBe(false);

    const items = JSON.parse((await call('GET', '/getAllItems')).text) as Item[];
    const item = items[0]!;
    // Both copies have the catalog in memory before the edit.
    for (const _ of copies)
      expect(JSON.parse((await call('GET', `/product?url=${item.url}`)).text).title).toBe(item.title);
    // And each has rendered (and kept) the product's page.
    const pageTitle = async (copy: { url: string }) =>
      /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${copy.url}/product/${item.url}`)).text())?.[1];
    for (const copy of copies) expect(await pageTitle(copy)).toBe(item.title);

    const title = `${item.title} (two copies)`;
    const edit = await call('POST', '/admin/api/updateItem', {
      cookie: owner.header,
      body: { _id: item._id, item: { title } },
    });
    expect(edit.res.status, edit.text).toBe(200);
    // The next request goes to the other copy: it answers the new title (it re-reads the catalog
    // when told, or when its version check sees the change), within the read model's promise.
    const deadline = Date.now() + 1_000;
    let seen = '';
    while (Date.now() < deadline) {
      const other = edit.copy === copies[0] ? copies[1]! : copies[0]!;
      seen = ((await (await fetch(`${other.url}/product?url=${item.url}`)).json()) as Item).title;
      if (seen === title) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(title);
    // The kept page went with the old catalog.
    for (const copy of copies) expect(await pageTitle(copy)).toBe(title);
  });

  it('sends an Approved newsletter once to each subscriber, though both copies run the sender', async () => {
    const SUBSCRIBERS = 60;
    await database.db.execute(sql`
      insert into subscriptions (id, email, newsletter)
      select substr(md5('copy-sub-' || g), 1, 24), 'reader' || g || '@multi.test', true from generate_series(1, ${SUBSCRIBERS}) g`);
    const owner = jar();
    owner.take((await call('POST', '/authenticate', { body: OWNER })).res);
    const subject = `Two copies, one letter ${Date.now()}`;
    const created = await call('POST', '/admin/api/createNewsletter', {
      cookie: owner.header,
      body: {
        subject,
        emailContent: '# Hello\n\nOnce each.',
        scheduledAt: new Date(Date.now() + 60_000).toISOString(),
        status: 'Approved',
      },
    });
    expect(created.res.status, created.text).toBe(200);
    // Time passes: the letter is due now.
    await database.db.execute(
      sql`update newsletters set scheduled_at = now() - interval '1 second' where subject = ${subject}`,
    );

    const count = async () =>
      rowsOf<{ to: string; n: number }>(
        await database.db.execute(
          sql`select "to", count(*)::int as n from email_outbox where subject = ${subject} group by "to"`,
        ),
      );
    const deadline = Date.now() + 60_000;
    let rows = await count();
    while (rows.filter((r) => r.to.endsWith('@multi.test')).length < SUBSCRIBERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      rows = await count();
    }
    const readers = rows.filter((r) => r.to.endsWith('@multi.test'));
    expect(readers).toHaveLength(SUBSCRIBERS);
    expect(readers.every((r) => r.n === 1)).toBe(true);
  }, 90_000);
});
