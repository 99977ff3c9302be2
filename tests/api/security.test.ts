// Security properties of issue 8 not already pinned elsewhere (http.test.ts: the CSP of one page and
// cross-site refusal of /authenticate; session.test.ts and admin-auth.test.ts: cookie flags and the
// per-account sign-in limit; admin-access.test.ts: the admin gate). Here: the headers on every kind
// of answer, the admin page, answers served by the fast path over a real socket, the admin cookie's
// flags, cross-site variants, no CORS, and the per-address sign-in limit shared by server copies.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../src/server/app.js';
import { ENTRY_LOADER } from '../../src/web/entry-loader.js';
import { createAdminTestApp, TEST_ADMIN, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom, createTestApp } from '../support/test-app.js';

let t: AdminTestApp;
let productUrl: string;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  productUrl = ((await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as { url: string }[])[0]!.url;
});
afterAll(() => t.close());

const PAGES = () => [
  '/',
  '/collections',
  `/product/${productUrl}`,
  '/cart/success',
  '/info/no-such-page',
  '/no-such-page',
  '/admin',
  '/bulk/admin',
  '/return-form',
];

function expectDocumentHeaders(where: string, headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect({ where, csp: csp.length > 0 }).toEqual({ where, csp: true });
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]) {
    expect(csp, `${where}: ${directive}`).toContain(directive);
  }
  // No inline script and no eval may run, whatever a page holds.
  expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
}

describe('security headers', () => {
  it('every storefront page, the admin page and error pages carry the CSP and framing refusal (needs npm run build)', async () => {
    for (const url of PAGES()) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expectDocumentHeaders(url, res.headers);
    }
  });

  it('shows pictures and videos from other https addresses (spec: pictures are paths or image/video urls), but runs no script from them', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: `/product/${productUrl}` })).headers['content-security-policy'],
    );
    expect(/img-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('https:');
    expect(/media-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('https:');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).not.toContain('https:');
    expect(/img-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).not.toContain('http:');
  });

  it('the one inline script a page runs is the entry loader, allowed by its hash and nothing else (needs npm run build)', async () => {
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    for (const url of PAGES()) {
      const res = await t.app.inject({ method: 'GET', url });
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc.match(/'sha256-[^']+'/g), url).toEqual([sha256(ENTRY_LOADER)]);
      const inline = [...res.body.matchAll(/<script\b([^>]*)>(.*?)<\/script>/gs)].filter(
        ([, attrs]) => !/type="application\/(ld\+)?json"|\ssrc=/.test(attrs!),
      );
      expect(
        inline.map(([, , body]) => sha256(body!)),
        url,
      ).toEqual([sha256(ENTRY_LOADER)]);
    }
  });

  it('JSON answers carry nosniff and same-origin resource policy: shopper and admin calls, errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/getCategories' }),
      await t.app.inject({ method: 'GET', url: `/product?url=${productUrl}` }),
      await t.app.inject({ method: 'GET', url: '/product?url=nope' }),
      await t.app.inject({ method: 'POST', url: '/authenticate', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/noSuchCall', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/admin/api/getPlacedOrders' }),
      await t.admin('GET', '/admin/api/getPlacedOrders'),
      await t.admin('GET', '/admin/api/existingItems'),
    ];
    for (const res of answers) {
      const where = `${res.raw.req.method} ${res.raw.req.url} (${res.statusCode})`;
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], where).toBe('same-origin');
      expect(res.headers['access-control-allow-origin'], where).toBeUndefined();
    }
  });

  it('admin answers are never cached', async () => {
    const res = await t.admin('GET', '/admin/api/getPlacedOrders');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers no CORS preflight for another site', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/placeOrder',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the catalog fast path (over a real socket, past Fastify) sends the same headers', async () => {
    // Closed by app.close() in afterAll.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    {
      for (const url of ['/getAllItems', '/getAllItems', `/product?url=${productUrl}`, '/getPromotionalItems']) {
        const res = await fetch(`${address}${url}`);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
        expect(res.headers.get('access-control-allow-origin'), url).toBeNull();
      }
      const page = await fetch(`${address}/product/${productUrl}`);
      expectDocumentHeaders('/product over a socket', Object.fromEntries(page.headers));
    }
  });
});

describe('over https (PUBLIC_URL https://…)', () => {
  it('sends HSTS, upgrades insecure requests, and marks both session cookies Secure, HttpOnly, SameSite=Lax', async () => {
    const https = await createAdminTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const page = await https.app.inject({ method: 'GET', url: '/collections' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const json = await https.app.inject({ method: 'GET', url: '/getCategories' });
      expect(json.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);

      const shopper = String((await https.app.inject({ method: 'GET', url: '/token' })).headers['set-cookie']);
      const admin = String(
        (
          await https.app.inject({
            method: 'POST',
            url: '/authenticate',
            payload: TEST_ADMIN,
            headers: { origin: 'https://shop.example' },
          })
        ).headers['set-cookie'],
      );
      for (const [name, header] of [
        ['sid', shopper],
        ['admin_sid', admin],
      ] as const) {
        expect(header).toMatch(new RegExp(`^${name}=`));
        expect(header, name).toMatch(/; HttpOnly/i);
        expect(header, name).toMatch(/; Secure/i);
        expect(header, name).toMatch(/; SameSite=Lax/i);
        expect(header, name).toMatch(/; Path=\//i);
      }
    } finally {
      await https.close();
    }
  });

  it('over plain http: no HSTS and no Secure flag (a laptop install still works)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/collections' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: TEST_ADMIN });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^admin_sid=.*; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).not.toMatch(/; Secure/i);
  });
});

describe('cross-site writes', () => {
  it('refuses a POST from an opaque origin, a sibling site or a lookalike host, and changes nothing', async () => {
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    const before = (await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).body;
    const item = (
      (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as {
        url: string;
        available_products: {
          type: string;
          name: string;
          colors: { color_name: string; available_sizes: { name: string }[] }[];
        }[];
      }[]
    )[0]!;
    const product = item.available_products[0]!;
    const selection = {
      url: item.url,
      product_type: product.type,
      product_name: product.name,
      color: product.colors[0]!.color_name,
      colorIndex: 0,
      size: product.colors[0]!.available_sizes[0]!.name,
      sizeIndex: 0,
      isSoldOut: false,
    };
    for (const headers of [
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://localhost.evil.example' },
      { origin: `${t.config.publicUrl}.evil.example` },
      { origin: 'http://localhost:1' },
      // Not a URL at all: once answered 500.
      { origin: 'http://[::1' },
      { origin: 'not a url' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/addToCart',
        payload: [selection],
        headers: { cookie, ...headers },
      });
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/getCart', headers: { cookie } })).body).toBe(before);
    // The same call from the shop itself goes through.
    const same = await t.app.inject({
      method: 'POST',
      url: '/addToCart',
      payload: [selection],
      headers: { cookie, origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('lets cross-site GETs through (links from other sites must work)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/product/${productUrl}`,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('stops one address after 20 attempts on any accounts, in every server copy; other addresses go on', async () => {
    // A second copy of the server on the same database: the counters live in the database.
    const other = await createTestApp({ database: t.database, env: { SEED: 'none' } });
    try {
      const attempt = (app: typeof t.app, i: number, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/authenticate',
          remoteAddress,
          payload: { email: `guess-${i}@example.com`, password: 'wrong password' },
        });
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await attempt(i % 2 ? other.app : t.app, i, '203.0.113.9')).statusCode);
      expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
      expect(codes[20]).toBe(429);
      expect((await attempt(other.app, 99, '203.0.113.9')).statusCode).toBe(429);
      // The right password from that address is refused too while the window lasts.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/authenticate',
            remoteAddress: '203.0.113.9',
            payload: TEST_ADMIN,
          })
        ).statusCode,
      ).toBe(429);
      expect((await attempt(t.app, 100, '198.51.100.7')).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe('slow clients', () => {
  it('are dropped: headers must arrive within 20 s and the whole request within 2 minutes (Node: 60 s and 5)', () => {
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBe(20_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  const behind = (trustProxy: string) =>
    createTestApp({ database: t.database, env: { SEED: 'none', TRUST_PROXY: trustProxy } });
  const attempt = (app: typeof t.app, i: number, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/authenticate',
      remoteAddress: '10.0.0.2', // the balancer
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `lb-guess-${i}@example.com`, password: 'wrong password' },
    });

  it.each(['1', 'true', '10.0.0.0/8'])(
    'TRUST_PROXY=%s counts the address the balancer saw, not the left-most one a client can write',
    async (setting) => {
      const app = (await behind(setting)).app;
      const shopper = `198.51.100.${setting.length}`;
      try {
        const codes: number[] = [];
        // Each try forges a new client address in front of the one the balancer appends.
        for (let i = 0; i < 21; i++) codes.push((await attempt(app, i, `192.0.2.${i}, ${shopper}`)).statusCode);
        expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
        expect(codes[20]).toBe(429);
        // Another shopper behind the same balancer goes on.
        expect((await attempt(app, 99, '203.0.113.77')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
  );
});
