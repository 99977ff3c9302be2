// Rendered storefront pages are kept until the catalog or content changes (src/server/ssr/page-cache.ts).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const URL = '/product/silk-balconette-bra';
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
});
afterAll(() => t.close());

const page = async (url: string, encoding = 'br') => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  const body = res.rawPayload;
  const html =
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(body)
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(body)
        : body;
  return { status: res.statusCode, headers: res.headers, html: html.toString('utf8') };
};
const titleOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('storefront page cache', () => {
  it('keeps a rendered page until the read model changes, then renders the new catalog', async () => {
    const first = await page(URL);
    expect(first.status).toBe(200);
    expect(titleOf(first.html)).toBe('Silk Balconette Bra');
    const { _id } = (await t.app.inject({ method: 'GET', url: '/product?url=silk-balconette-bra' })).json() as {
      _id: string;
    };

    // A write that bypasses the services is not seen (neither by the JSON calls): the page is kept.
    await t.db.update(items).set({ title: 'Silk Balconette Bra, Renamed' }).where(eq(items.id, _id));
    expect(titleOf((await page(URL)).html)).toBe('Silk Balconette Bra');
    // Every catalog write invalidates the read model, and with it the kept pages.
    await t.app.ctx.services.readModel.invalidate();
    expect(titleOf((await page(URL)).html)).toBe('Silk Balconette Bra, Renamed');
  });

  it('answers the same document to brotli, gzip and plain clients, cached or not', async () => {
    await t.app.ctx.services.readModel.invalidate();
    const fresh = await page('/collections', 'gzip');
    const br = await page('/collections', 'br');
    const gzip = await page('/collections', 'gzip');
    const plain = await page('/collections', '');
    expect(fresh.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Renders differ only in the handed-over queries' fetch times (another copy's or this one's
    // invalidation may arrive between the calls and cause a new render).
    const same = (html: string) => html.replace(/"(data|error)UpdatedAt":\d+|"dehydratedAt":\d+/g, '');
    for (const other of [br, gzip, plain]) expect(same(other.html)).toBe(same(fresh.html));
    expect(br.headers['content-security-policy']).toBe(fresh.headers['content-security-policy']);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
