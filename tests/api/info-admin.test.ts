// The owner's info pages editor (spec §2, §7 getAllInfo/createInfo/updateInfo): changes show on the
// storefront at once, markdown is made safe when rendered, page names are unique and URL-safe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from '../support/admin-session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const storefront = async (page: string) => t.app.inject({ method: 'GET', url: `/getInfo?requestedPage=${page}` });

describe('info pages editor', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/getAllInfo' })).statusCode).toBe(401);
    const page = { page_name: 'care-guide', title: 'Care guide', text: 'Hand wash cold.' };
    expect((await post('/admin/api/createInfo', page, '')).statusCode).toBe(401);
    expect((await post('/admin/api/updateInfo', page, '')).statusCode).toBe(401);
    expect((await storefront('care-guide')).statusCode).toBe(404);
  });

  it('lists every page by title', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/getAllInfo', headers: { cookie: admin } });
    const pages = res.json() as { page_name: string; title: string }[];
    expect(pages.map((p) => p.page_name)).toEqual(
      expect.arrayContaining(['shipping-returns', 'faq', 'terms', 'privacy-policy']),
    );
    const titles = pages.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('creates a page that the storefront serves at once, its markdown rendered and raw HTML inert', async () => {
    const res = await post('/admin/api/createInfo', {
      page_name: 'care-guide',
      title: 'Care guide',
      text: '## Silk\n\nHand wash **cold**. <script>alert(1)</script> [bad](javascript:alert(1))',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await storefront('care-guide')).json() as { title: string; html: string };
    expect(page.title).toBe('Care guide');
    expect(page.html).toContain('<h2>Silk</h2>');
    expect(page.html).toContain('<strong>cold</strong>');
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toMatch(/href="javascript:/);
  });

  it('refuses a taken page name, and one that is not URL-safe', async () => {
    const taken = await post('/admin/api/createInfo', { page_name: 'faq', title: 'Another FAQ', text: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('There is already a page at /info/faq');
    for (const page_name of ['About Us', '../admin', 'faq?x=1', 'Ünïcode', '']) {
      const res = await post('/admin/api/createInfo', { page_name, title: 'T', text: 'x' });
      expect(res.statusCode, page_name).toBe(400);
      expect(res.json().message).toMatch(/page name/i);
    }
    expect(
      (await post('/admin/api/createInfo', { page_name: 'ok-page', title: '  ', text: 'x' })).json().message,
    ).toMatch(/title is required/);
  });

  it('updates a page, seen on the storefront at once; an unknown page is a 404', async () => {
    const res = await post('/admin/api/updateInfo', {
      page_name: 'faq',
      title: 'Questions, answered',
      text: 'Ask us **anything**.',
    });
    expect(res.statusCode).toBe(200);
    const page = (await storefront('faq')).json() as { title: string; html: string };
    expect(page).toMatchObject({ title: 'Questions, answered' });
    expect(page.html).toContain('<strong>anything</strong>');
    expect((await post('/admin/api/updateInfo', { page_name: 'no-such-page', title: 'T', text: 'x' })).statusCode).toBe(
      404,
    );
  });
});
