// An XSS corpus (issue 8) through every place where text typed by someone ends up in HTML: item
// titles and descriptions, reviews, info page and newsletter markdown, names and addresses on
// orders, tracking links. The storefront pages (server-rendered) and the emails must hold no
// markup that runs: no <script> but the shop's own bundles, no on*= attributes, no javascript: URLs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { emailOutbox } from '../../src/server/db/schema.js';
import { ENTRY_LOADER } from '../../src/web/entry-loader.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { executableMarkup, type Tag } from '../support/html-scan.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { onDemoCatalog } from '../support/test-app.js';

const XSS = [
  '<script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<img src=x onerror=alert(1)//',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '</script><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</style><script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  'javascript:alert(1)',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '{{constructor.constructor("alert(1)")()}}',
];

/** Markdown that tries to smuggle script through links, images and raw HTML. */
const MARKDOWN_XSS = [
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](x" onerror="alert(1))',
  '![x](javascript:alert(1))',
  '<a href="javascript:alert(1)">raw html link</a>',
  '<https://x.test/"onmouseover="alert(1)>',
  '[a](https://x.test/"onmouseover="alert(1))',
  '<div onmouseover="alert(1)">hover</div>',
  ...XSS,
];

let t: AdminTestApp;
let all: Item[];
beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createAdminTestApp));
});
afterAll(() => t.close());

/** The shop's own script: the entry loader, exactly its text, asking for bundles from /assets/ only. */
const ownScript = (tag: Tag) => {
  const attr = (name: string) => tag.attrs.find(([n]) => n === name)?.[1];
  const assets = [attr('data-entry') ?? '', ...(attr('data-preload') ?? '').split(' ').filter(Boolean)];
  return (
    tag.content === ENTRY_LOADER && tag.attrs.length === 2 && assets.every((url) => /^\/assets\/[\w.-]+\.js$/.test(url))
  );
};

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  return res;
}

function expectInert(where: string, html: string, reached = true) {
  // The corpus must have got there (as text), or the page proves nothing.
  if (reached) expect(html, `${where} does not show the hostile text`).toMatch(/alert\(1\)|&lt;script|javascript/);
  expect({ where, executable: executableMarkup(html, { ownScript }) }).toEqual({ where, executable: [] });
}

describe('the scanner', () => {
  it('finds what a browser would run', () => {
    for (const html of XSS.slice(0, 12))
      expect(executableMarkup(`<p>${html}</p>`, { ownScript }).length, html).toBeGreaterThan(0);
    expect(executableMarkup('<a href=" jav&#x61;script:alert(1)">x</a>')).not.toEqual([]);
    expect(
      executableMarkup('<script type="application/json">{"a":"</script><script>alert(1)</script>"}</script>'),
    ).not.toEqual([]);
    expect(executableMarkup('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><a href="https://x.test">x</a>')).toEqual([]);
  });
});

describe('storefront pages', () => {
  it('render hostile item titles, descriptions and picture texts as text (needs npm run build)', async () => {
    const urls: string[] = [];
    for (const [i, payload] of XSS.entries()) {
      const url = `xss-item-${i}`;
      const res = await t.admin('POST', '/admin/api/createItem', {
        title: `Slip ${payload}`.slice(0, 200),
        url,
        meta_title: payload,
        meta_description: payload,
        category: 'clothing',
        pictures: ['/uploads/demo/silk-balconette-bra-1.jpg'],
        description: [
          { title: 'description', text: payload },
          { title: `Care ${i}`, text: `Hand wash. ${payload}` },
        ],
        available_products: [
          {
            type: 'slip',
            name: `Slip ${payload}`.slice(0, 100),
            price: 10,
            colors: [
              {
                color_name: 'Rose',
                color_code: '#C98F8A',
                color_picture: '/uploads/demo/silk-balconette-bra-2.jpg',
                alt: payload,
                available_sizes: [{ name: 'S', sold_out: false }],
              },
            ],
          },
        ],
        published: true,
        position: 0,
        promotion_position: i + 1,
        is_final_sale: false,
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(200);
      urls.push(url);
    }
    for (const url of urls) expectInert(`/product/${url}`, (await page(`/product/${url}`)).body);
    for (const url of ['/', '/collections', '/collections/clothing', '/sitemap.xml'])
      expectInert(url, (await page(url)).body, false);
  }, 120_000);

  it('render hostile reviews as text', async () => {
    const item = all[0]!;
    for (const payload of XSS) {
      const res = await t.admin('POST', '/admin/review', {
        productId: item._id,
        title: payload,
        description: payload,
        rating: 5,
        authorName: payload.slice(0, 100),
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(200);
    }
    // Reviews are loaded by the browser (React escapes them); the page itself must stay inert, and
    // the JSON they come in must never be taken for HTML.
    expectInert(`/product/${item.url}`, (await page(`/product/${item.url}`)).body, false);
    const json = await t.app.inject({
      method: 'POST',
      url: '/listReviewsByProductId',
      payload: { productId: item._id },
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.body).toContain('alert(1)');
  });

  it('render hostile info page markdown without running any of it', async () => {
    const text = MARKDOWN_XSS.map((m, i) => `## Part ${i}\n\n${m}\n`).join('\n');
    const created = await t.admin('POST', '/admin/api/createInfo', { page_name: 'xss-corpus', title: XSS[0], text });
    expect(created.statusCode, created.body).toBe(200);
    expectInert('/info/xss-corpus', (await page('/info/xss-corpus')).body);
    // The story page renders the 'story' info page in sections.
    const story = await t.admin('POST', '/admin/api/createInfo', { page_name: 'story', title: XSS[1], text });
    if (story.statusCode !== 200)
      expect(
        (await t.admin('POST', '/admin/api/updateInfo', { page_name: 'story', title: XSS[1], text })).statusCode,
      ).toBe(200);
    expectInert('/story', (await page('/story')).body);
    const json = (await t.app.inject({ method: 'GET', url: '/getInfo?requestedPage=xss-corpus' })).json() as {
      html: string;
    };
    expectInert('getInfo html', json.html);
  });
});

describe('emails', () => {
  const outboxHtml = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.html);

  it('a test newsletter of hostile markdown and subject', async () => {
    const created = await t.admin('POST', '/admin/api/createNewsletter', {
      subject: XSS[7],
      emailContent: MARKDOWN_XSS.join('\n\n'),
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      status: 'Draft',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { newsletter: { _id: string } }).newsletter._id;
    const sent = await t.admin('POST', '/admin/api/sendTestNewsletter', { id, email: 'xss-letter@example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [html] = await outboxHtml('xss-letter@example.com');
    expect(html).toBeTruthy();
    expectInert('newsletter email', html!);
  });

  it('an order confirmation with hostile names and address, and its tracking email', async () => {
    const pieces = [selectionOf(all, all[0]!.url)];
    const hostile = (payload: string, i: number) => ({
      ...US_SHOPPER,
      email: `xss-order-${i}@example.com`,
      firstName: payload.slice(0, 100),
      lastName: payload.slice(0, 100),
      address: payload,
      address2: payload,
      city: payload.slice(0, 100),
    });
    const placed: number[] = [];
    for (const [i, payload] of XSS.slice(0, 10).entries()) {
      try {
        placed.push(await placeOrder(t.app, { pieces, shopper: hostile(payload, i) }));
      } catch (err) {
        // Refusing such an address is also safe; it must be a 4xx, which placeOrder reports.
        expect(String(err)).toMatch(/answered 4\d\d/);
      }
    }
    expect(placed.length).toBeGreaterThan(0);
    for (const [i] of XSS.slice(0, 10).entries()) {
      for (const html of await outboxHtml(`xss-order-${i}@example.com`)) expectInert(`order confirmation ${i}`, html);
    }
    const tracked = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: placed[0],
      trackingNumber: XSS[2],
      trackingUrlLink: 'https://track.example/?q="><script>alert(1)</script>',
    });
    expect(tracked.statusCode, tracked.body).toBeLessThan(500);
    const refused = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: placed[0],
      trackingNumber: '1Z',
      trackingUrlLink: 'javascript:alert(1)',
    });
    expect(refused.statusCode).toBe(400);
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.some((m) => m.kind !== 'order_confirmation' && m.kind !== 'newsletter_test')).toBe(true);
    for (const mail of mails) expectInert(`${mail.kind} email to ${mail.to}`, mail.html);
  });
});
