// The admin gate over every admin call, enumerated from the server's own route table: without an
// admin session 401, with a shopper's session 401, cross-site 403 even for the signed-in owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom } from '../support/test-app.js';

const ADMIN_PATH = /^(\/admin\/api\/.+|\/admin\/review|\/admin\/deleteReview|\/uploadPicture)$/;

/** Every admin route as [method, url], from Fastify's route table. */
function adminRoutes(t: AdminTestApp): [string, string][] {
  const routes: [string, string][] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([^)]+)\)/.exec(line);
    if (!match || !ADMIN_PATH.test(match[1]!)) continue;
    for (const method of match[2]!.split(', ')) if (method !== 'HEAD') routes.push([method, match[1]!]);
  }
  return routes;
}

let t: AdminTestApp;
let routes: [string, string][];
let shopperCookie: string;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'empty' });
  routes = adminRoutes(t);
  shopperCookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
});
afterAll(() => t.close());

describe('the admin route table', () => {
  it('holds every catalog call of issue 6', () => {
    const paths = routes.map(([m, u]) => `${m} ${u}`);
    for (const expected of [
      'POST /uploadPicture',
      'GET /admin/api/existingItems',
      'GET /admin/api/item',
      'POST /admin/api/updateItem',
      'POST /admin/api/deleteItem',
      'POST /admin/api/createItem',
      'POST /admin/api/editItem',
      'POST /admin/api/getItemSubscriptions',
      'POST /admin/api/sendBackInStockNotification',
      'POST /admin/review',
      'POST /admin/deleteReview',
      'POST /admin/api/createCategory',
      'POST /admin/api/deleteCategory',
      'POST /admin/api/bulk/update',
      'GET /admin/api/bulk/export.csv',
      'POST /admin/api/bulk/import',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});

describe('every admin route', () => {
  const call = (method: string, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: t.config.publicUrl, ...headers },
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it('answers 401 without a session', async () => {
    for (const [method, url] of routes) {
      const res = await call(method, url, {});
      expect({ route: `${method} ${url}`, status: res.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
      expect(res.json().message).toBe('Please sign in as the shop owner');
    }
  });

  it("answers 401 with a shopper's session, in either cookie", async () => {
    const shopperAsAdmin = shopperCookie.replace(/^sid=/, 'admin_sid=');
    for (const [method, url] of routes) {
      for (const cookie of [shopperCookie, shopperAsAdmin]) {
        const res = await call(method, url, { cookie });
        expect({ route: `${method} ${url}`, status: res.statusCode }).toEqual({
          route: `${method} ${url}`,
          status: 401,
        });
      }
    }
  });

  it('answers 401 with a forged admin cookie', async () => {
    const forged = t.adminCookie.replace(/\.[^.]+$/, '.forgedsignature');
    for (const [method, url] of routes) {
      const res = await call(method, url, { cookie: forged });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses cross-site writes even with the owner signed in', async () => {
    const posts = routes.filter(([m]) => m === 'POST');
    expect(posts.length).toBeGreaterThan(10);
    for (const [method, url] of posts) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie: t.adminCookie, ...headers },
          payload: {},
        });
        expect({ route: url, status: res.statusCode }).toEqual({ route: url, status: 403 });
      }
    }
  });

  it('a refused cross-site write changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createCategory',
      headers: { cookie: t.adminCookie, origin: 'https://evil.example' },
      payload: { title: 'Forged' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(categories)).toEqual([]);
  });

  it('lets the signed-in owner through, same-origin', async () => {
    expect((await t.admin('GET', '/admin/api/existingItems')).statusCode).toBe(200);
    const created = await t.admin('POST', '/admin/api/createCategory', { title: 'Night Wear' });
    expect(created.statusCode).toBe(200);
  });
});
