// Warm catalog reads are answered before Fastify, with the same bodies and headers, never stale.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let base: string;
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp({
    fixture: 'demo',
    beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++),
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(base + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('catalog fast path', () => {
  it('serves a warm read without Fastify, with the same body and headers as the Fastify route', async () => {
    await t.app.ctx.services.readModel.invalidate();
    const before = throughFastify;
    const cold = await get('/product?url=silk-balconette-bra');
    expect(throughFastify).toBe(before + 1);
    const warm = await get('/product?url=silk-balconette-bra');
    expect(throughFastify).toBe(before + 1);

    expect(warm.status).toBe(200);
    expect(warm.body.equals(cold.body)).toBe(true);
    for (const name of [
      'content-type',
      'etag',
      'cache-control',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'vary',
    ]) {
      expect(warm.headers[name], name).toBe(cold.headers[name]);
    }
    expect(JSON.parse(warm.body.toString()).url).toBe('silk-balconette-bra');
  });

  it('answers compressed bodies to browsers that accept them', async () => {
    const plain = await get('/getAllItems');
    const br = await get('/getAllItems', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/getAllItems', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('answers 304 to a matching If-None-Match and nothing to HEAD', async () => {
    const first = await get('/getPromotionalItems');
    const again = await get('/getPromotionalItems', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/getPromotionalItems', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves unknown products and odd queries to Fastify, which answers the error', async () => {
    await get('/getAllItems'); // warm
    const before = throughFastify;
    const missing = await get('/product?url=no-such-thing');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ error: 'not_found' });
    const noUrl = await get('/product?other=1');
    expect(noUrl.status).toBe(400);
    expect(throughFastify).toBe(before + 2);
  });

  it('serves list pages of a known category before Fastify, and leaves odd ones to it', async () => {
    await get('/getAllItems'); // warm
    const before = throughFastify;
    for (const path of [
      '/listItems',
      '/listItems?page=1',
      '/listItems?category=bras',
      '/listItems?category=bras&page=1',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(JSON.parse(res.body.toString()).page, path).toBe(1);
    }
    expect(throughFastify).toBe(before);
    // Fastify answers the same body for the same page.
    const fast = await get('/listItems?category=bras');
    const slow = await get('/listItems?category=%20bras&page=01');
    expect(throughFastify).toBe(before + 1);
    expect(slow.body.equals(fast.body)).toBe(true);
    for (const odd of [
      '/listItems?page=0',
      '/listItems?page=1&page=2',
      '/listItems?sort=price-asc', // issue 27: a sorted list is answered by Fastify
      '/listItems?category=nope',
    ]) {
      const res = await get(odd);
      // Unknown parameters are ignored and an unknown category is an empty list; bad pages are refused.
      expect(res.status, odd).toBe(/nope|sort/.test(odd) ? 200 : 400);
    }
    expect(throughFastify).toBe(before + 5);
  });

  it('never serves a catalog older than the last write', async () => {
    const warm = JSON.parse((await get('/product?url=silk-balconette-bra')).body.toString());
    await t.db.update(items).set({ title: 'Silk Balconette Bra (New)' }).where(eq(items.id, warm._id));
    await t.app.ctx.services.readModel.invalidate();
    const after = JSON.parse((await get('/product?url=silk-balconette-bra')).body.toString());
    expect(after.title).toBe('Silk Balconette Bra (New)');
  });
});
