// The bag cache (src/server/modules/cart/bag-cache.ts) over real HTTP, two server copies on one
// database: an unchanged bag is answered from memory before Fastify, and no copy ever answers a bag
// older than the shopper's last change — the version cookie carries the change to the other copy.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { items, sizes } from '../../src/server/db/schema.js';
import { newBagVersion } from '../../src/server/modules/cart/bag-cache.js';
import { sizeKeyOf, sizeRowOf } from '../support/sizes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let a: TestApp;
let b: TestApp;
const urls = { a: '', b: '' };
const throughFastify = { a: 0, b: 0 };
let all: Item[];

beforeAll(async () => {
  a = await createTestApp({
    fixture: 'demo',
    beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify.a++),
  });
  // A second copy of the server on the same database, with its own memory (its own bag cache).
  b = await createTestApp({
    database: a.database,
    beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify.b++),
  });
  urls.a = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urls.b = await b.app.listen({ port: 0, host: '127.0.0.1' });
  all = (await (await fetch(`${urls.a}/getAllItems`)).json()) as Item[];
});
afterAll(async () => {
  await b.app.close();
  await a.close();
});

/** A browser's cookies: what the shop sets is sent back. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header(only?: string[]) {
    return [...this.cookies]
      .filter(([name]) => !only || only.includes(name))
      .map(([n, v]) => `${n}=${v}`)
      .join('; ');
  }
}

async function call(copy: 'a' | 'b', jar: Jar, path: string, body?: unknown, only?: string[]) {
  const res = await fetch(urls[copy] + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: jar.header(only),
      'accept-encoding': 'br, gzip',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar.take(res);
  return res;
}
const bag = async (copy: 'a' | 'b', jar: Jar, only?: string[]) => {
  const res = await call(copy, jar, '/getCart', undefined, only);
  expect(res.status).toBe(200);
  return ((await res.json()) as CartLine[]).map((l) => `${l.url}/${l.size}×${l.quantity}`);
};

function selection(item: Item, sizeIndex?: number): Selection {
  const product = item.available_products[0]!;
  const color = product.colors[0]!;
  const index = sizeIndex ?? color.available_sizes.findIndex((s) => !s.sold_out);
  const size = color.available_sizes[index]!;
  return {
    url: item.url,
    product_type: product.type,
    product_name: product.name,
    color: color.color_name,
    colorIndex: 0,
    size: size.name,
    sizeIndex: index,
    isSoldOut: false,
  };
}
const onOffer = () => all.filter((i) => i.available_products[0]?.colors[0]?.available_sizes.some((s) => !s.sold_out));

describe('bag cache', () => {
  it('answers an unchanged bag from memory, before Fastify, with the same body and headers', async () => {
    const jar = new Jar();
    const item = onOffer()[0]!;
    expect((await call('a', jar, '/addToCart', [selection(item)])).status).toBe(200);
    // Copy b did not take the write: it reads the database once, then answers from memory.
    const before = throughFastify.b;
    const cold = await call('b', jar, '/getCart');
    const coldBody = await cold.text();
    expect(throughFastify.b).toBe(before + 1);
    const warm = await call('b', jar, '/getCart');
    const warmBody = await warm.text();
    expect(throughFastify.b).toBe(before + 1);
    expect(warmBody).toBe(coldBody);
    expect(JSON.parse(warmBody)).toHaveLength(1);
    for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy']) {
      expect(warm.headers.get(name), name).toBe(cold.headers.get(name));
    }
  });

  it('keeps the bag a write leaves: the next /getCart on that copy is answered from memory, as the database has it', async () => {
    const jar = new Jar();
    const [first, second] = onOffer();
    const steps: [string, unknown][] = [
      ['/addToCart', [selection(first!)]], // a new session and its first line
      ['/addToCart', [selection(second!), selection(first!)]], // a new line, and more of the first
      ['/removeFromCart', { index: 0 }], // one piece less
      ['/removeFromCart', { index: 1, all: true }], // a whole line gone
    ];
    for (const [path, body] of steps) {
      expect((await call('a', jar, path, body)).status).toBe(200);
      const before = throughFastify.a;
      const fromMemory = await (await call('a', jar, '/getCart')).text();
      expect(throughFastify.a, `${path} then /getCart`).toBe(before);
      // Copy b has no entry for the new version: it reads the database.
      const fromDatabase = await (await call('b', jar, '/getCart')).text();
      expect(fromMemory, `${path} ${JSON.stringify(body)}`).toBe(fromDatabase);
    }
    expect(await bag('a', jar)).toEqual([`${first!.url}/${selection(first!).size}×1`]);
  });

  it("never answers another copy's stale bag: a change on one copy is seen on the other at once", async () => {
    const jar = new Jar();
    const [first, second] = onOffer();
    await call('a', jar, '/addToCart', [selection(first!)]);
    expect(await bag('b', jar)).toEqual([`${first!.url}/${selection(first!).size}×1`]);
    expect(await bag('b', jar)).toHaveLength(1); // now cached on b

    await call('a', jar, '/addToCart', [selection(second!)]);
    expect(await bag('b', jar)).toHaveLength(2);
    await call('a', jar, '/removeFromCart', { index: 0, all: true });
    expect(await bag('b', jar)).toEqual([`${second!.url}/${selection(second!).size}×1`]);
  });

  it('loses no write when both copies write the same bags at once (their batches lock sessions alike)', async () => {
    const item = onOffer()[3]!;
    const jars = Array.from({ length: 8 }, () => new Jar());
    for (const jar of jars) expect((await call('a', jar, '/addToCart', [selection(item)])).status).toBe(200);
    await a.db
      .update(sizes)
      .set({ stock: null })
      .where(eq(sizes.id, (await sizeRowOf(a.db, sizeKeyOf(all, selection(item)))).id));
    await a.app.ctx.services.readModel.invalidate();
    await b.app.ctx.services.readModel.invalidate();
    const writes = jars.flatMap((jar) =>
      [1, 2, 3].flatMap(() => [
        call('a', jar, '/addToCart', [selection(item)]),
        call('b', jar, '/addToCart', [selection(item)]),
      ]),
    );
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(writes.map(() => 200));
    for (const jar of jars) expect(await bag('b', jar, ['sid'])).toEqual([`${item.url}/${selection(item).size}×7`]);
  });

  it("drops this copy's entry on a change, even for a client that ignores the version cookie", async () => {
    const jar = new Jar();
    const item = onOffer()[1]!;
    await call('a', jar, '/addToCart', [selection(item)]);
    expect(await bag('a', jar, ['sid'])).toHaveLength(1);
    expect(await bag('a', jar, ['sid'])).toHaveLength(1);
    await call('a', jar, '/addToCart', [selection(item)], ['sid']);
    expect(await bag('a', jar, ['sid'])).toEqual([`${item.url}/${selection(item).size}×2`]);
  });

  it('describes cached bags again after a catalog edit (an unpublished piece leaves the bag)', async () => {
    const jar = new Jar();
    const [keep, hide] = onOffer().slice(2);
    await call('a', jar, '/addToCart', [selection(keep!), selection(hide!)]);
    expect(await bag('a', jar)).toHaveLength(2);
    expect(await bag('a', jar)).toHaveLength(2);
    await a.db.update(items).set({ published: false }).where(eq(items.id, hide!._id));
    await a.app.ctx.services.readModel.invalidate();
    try {
      expect(await bag('a', jar)).toEqual([`${keep!.url}/${selection(keep!).size}×1`]);
    } finally {
      await a.db.update(items).set({ published: true }).where(eq(items.id, hide!._id));
      await a.app.ctx.services.readModel.invalidate();
    }
  });

  it('serves nothing for a forged or unknown session cookie', async () => {
    const jar = new Jar();
    await call('a', jar, '/addToCart', [selection(onOffer()[0]!)]);
    await bag('a', jar);
    const sid = jar.header(['sid']);
    const forged = new Jar();
    forged.take(new Response(null, { headers: { 'set-cookie': `${sid.slice(0, -3)}abc; Path=/` } }));
    const before = throughFastify.a;
    expect(await bag('a', forged)).toEqual([]);
    expect(throughFastify.a).toBe(before + 1);
  });

  it('gives every write a bag version of its own, cookie-safe', () => {
    const versions = Array.from({ length: 10_000 }, () => newBagVersion());
    expect(new Set(versions).size).toBe(versions.length);
    for (const v of versions.slice(0, 50)) expect(v).toMatch(/^[\w-]{9,}$/);
  });
});
