// Hostile input against every call of the server's route table (issue 8): malformed and oversized
// bodies, wrong types, injection-shaped strings, NUL bytes, huge numbers, prototype-pollution keys.
// Whatever is sent, the server answers below 500, stays up, and a refused request changes nothing.
// Routes come from Fastify's own table, so calls added later are fuzzed without editing this file.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import {
  hostileLike,
  hostileQuery,
  jsonSchemaOf,
  rawHostileBodies,
  HOSTILE_STRINGS,
} from '../support/hostile-input.js';
import { cookieFrom } from '../support/test-app.js';

const ADMIN_PATH = /^(\/admin\/api\/.+|\/admin\/review|\/admin\/deleteReview|\/uploadPicture)$/;
/** Calls that end the caller's session: fuzzed with a session of their own, not the owner's. */
const ENDS_SESSION = new Set(['/signout']);
/** Generated payloads per call: the file stays under a minute on PGlite; FUZZ_RUNS=200 for a deeper search. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const BODY_LIMIT = 256 * 1024;

type Route = { method: 'GET' | 'POST'; url: string };
type RouteSchema = { body?: unknown; querystring?: unknown };

let t: AdminTestApp;
let routes: Route[];
const schemas = new Map<string, RouteSchema>();
let shopperCookie: string;

/** Every GET and POST call of the route table; the storefront's catch-all page and static files are fuzzed apart. */
function routeTable(app: AdminTestApp['app']): Route[] {
  const found: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([^)]+)\)/.exec(line);
    if (!match || match[1]!.includes('*')) continue;
    for (const method of match[2]!.split(', ')) {
      if (method === 'GET' || method === 'POST') found.push({ method, url: match[1]!.replace(/:(\w+)/g, 'fuzz-$1') });
    }
  }
  return found;
}

/** Rows that a refused request must leave as they were. */
async function stateCounts() {
  const result = await t.db.execute(sql`
    select (select count(*) from orders)::int as orders, (select count(*) from items)::int as items,
           (select count(*) from promotions)::int as promotions, (select count(*) from carts)::int as carts,
           (select count(*) from cart_lines)::int as cart_lines, (select count(*) from categories)::int as categories,
           (select count(*) from reviews)::int as reviews, (select count(*) from info_pages)::int as info_pages,
           (select count(*) from newsletters)::int as newsletters, (select count(*) from admins)::int as admins`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

function headersFor(route: Route, extra: Record<string, string> = {}) {
  const cookie = ENDS_SESSION.has(route.url)
    ? shopperCookie
    : ADMIN_PATH.test(route.url)
      ? t.adminCookie
      : shopperCookie;
  return { cookie, origin: t.config.publicUrl, ...extra };
}

/** Server errors and state changes met so far, one per call and cause: every finding is listed, not only the first. */
const findings = new Map<string, string>();
let lastError: string | undefined;

/** Sends one request and checks the two invariants: no 5xx; refused means nothing changed. */
async function send(
  route: Route,
  request: { query?: string; payload?: string | Buffer; contentType?: string },
  what: string,
) {
  const before = await stateCounts();
  lastError = undefined;
  const res: LightMyRequestResponse = await t.app.inject({
    method: route.method,
    url: request.query ? `${route.url}?${request.query}` : route.url,
    headers: headersFor(route, request.contentType ? { 'content-type': request.contentType } : {}),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const label = `${route.method} ${route.url}`;
  if (res.statusCode >= 500) {
    const key = `${label}: ${lastError ?? res.body.slice(0, 200)}`;
    if (!findings.has(key)) findings.set(key, `answered ${res.statusCode} to ${what}`);
  }
  if (res.statusCode >= 400) {
    const after = await stateCounts();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length)
      findings.set(`${label}: refused with ${res.statusCode} but changed ${changed.join(', ')}`, `after ${what}`);
  }
  return res;
}

/** Fails the test with every finding, each with the error the server logged and an input that caused it. */
function expectNoFindings() {
  const found = [...findings].map(([key, example]) => `${key}\n    ${example}`);
  findings.clear();
  expect(found).toEqual([]);
}

beforeAll(async () => {
  t = await createAdminTestApp({
    fixture: 'demo',
    beforeReady: (app) => {
      // Each route's declared schemas, seen on its first request.
      app.addHook('onError', async (_request, _reply, error) => {
        lastError = `${error.name}: ${error.message}`.slice(0, 200);
      });
      app.addHook('onRequest', async (request) => {
        const key = `${request.method} ${request.routeOptions.url}`;
        if (!schemas.has(key)) schemas.set(key, (request.routeOptions.schema ?? {}) as RouteSchema);
      });
    },
  });
  routes = routeTable(t.app);
  shopperCookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  for (const route of routes)
    await send(
      route,
      route.method === 'POST' ? { payload: '{}', contentType: 'application/json' } : {},
      'a first probe',
    );
  expectNoFindings();
}, 120_000);
afterAll(() => t?.close());

describe('the route table', () => {
  it('holds the calls of spec §7, shopper and admin', () => {
    const calls = routes.map((r) => `${r.method} ${r.url}`);
    for (const call of [
      'POST /placeOrder',
      'GET /product',
      'POST /addToCart',
      'POST /admin/api/createItem',
      'POST /uploadPicture',
      'POST /authenticate',
    ]) {
      expect(calls).toContain(call);
    }
    expect(routes.length).toBeGreaterThan(60);
    // Each call's own body schema is what the shaped payloads follow.
    expect(Object.keys(jsonSchemaOf(schemas.get('POST /placeOrder')?.body)?.properties ?? {})).toContain(
      'shippingInfo',
    );
    expect(Object.keys(jsonSchemaOf(schemas.get('POST /admin/api/createItem')?.body)?.properties ?? {})).toContain(
      'available_products',
    );
  });
});

describe('hostile input to every call', () => {
  it('raw bodies: malformed, oversized, deep, polluted, of the wrong content type', async () => {
    const posts = routes.filter((r) => r.method === 'POST');
    for (const route of posts) {
      for (const { name, contentType, body } of rawHostileBodies(BODY_LIMIT))
        await send(route, { payload: body, contentType }, name);
    }
    expectNoFindings();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 120_000);

  it('payloads shaped like each call’s schema, with hostile values and wrong types', async () => {
    for (const route of routes) {
      const schema = schemas.get(`${route.method} ${route.url}`);
      if (route.method === 'POST') {
        const shape = jsonSchemaOf(schema?.body);
        await fc.assert(
          fc.asyncProperty(hostileLike(shape), async (value) => {
            await send(
              route,
              { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' },
              `payload ${JSON.stringify(value)?.slice(0, 200)}`,
            );
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      } else {
        const query = jsonSchemaOf(schema?.querystring);
        const keys = Object.keys((query as { properties?: object } | undefined)?.properties ?? {});
        await fc.assert(
          fc.asyncProperty(hostileQuery(keys), async (q) => {
            await send(route, { query: q }, `query ${q.slice(0, 200)}`);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    expectNoFindings();
  }, 300_000);

  it('raw query strings that are not valid percent-encoding, and hostile storefront paths', async () => {
    const gets = routes.filter((r) => r.method === 'GET');
    for (const route of gets) {
      for (const q of [
        'url=%E0%A4%A',
        'url=%',
        'requestedPage=%00',
        'url=a&url=b',
        '__proto__[polluted]=yes',
        'constructor[prototype][polluted]=yes',
      ]) {
        await send(route, { query: q }, `query ${q}`);
      }
    }
    const pages = [
      '/product/%3Cscript%3E',
      '/product/..%2F..%2Fetc%2Fpasswd',
      '/info/%00',
      '/collections/%E0%A4%A',
      '/../../etc/passwd',
      '/cart/%27%3B%20DROP%20TABLE%20orders',
      `/product/${'x'.repeat(5000)}`,
      '/assets/..%2F..%2Fpackage.json',
      '/uploads/..%2F..%2Fdb',
    ];
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: shopperCookie } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.body).not.toContain('"dependencies"');
    }
    expectNoFindings();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('hostile headers: Origin, Sec-Fetch-Site, Cookie, request id, encodings, validators', async () => {
    // Header values a client can send (printable ASCII); an unparsable Origin once answered 500.
    const headerValue = fc
      .oneof(
        fc.constantFrom(
          ...HOSTILE_STRINGS,
          'http://localhost:3000.evil.example',
          'http://[::1',
          'null',
          'file://',
          '*',
          'sid=; admin_sid=x.y',
          'br;q=NaN, gzip;q=-1',
          '"x", W/""',
        ),
        fc.string({ maxLength: 60 }),
      )
      .map((v) => v.replace(/[^\x20-\x7e]/g, ''));
    const names = fc.constantFrom(
      'origin',
      'sec-fetch-site',
      'cookie',
      'x-request-id',
      'accept-encoding',
      'if-none-match',
      'x-forwarded-for',
      'content-type',
      'referer',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.dictionary(names, headerValue, { minKeys: 1, maxKeys: 4 }),
        async (route, headers) => {
          lastError = undefined;
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            headers,
            ...(route.method === 'POST' ? { payload: '{}' } : {}),
          });
          if (res.statusCode >= 500)
            findings.set(
              `${route.method} ${route.url}: ${lastError ?? res.body.slice(0, 200)}`,
              `headers ${JSON.stringify(headers)}`,
            );
        },
      ),
      { numRuns: RUNS * 10 },
    );
    expectNoFindings();
  }, 120_000);

  it('injection-shaped strings in every text field of the checkout leave the database whole', async () => {
    for (const value of HOSTILE_STRINGS) {
      await send(
        { method: 'POST', url: '/orderDetailsById' },
        { payload: JSON.stringify({ orderId: value }), contentType: 'application/json' },
        value,
      );
      await send(
        { method: 'POST', url: '/getCategory' },
        { payload: JSON.stringify({ category: value }), contentType: 'application/json' },
        value,
      );
    }
    expectNoFindings();
    const tables = await t.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('orders', 'items', 'promotions', 'carts')`,
    );
    expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });
});

describe('after the fuzzing', () => {
  it('the server still answers /healthz, the catalog and a signed-in owner', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/getAllItems' })).statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/api/existingItems')).statusCode).toBe(200);
  });
});
