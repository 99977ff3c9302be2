// The owner's info pages editor (spec §2, §7 getAllInfo/createInfo/updateInfo): changes show on the
// storefront at once, markdown is made safe when rendered, page names are unique and URL-safe.
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../src/server/db/schema.js';
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

/** The newest Activity rows, newest first. */
const lastActivity = (n = 1) =>
  t.db
    .select({
      kind: activity.kind,
      summary: activity.summary,
      detail: activity.detail,
      adminEmail: activity.adminEmail,
    })
    .from(activity)
    .orderBy(desc(activity.id))
    .limit(n);
const footerLinks = async () =>
  (await t.app.inject({ method: 'GET', url: '/footerLinks' })).json() as {
    page_name: string;
    label: string;
    column: string;
  }[];
/** The footer of the server-rendered home page: each info link as [label, href]. */
const footerHtmlLinks = async () => {
  const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
  const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
  return [...footer.matchAll(/<a[^>]*href="(\/info\/[^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]);
};

describe('activity of the info pages editor', () => {
  it('records a created page and a changed one (with the fields changed), with who did it', async () => {
    expect(
      (await post('/admin/api/createInfo', { page_name: 'size-help', title: 'Size help', text: 'Measure.' }))
        .statusCode,
    ).toBe(200);
    expect(await lastActivity()).toEqual([
      {
        kind: 'info.created',
        summary: 'Created the info page "Size help" (/info/size-help)',
        detail: { page_name: 'size-help' },
        adminEmail: 'owner@murashki.test',
      },
    ]);
    expect(
      (await post('/admin/api/updateInfo', { page_name: 'size-help', title: 'Size help', text: 'Measure twice.' }))
        .statusCode,
    ).toBe(200);
    expect(await lastActivity()).toMatchObject([
      { kind: 'info.updated', summary: 'Changed the info page "Size help" (text)', detail: { fields: ['text'] } },
    ]);
  });

  it('records nothing when the change is refused', async () => {
    const [before] = await lastActivity();
    expect((await post('/admin/api/createInfo', { page_name: 'faq', title: 'FAQ', text: 'x' })).statusCode).toBe(409);
    expect((await post('/admin/api/updateInfo', { page_name: 'nope', title: 'T', text: 'x' })).statusCode).toBe(404);
    expect((await post('/admin/api/deleteInfo', { page_name: 'nope' })).statusCode).toBe(404);
    expect(await lastActivity()).toEqual([before]);
  });
});

describe('deleting an info page', () => {
  it('needs an admin session', async () => {
    expect((await post('/admin/api/deleteInfo', { page_name: 'size-help' }, '')).statusCode).toBe(401);
    expect((await storefront('size-help')).statusCode).toBe(200);
  });

  it('removes the page: the storefront answers 404 and Activity records it', async () => {
    const res = await post('/admin/api/deleteInfo', { page_name: 'size-help' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await storefront('size-help')).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/info/size-help' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found');
    expect(await lastActivity()).toMatchObject([
      { kind: 'info.deleted', summary: 'Deleted the info page "Size help" (/info/size-help)' },
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: '/admin/api/getAllInfo', headers: { cookie: admin } })
    ).json();
    expect((list as { page_name: string }[]).map((p) => p.page_name)).not.toContain('size-help');
    expect((await post('/admin/api/deleteInfo', { page_name: 'size-help' })).statusCode).toBe(404);
  });
});

describe("the footer's info links", () => {
  it("lists the spec's four with the spec's labels until the owner chooses, in the server-rendered footer too", async () => {
    expect(await footerLinks()).toEqual([
      { page_name: 'shipping-returns', label: 'Shipping & Returns', column: 'help' },
      { page_name: 'faq', label: 'FAQ', column: 'help' },
      { page_name: 'terms', label: 'Terms', column: 'legal' },
      { page_name: 'privacy-policy', label: 'Privacy Policy', column: 'legal' },
    ]);
    expect(await footerHtmlLinks()).toEqual([
      ['Shipping &amp; Returns', '/info/shipping-returns'],
      ['FAQ', '/info/faq'],
      ['Terms', '/info/terms'],
      ['Privacy Policy', '/info/privacy-policy'],
    ]);
  });

  it('refuses an unknown page, a malformed name and a list with a page twice, with a message, and saves nothing', async () => {
    const unknown = await post('/admin/api/footerLinks', { pages: ['faq', 'no-such-page'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'There is no info page /info/no-such-page: the footer can only list existing pages',
    );
    const malformed = await post('/admin/api/footerLinks', { pages: ['Not A Name'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/page name/i);
    const twice = await post('/admin/api/footerLinks', { pages: ['faq', 'faq'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/listed twice/);
    expect((await post('/admin/api/footerLinks', { pages: ['faq'] }, '')).statusCode).toBe(401);
    expect((await footerLinks()).map((l) => l.page_name)).toEqual([
      'shipping-returns',
      'faq',
      'terms',
      'privacy-policy',
    ]);
  });

  it("saves the owner's choice, in order: the footer lists those pages (a page's own title for a page the spec does not name)", async () => {
    expect(
      (await post('/admin/api/createInfo', { page_name: 'care-notes', title: 'Care notes', text: 'Cold.' })).statusCode,
    ).toBe(200);
    const res = await post('/admin/api/footerLinks', { pages: ['care-notes', 'faq', 'privacy-policy'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { page_name: 'care-notes', label: 'Care notes', column: 'help' },
      { page_name: 'faq', label: 'FAQ', column: 'help' },
      { page_name: 'privacy-policy', label: 'Privacy Policy', column: 'legal' },
    ]);
    expect(await footerHtmlLinks()).toEqual([
      ['Care notes', '/info/care-notes'],
      ['FAQ', '/info/faq'],
      ['Privacy Policy', '/info/privacy-policy'],
    ]);
    expect(await lastActivity()).toMatchObject([
      {
        kind: 'footer.changed',
        detail: {
          pages: ['care-notes', 'faq', 'privacy-policy'],
          added: ['care-notes'],
          removed: ['shipping-returns', 'terms'],
        },
      },
    ]);
  });

  it('drops a deleted page from the footer, in the same change', async () => {
    expect((await post('/admin/api/deleteInfo', { page_name: 'care-notes' })).statusCode).toBe(200);
    expect((await footerLinks()).map((l) => l.page_name)).toEqual(['faq', 'privacy-policy']);
    expect(await footerHtmlLinks()).toEqual([
      ['FAQ', '/info/faq'],
      ['Privacy Policy', '/info/privacy-policy'],
    ]);
    // A new page of the same name is not listed by itself.
    await post('/admin/api/createInfo', { page_name: 'care-notes', title: 'Care notes', text: 'Again.' });
    expect((await footerLinks()).map((l) => l.page_name)).toEqual(['faq', 'privacy-policy']);
  });

  it('may list no info page at all: the Legal column is then left out', async () => {
    expect((await post('/admin/api/footerLinks', { pages: [] })).statusCode).toBe(200);
    expect(await footerLinks()).toEqual([]);
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('id="footer-legal"');
    expect(html).toContain('Sizing Guide');
  });
});
