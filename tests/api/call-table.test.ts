// The call table (src/contract/calls.ts) and the routes the app registers are one list: every JSON
// call is registered from its entry, and every registered route is in the table or is not a JSON
// call (pages, files, the one-click unsubscribe form, the health probe).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Registered routes that answer something other than a JSON call's answer, and why. */
const NOT_CALLS: Record<string, string> = {
  'GET /*': 'the storefront and admin pages (server-rendered HTML)',
  'GET /assets/*': 'built web assets',
  'GET /uploads/*': 'uploaded pictures',
  'GET /home-pictures/*': 'the built-in home pictures a fresh shop shows (issue 26)',
  'GET /gift-card.svg': 'the gift card picture',
  'GET /robots.txt': 'text for crawlers',
  'GET /sitemap.xml': 'XML for crawlers',
  'GET /healthz': "the operator's health probe, not a browser call",
  // Issue 29 (health).
  'GET /livez': "the operator's liveness probe, not a browser call",
  'GET /readyz': "the operator's readiness probe, not a browser call",
  'GET /return-label/:file': 'a PDF (or an HTML notice) from a return email link',
  'GET /admin/api/label/:file': 'a shipping label PDF',
  'GET /admin/api/bulk/export.csv': 'the catalog as CSV',
  'GET /admin/api/activity.csv': 'the Activity list as CSV',
  'POST /unsubscribe/:userId': "a mailbox provider's one-click unsubscribe form (RFC 8058)",
  // Issue 28 (abandoned checkouts).
  'POST /stopReminders/:t': "a mailbox provider's one-click 'stop checkout reminders' form (RFC 8058)",
  // Issue 28 (exports and packing slips).
  'GET /admin/api/exports/orders.csv': 'the orders of a date range as CSV',
  'GET /admin/api/exports/customers.csv': 'the customers as CSV',
  'GET /admin/api/packingSlip': "an order's packing slip PDF",
  'GET /admin/api/packingSlips': 'the packing slips of every order to ship, a PDF',
  // Issue 29 (payment webhooks).
  'POST /webhooks/stripe': "Stripe's signed events, posted by Stripe's servers (raw body), not a browser call",
  'POST /webhooks/paypal': "PayPal's signed events, posted by PayPal's servers (raw body), not a browser call",
  // Issue 29 (OpenAPI): the API document and the page that shows it (Swagger UI's files).
  'GET /openapi.json': 'the API document',
  'GET /docs/api': 'the API page',
  'GET /docs/api/static/index.html': 'a redirect to the API page',
  'GET /docs/api/json': 'the API document, for the page',
  'GET /docs/api/yaml': 'the API document as YAML',
  'GET /docs/api/static/swagger-initializer.js': "the API page's settings",
  'GET /docs/api/static/*': "the API page's files",
  'GET /docs/api/static/theme/shop.css': "the API page's own style",
};

/** `METHOD /path` of every route, read from Fastify's route tree printed with common prefixes (a wildcard under a path that is no route, `/docs/api/static/*`, loses that path in the other form); HEAD, added for each GET, left out. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    // The root's catch-all prints as `*`.
    const path = (parents[depth - 1] ?? '') + (depth === 0 && !match[2]!.startsWith('/') ? `/${match[2]}` : match[2]);
    parents.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the call table', () => {
  let t: TestApp;
  let registered: string[];
  beforeAll(async () => {
    // The sandbox providers (no keys) register their calls too.
    t = await createTestApp();
    registered = registeredRoutes(t.app.printRoutes());
  });
  afterAll(() => t.close());

  const entries = Object.entries(calls).map(([name, call]) => ({ name, key: `${call.method} ${call.path}`, call }));

  it('reads the route tree (a guard against a format the reader does not know)', () => {
    expect(registered).toContain('POST /placeOrder');
    expect(registered).toContain('GET /admin/api/getPlacedOrders');
    expect(registered).toContain('POST /unsubscribe/:userId');
    expect(registered.length).toBeGreaterThan(80);
  });

  it('has every call registered by the app, with its method and path', () => {
    expect(entries.filter(({ key }) => !registered.includes(key)).map(({ name, key }) => `${name}: ${key}`)).toEqual(
      [],
    );
  });

  it('holds every route the app registers that is not a page or a file', () => {
    const inTable = new Set(entries.map(({ key }) => key));
    expect(registered.filter((key) => !inTable.has(key) && !(key in NOT_CALLS))).toEqual([]);
    // …and the list of exceptions holds no route that is gone or that is in the table.
    const isRoute = (key: string) => {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      return t.app.hasRoute({ method, url });
    };
    expect(Object.keys(NOT_CALLS).filter((key) => !isRoute(key) || inTable.has(key))).toEqual([]);
  });

  it('names each call once (a path served both ways by its POST key), a GET without a body, a POST with a JSON body unless it takes a file', () => {
    const names = entries.map(({ call }) => ('key' in call && call.key) || call.path);
    expect(new Set(names).size).toBe(names.length);
    for (const { call } of entries) if ('key' in call && call.key) expect(call.key).toBe(`${call.method} ${call.path}`);
    for (const { name, call } of entries) {
      if (call.method === 'GET') expect({ name, body: 'body' in call }).toEqual({ name, body: false });
      if ('query' in call && call.method === 'POST')
        expect({ name, consumes: 'consumes' in call }).toEqual({ name, consumes: true });
    }
  });

  it('registers each route with the schemas of its entry (the answer checked against it)', async () => {
    // One call per kind: a GET with a query refused by the entry's schema, a POST body refused by it.
    const badQuery = await t.app.inject({ method: 'GET', url: '/listItems?page=0' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ error: 'invalid' });
    const badBody = await t.app.inject({ method: 'POST', url: '/getTaxRate', payload: { zipCode: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ error: 'invalid' });
  });
});
