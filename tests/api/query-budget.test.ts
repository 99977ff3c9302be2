// Query budgets of the hot calls (issue 8): how many SQL statements one request may send, and no
// statement sent twice by one request (the mark of a query in a loop, an N+1). BEGIN/COMMIT are
// not counted (see tests/support/query-counter.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { countQueries, recordQueriesPerRequest, summarise } from '../support/query-counter.js';
import { createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let perRequest: ReturnType<typeof recordQueriesPerRequest>;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({
    fixture: 'demo',
    beforeReady: (app) => {
      perRequest = recordQueriesPerRequest(app, app.ctx.database);
    },
  });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const get = (url: string) => countQueries(t.database, () => t.app.inject({ method: 'GET', url }));

describe('catalog reads, the catalog in memory', () => {
  it('GET /product?url sends at most 3 statements', async () => {
    const res = await get(`/product?url=${encodeURIComponent(all[0]!.url)}`);
    expect(res.result.statusCode).toBe(200);
    expect(res.count, res.statements.join('\n')).toBeLessThanOrEqual(3);
  });

  it('the SSR product page /product/{url} sends at most 3 statements (needs npm run build)', async () => {
    await t.app.inject({ method: 'GET', url: `/product/${all[1]!.url}` });
    const res = await get(`/product/${all[0]!.url}`);
    expect(res.result.statusCode).toBe(200);
    expect(res.result.headers['content-type']).toMatch(/text\/html/);
    expect(res.count, res.statements.join('\n')).toBeLessThanOrEqual(3);
  });

  it('GET /listItems and the SSR /collections page send at most 3 statements', async () => {
    const page = await get('/listItems?category=bras&page=1');
    expect(page.result.statusCode).toBe(200);
    expect(page.count, page.statements.join('\n')).toBeLessThanOrEqual(3);
    const html = await get('/collections');
    expect(html.result.statusCode).toBe(200);
    expect(html.count, html.statements.join('\n')).toBeLessThanOrEqual(3);
  });

  it('GET /getAllItems sends at most 3 statements', async () => {
    const res = await get('/getAllItems');
    expect(res.result.statusCode).toBe(200);
    expect(res.count, res.statements.join('\n')).toBeLessThanOrEqual(3);
  });
});

describe('the first read after a catalog change', () => {
  // The read model rebuilds the whole catalog once per change: a fixed set of flat queries, never
  // one per item, product type, colour or size.
  it('rebuilds the catalog with a fixed number of statements, none repeated', async () => {
    await t.app.ctx.services.readModel.invalidate();
    const product = await get(`/product?url=${encodeURIComponent(all[0]!.url)}`);
    expect(product.result.statusCode).toBe(200);
    expect(product.count, product.statements.join('\n')).toBeLessThanOrEqual(8);
    expect(product.repeated).toEqual({});
    expect(all.length).toBeGreaterThan(8);

    await t.app.ctx.services.readModel.invalidate();
    const page = await get(`/product/${all[0]!.url}`);
    expect(page.result.statusCode).toBe(200);
    // The shell also reads, once per change (issue 26): the shop's settings (name, support address), the
    // home (the announcement bar's messages) and the footer's info pages (their choice and titles).
    expect(page.count, page.statements.join('\n')).toBeLessThanOrEqual(12);
    expect(page.repeated).toEqual({});
  });
});

describe('placing an order', () => {
  it('POST /placeOrder sends at most 25 statements, none twice, whatever the number of lines', async () => {
    const pieces = [0, 1, 2, 3].map((i) => selectionOf(all, all[i]!.url));
    const counts: number[] = [];
    for (const bag of [pieces.slice(0, 1), pieces]) {
      await placeOrder(t.app, { pieces: bag });
      const placed = perRequest.last('POST', '/placeOrder');
      expect(placed.count, placed.statements.join('\n')).toBeLessThanOrEqual(25);
      expect(placed.repeated).toEqual({});
      // The settings (shop name, referral amounts: issue 26) come from the read model, read once when
      // its cache is cold, which depends on when another copy's change notice lands: not counted here.
      counts.push(placed.statements.filter((q) => !/ from "settings" /.test(q)).length);
    }
    // Four lines cost what one line costs: nothing is queried per line.
    expect(counts[1]).toBe(counts[0]);
  });

  // Reads are where loops hide. (getClientSecret writes the session twice on purpose: the chosen
  // shipping before it calls the card provider, the intent after.)
  it('no call of the checkout flow repeats a read', async () => {
    await placeOrder(t.app, { pieces: [0, 1, 2].map((i) => selectionOf(all, all[i]!.url)) });
    const from = perRequest.requests.findLastIndex((r) => r.url === '/token');
    const flow = perRequest.requests.slice(from);
    expect(flow.map((r) => r.url)).toContain('/placeOrder');
    for (const request of flow) {
      const { repeated } = summarise(request.statements.filter((s) => /^select\b/i.test(s)));
      expect({ call: `${request.method} ${request.url}`, repeated }).toEqual({
        call: `${request.method} ${request.url}`,
        repeated: {},
      });
    }
  });
});
