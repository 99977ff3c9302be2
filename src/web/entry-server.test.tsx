// The server render on its own: whole document, route data prefetched and handed over, real statuses.
import { DEFAULT_SHOP_INFO } from '../contract/values/shop-info.js';
import { describe, expect, it } from 'vitest';
import type { InfoPage, Item } from '../contract/catalog.js';
import { type HomeContent, HomeContentSchema } from '../contract/content.js';
import type { ShopApi } from './api/shop-api.js';
import { render } from './entry-server.js';
import { ENTRY_LOADER } from './entry-loader.js';
import { ITEMS_PAGE_SIZE, pageOfList } from '../domain/storefront-paging.js';

const categories = [
  { key: 'clothing', title: 'Clothing' },
  { key: 'bras', title: 'Bras' },
  { key: 'pantiesandgarters', title: 'Panties & Garters </script><script>alert(1)</script>' },
];
// A stand-in for the shop's data: the render is tested on its own here; tests/e2e and tests/api
// cover it against the real services.
const sizes = (...soldOut: boolean[]) =>
  ['XS', 'S', 'M', 'L'].map((name, i) => ({ name, sold_out: soldOut[i] ?? false }));
function makeItem(url: string, title: string, overrides: Partial<Item> = {}): Item {
  return {
    _id: url.padEnd(24, '0').slice(0, 24),
    url,
    title,
    meta_title: title,
    meta_description: '',
    category: 'bras',
    pictures: [`/uploads/${url}-1.jpg`, `/uploads/${url}-2.jpg`],
    description: [],
    available_products: [
      {
        type: 'bra',
        name: 'Bra',
        price: 98,
        colors: [
          {
            color_name: 'Champagne',
            color_code: '#e3c9a8',
            color_picture: null,
            alt: '',
            link: 'champagne',
            available_sizes: sizes(false, false, false, true),
          },
        ],
      },
    ],
    published: true,
    position: 1,
    promotion_position: 1,
    is_final_sale: false,
    related_items: { completeSet: [], similarItems: [] },
    landing: [],
    ...overrides,
  };
}
const braItem = makeItem('silk-bra', 'Silk Bra');
const soldOutItem = makeItem('velvet-bra', 'Velvet Bra', {
  available_products: [
    {
      type: 'bra',
      name: 'Bra',
      price: 74.5,
      colors: [{ ...braItem.available_products[0]!.colors[0]!, available_sizes: sizes(true, true, true, true) }],
    },
  ],
});
/** A long category: more than one page of tiles. */
const clothing = Array.from({ length: ITEMS_PAGE_SIZE + 2 }, (_, i) =>
  makeItem(`slip-${i + 1}`, `Slip No. ${i + 1}`, { position: i + 1 }),
);
const promotional = ['one', 'two', 'three', 'four', 'five'].map((n, i) =>
  makeItem(`promo-${n}`, `Promo ${n}`, { promotion_position: i }),
);
const home: HomeContent = HomeContentSchema.parse({
  banners: [
    {
      desktop: '/uploads/banner-1-desktop.jpg',
      mobile: '/uploads/banner-1-mobile.jpg',
      alt: 'Silk slip </script> on a hanger',
    },
    { desktop: '/uploads/banner-2-desktop.jpg', mobile: '/uploads/banner-2-mobile.jpg', alt: 'Lace set' },
  ],
  effortlesslyChic: [{ picture: '/uploads/chic-1.jpg', url: 'silk-bra', title: 'Silk Bra' }],
  girls: [
    { picture: '/uploads/girl-1.jpg', url: 'silk-bra', handle: '@soft.mornings' },
    { picture: '/uploads/girl-2.mp4', url: 'velvet-bra', handle: '@noor.wears' },
  ],
  categoryTiles: [
    { key: 'clothing', label: 'CLOTHING', picture: '/uploads/category-clothing.jpg' },
    { key: 'bras', label: 'BRAS', picture: '/uploads/category-bras.jpg' },
    { key: 'pantiesandgarters', label: 'PANTIES', picture: '/uploads/category-pantiesandgarters.jpg' },
  ],
  story: ['/uploads/story-1.jpg', '/uploads/story-2.jpg', '/uploads/story-3.jpg'],
});
const infoPages: Record<string, InfoPage> = {
  faq: {
    title: 'Frequently Asked Questions',
    text: '## Sizing\n\nTrue to size.',
    html: '<h2>Sizing</h2>\n<p>True to size.</p>',
  },
  story: {
    title: 'Our Story',
    text: 'Made slowly.',
    html: '<h2>Made to give you goosebumps</h2><p>Murashki began in 2019.</p><h2>Slowly</h2><p>Small batches.</p><h2>For every body</h2><p>Real bodies.</p>',
  },
};
const api: ShopApi = {
  getCategories: async () => categories,
  getMenuCategories: async () => categories,
  getShopInfo: async () => DEFAULT_SHOP_INFO,
  getFooterLinks: async () => [{ page_name: 'faq', label: 'FAQ', column: 'help' as const }],
  getHome: async () => home,
  listItems: async (key, page) =>
    pageOfList(
      key === undefined
        ? [braItem, soldOutItem, ...promotional]
        : key === 'bras'
          ? [braItem, soldOutItem]
          : key === 'clothing'
            ? clothing
            : key === 'pantiesandgarters'
              ? [braItem]
              : [],
      page,
    ),
  getProduct: async () => null,
  getPromotionalItems: async () => promotional,
  getInfo: async (page) => infoPages[page] ?? null,
  listReviews: async () => [],
  // Search (issue 27).
  searchItems: async () => ({ items: [], total: 0 }),
};
const assets = {
  entry: '/assets/entry.js',
  preload: ['/assets/chunk.js'],
  styles: ['/assets/app.css'],
  fonts: ['/assets/serif-latin.woff2'],
};
const publicUrl = 'https://shop.example';

const renderUrl = (url: string) => render({ url, api, assets, publicUrl });

function shopState(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const json = /<script id="__SHOP_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no __SHOP_STATE__ in the document');
  return JSON.parse(json);
}

describe('server render', () => {
  it('renders the whole document with head, shell, assets and no inline executable script but the entry loader', async () => {
    const { status, html } = await renderUrl('/');
    expect(status).toBe(200);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true);
    expect(html).toContain('<title>Murashki — Lingerie &amp; Clothing</title>');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain(
      '<link rel="preload" href="/assets/serif-latin.woff2" as="font" type="font/woff2" crossorigin=""/>',
    );
    // The app's entry and the chunks it imports are asked for by the loader (entry-loader.ts), not by the parser.
    expect(html).toContain(
      `<script data-entry="/assets/entry.js" data-preload="/assets/chunk.js">${ENTRY_LOADER}</script>`,
    );
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('Give $20 Get $20');
    const scripts = [...html.matchAll(/<script\b([^>]*)>(.*?)<\/script>/gs)];
    // Data blocks only (the shop state, schema.org JSON-LD), besides the loader, whose text is a constant the CSP allows by hash.
    const executable = scripts.filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs!));
    expect(executable.map(([, , body]) => body)).toEqual([ENTRY_LOADER]);
  });

  it('prefetches the categories into the side menu and hands them over with < escaped', async () => {
    const { html } = await renderUrl('/collections');
    expect(html).toContain('href="/categories/?category=bras"');
    const state = shopState(html);
    expect(state.queries.queries.find((q) => q.queryKey[0] === 'menuCategories')?.state.data).toEqual(categories);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('titles a category page from the categories', async () => {
    const { html } = await renderUrl('/categories/?category=bras');
    expect(html).toMatch(/<h1[^>]*>Bras<\/h1>/);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/categories/?category=bras"/>');
  });

  it('redirects a cart step other than checkout and success to /cart/checkout', async () => {
    expect(await renderUrl('/cart/shipping')).toMatchObject({ status: 302, redirect: '/cart/checkout' });
    expect((await renderUrl('/cart/success')).status).toBe(200);
    const checkout = await renderUrl('/cart/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.html).not.toContain('aria-label="Shopping bag"');
  });

  it('shows a long category a page at a time, with plain links between the pages', async () => {
    const tiles = (html: string) => html.match(/<article\b/g)?.length ?? 0;
    const first = await renderUrl('/categories/?category=clothing');
    expect(tiles(first.html)).toBe(ITEMS_PAGE_SIZE);
    expect(first.html).toContain(`${ITEMS_PAGE_SIZE + 2} pieces`);
    expect(first.html).toMatch(/Page <!-- -->1<!-- --> of <!-- -->2/);
    expect(first.html).toMatch(/<a [^>]*href="\/categories\/\?category=clothing&amp;page=2"[^>]*>Next<\/a>/);
    expect(first.html).not.toContain('>Previous</a>');

    const second = await renderUrl('/categories/?category=clothing&page=2');
    expect(second.status).toBe(200);
    expect(tiles(second.html)).toBe(2);
    expect(second.html).toContain('Slip No. 50');
    expect(second.html).not.toContain('Slip No. 1<');
    expect(second.html).toContain('<title>Clothing, page 2 — Murashki</title>');
    expect(second.html).toContain(
      '<link rel="canonical" href="https://shop.example/categories/?category=clothing&amp;page=2"/>',
    );
    expect(second.html).toMatch(/<a [^>]*href="\/categories\/\?category=clothing"[^>]*>Previous<\/a>/);

    // A page past the end goes to the first; a page number that is not one is the first page.
    expect(await renderUrl('/categories/?category=clothing&page=3')).toMatchObject({
      status: 302,
      redirect: '/categories/?category=clothing',
    });
    expect(await renderUrl('/collections?page=2')).toMatchObject({ status: 302, redirect: '/collections' });
    const odd = await renderUrl('/collections?page=two');
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('aria-label="Pages"');
  });

  it('sends a shopper to /collections from a category without items', async () => {
    expect(await renderUrl('/categories/?category=empty')).toMatchObject({ status: 302, redirect: '/collections' });
    expect(await renderUrl('/categories/')).toMatchObject({ status: 302, redirect: '/collections' });
  });

  it('answers 404 for an unknown product or info page', async () => {
    expect((await renderUrl('/product/nope')).status).toBe(404);
    expect((await renderUrl('/info/nope')).status).toBe(404);
  });

  it('shows the home page for any other path, with a 404 status for crawlers', async () => {
    const { status, html } = await renderUrl('/no/such/page');
    expect(status).toBe(404);
    expect(html).toContain('New Arrivals');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/"/>');
  });

  it('renders only the checking state of the admin gate', async () => {
    for (const url of ['/admin?tab=orders', '/bulk/admin', '/edit/landing/silk-slip']) {
      const { status, html } = await renderUrl(url);
      expect(status).toBe(200);
      expect(html).toContain('Checking your session…');
      expect(html).not.toContain('Sign in');
      expect(html).toContain('noindex');
    }
  });

  describe('catalog and home pages', () => {
    const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;
    /** The rendered page without the handed-over query cache, which holds all the data. */
    const markup = (html: string) => html.replace(/<script id="__SHOP_STATE__".*?<\/script>/s, '');

    it('renders the home page: first banner only, eager and high priority, with its desktop source', async () => {
      const { status, html } = await renderUrl('/');
      expect(status).toBe(200);
      expect(count(html, /<h1\b/)).toBe(1);
      expect(html).toMatch(/<h1[^>]*>New Arrivals<\/h1>/);
      expect(html).toContain(
        '<source media="(min-width: 1025px)" srcSet="/uploads/banner-1-desktop-preview.jpg 1200w, /uploads/banner-1-desktop.jpg 2400w"',
      );
      expect(html).toMatch(
        /<img class="hero__img" src="\/uploads\/banner-1-mobile-preview.jpg"[^>]*loading="eager"[^>]*fetchPriority="high"/,
      );
      // The second banner joins after hydration, so it cannot compete with the first paint.
      expect(markup(html)).not.toContain('banner-2-desktop');
      expect(html).toMatch(
        /<a [^>]*href="\/collections"[^>]*>See more<span class="visually-hidden"> new arrivals<\/span><\/a>/,
      );
    });

    it('renders the home sections: effortlessly chic, the first 4 promotional items, the girls and the category tiles', async () => {
      const { html } = await renderUrl('/');
      expect(html).toContain('Effortlessly chic');
      expect(html).toContain('href="/product/silk-bra"');
      expect(html).toContain('In a silky mood');
      for (const n of ['one', 'two', 'three', 'four']) expect(html).toContain(`>Promo ${n}</a>`);
      expect(markup(html)).not.toContain('Promo five');
      expect(html).toContain('Murashki Girls');
      expect(html).toContain('@soft.mornings');
      expect(html).toMatch(/<video [^>]*src="\/uploads\/girl-2.mp4"/);
      expect(html).toContain('aria-label="Previous"');
      expect(html).toContain('aria-label="Next"');
      for (const [key, label] of [
        ['clothing', 'CLOTHING'],
        ['bras', 'BRAS'],
        ['pantiesandgarters', 'PANTIES'],
      ]) {
        expect(html).toMatch(new RegExp(`href="/categories/\\?category=${key}"[^>]*>.*?>${label}</span>`));
      }
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(ld)['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
        'Organization',
        'WebSite',
      ]);
    });

    it('renders the collections grid with titles, prices, pictures and the quick add', async () => {
      const { html } = await renderUrl('/collections');
      expect(html).toMatch(/<h1[^>]*>Collections<\/h1>/);
      expect(html).toContain('<title>Collections — Murashki</title>');
      expect(html).toMatch(/<a [^>]*href="\/product\/silk-bra"[^>]*>Silk Bra<\/a>/);
      expect(html).toContain('>$98</p>');
      expect(html).toContain('>$74.50</p>');
      expect(html).toContain('src="/uploads/silk-bra-1-preview.jpg"');
      expect(html).toContain('url(&quot;/uploads/silk-bra-1-small.jpg&quot;)');
      expect(html).toContain('alt="Silk Bra in Champagne"');
      expect(html).toContain('width="600" height="900"');
      // The first phone row loads at once; the rest lazily.
      expect(count(html, /class="shop-picture__img"[^>]*loading="eager"[^>]*fetchPriority="high"/)).toBe(2);

      expect(html).toMatch(/alt="Promo three in Champagne" loading="lazy" decoding="async"/);
      // Quick add: sizes of the first colour that are not sold out; a piece sold out everywhere says so, disabled.
      expect(html).toContain('aria-label="Add size M to bag"');
      expect(html).not.toContain('aria-label="Add size L to bag"');
      expect(html).toMatch(/aria-label="Sold out: Velvet Bra" disabled=""/);
    });

    it('titles a category page and describes its breadcrumb for search engines, with < escaped', async () => {
      const bras = await renderUrl('/categories/?category=bras');
      expect(bras.html).toContain('>Velvet Bra</a>');
      expect(bras.html).toContain('"@type":"BreadcrumbList"');
      const panties = await renderUrl('/categories/?category=pantiesandgarters');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(panties.html)?.[1] ?? '';
      expect(ld).toContain('\\u003c/script>');
      expect(JSON.parse(ld).itemListElement.map((e: { name: string }) => e.name)).toEqual([
        'Home',
        categories[2]!.title,
      ]);
    });

    it('renders an info page as prose with Continue Shopping, and a not-found state for an unknown one', async () => {
      const faq = await renderUrl('/info/faq');
      expect(faq.html).toMatch(/<h1[^>]*>Frequently Asked Questions<\/h1>/);
      expect(faq.html).toContain('<div class="prose"><h2>Sizing</h2>');
      expect(faq.html).toMatch(/href="\/collections"[^>]*>Continue Shopping<\/a>/);
      const missing = await renderUrl('/info/nope');
      expect(missing.status).toBe(404);
      expect(missing.html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(missing.html).toContain('noindex');
    });

    it('sets the story text beside the three story pictures', async () => {
      const { html } = await renderUrl('/story');
      expect(html).toMatch(/<h1[^>]*>Our Story<\/h1>/);
      for (const n of [1, 2, 3]) expect(html).toContain(`/uploads/story-${n}-preview.jpg`);
      expect(html).toContain('<h2>Made to give you goosebumps</h2>');
      expect(html).toContain('<h2>For every body</h2>');
      expect(html).toMatch(/href="\/collections"[^>]*>Continue Shopping<\/a>/);
    });
  });
});
