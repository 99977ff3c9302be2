// The product page and the sizing guide as the server renders them: what a crawler without
// JavaScript reads (title, price, description, pictures, JSON-LD), and the not-found view.
import { DEFAULT_SHOP_INFO } from '../contract/values/shop-info.js';
import { describe, expect, it } from 'vitest';
import type { Item, Product } from '../contract/catalog.js';
import type { ShopApi } from './api/shop-api.js';
import { render } from './entry-server.js';
import { pageOfList } from '../domain/storefront-paging.js';

const sizes = (soldOut: boolean[]) => ['XS', 'S', 'M', 'L'].map((name, i) => ({ name, sold_out: soldOut[i] ?? false }));
const color = (name: string, soldOut: boolean[]) => ({
  color_name: name,
  color_code: '#e3c9a8',
  color_picture: null,
  alt: `Silk Bra in ${name}`,
  link: name.toLowerCase(),
  available_sizes: sizes(soldOut),
});

const briefItem = {
  _id: 'b'.repeat(24),
  url: 'silk-brief',
  title: 'Silk Brief',
  pictures: ['/uploads/brief.jpg'],
  available_products: [],
} as unknown as Item;

const silkBra: Product = {
  _id: 'a'.repeat(24),
  url: 'silk-bra',
  title: 'Silk Bra',
  meta_title: 'Silk Bra | Murashki',
  meta_description: 'A silk bra </script><b>',
  category: 'bras',
  category_title: 'Bras',
  pictures: ['/uploads/silk-bra-1.jpg', '/uploads/silk-bra-2.jpg'],
  description: [
    { key: 'description', title: 'description', text: 'Cut from liquid mulberry silk.' },
    { key: 'fabricCare', title: 'Fabric & Care', text: 'Hand wash cold.' },
  ],
  available_products: [
    { type: 'bra', name: 'Bra', price: 68, colors: [color('Champagne', [false, false, false, true])] },
    { type: 'set', name: 'Bra + Brief Set', price: 74.5, colors: [color('Black', [true, true, true, true])] },
  ],
  published: true,
  position: 1,
  promotion_position: 0,
  is_final_sale: false,
  related_items: { completeSet: [], similarItems: [] },
  landing: [
    {
      layout: 'textDataLayout1',
      data: { title: 'The balconette, reconsidered', subtitle: 'Four silk panels do the lifting.' },
    },
    { layout: 'fullscreenHero', data: { img_1: '/uploads/silk-bra-3.jpg', subtitle: 'Seamed by hand.' } },
  ],
  suggestedProducts: [],
  completeSet: [briefItem],
  rating: { average: 4.75, count: 4 },
};

const soldOut: Product = {
  ...silkBra,
  url: 'velvet-bra',
  title: 'Velvet Bra',
  category_title: null,
  rating: { average: 0, count: 0 },
  available_products: [{ type: 'bra', name: 'Bra', price: 92, colors: [color('Bordeaux', [true, true, true, true])] }],
};

const products: Record<string, Product> = { 'silk-bra': silkBra, 'velvet-bra': soldOut };
const api: ShopApi = {
  getCategories: async () => [{ key: 'bras', title: 'Bras' }],
  getMenuCategories: async () => [{ key: 'bras', title: 'Bras' }],
  getShopInfo: async () => DEFAULT_SHOP_INFO,
  getFooterLinks: async () => [],
  getHome: async () => ({
    banners: [],
    effortlesslyChic: [],
    girls: [],
    categoryTiles: [],
    story: [],
    storyPage: { title: '', text: '' },
    announcements: [],
  }),
  listItems: async (_category, page) => pageOfList([], page),
  getProduct: async (url) => products[url] ?? null,
  getPromotionalItems: async () => [],
  getInfo: async () => null,
  listReviews: async () => [],
  // Search (issue 27).
  searchItems: async () => ({ items: [], total: 0 }),
};
const assets = { entry: '/assets/entry.js', preload: [], styles: [] };
const renderUrl = (url: string) => render({ url, api, assets, publicUrl: 'https://shop.example' });

function jsonLd(html: string) {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no JSON-LD in the page');
  type Node = Record<string, unknown> & {
    offers: { availability: string }[];
    aggregateRating?: unknown;
    itemListElement: { name: string; item: string }[];
  };
  return JSON.parse(json) as { '@graph': Node[] };
}

describe('product page, server render', () => {
  it('shows a crawler the title, price of the first style, description and pictures', async () => {
    const { status, html } = await renderUrl('/product/silk-bra');
    expect(status).toBe(200);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Silk Bra<\/h1>/);
    expect(html).toContain('>$68<');
    expect(html).toContain('Cut from liquid mulberry silk.');
    expect(html).toContain('Hand wash cold.');
    expect(html).toContain('<title>Silk Bra — Murashki</title>');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/product/silk-bra"/>');
    // The first picture is the LCP: eager, high priority, preview for phones and the original for large screens.
    expect(html).toMatch(
      /<img[^>]*srcSet="\/uploads\/silk-bra-1-preview.jpg 600w, \/uploads\/silk-bra-1.jpg 1200w"[^>]*loading="eager"[^>]*fetchPriority="high"/,
    );
  });

  it('links back to the category, offers the size guide and the reviews, and reads ADD TO BAG', async () => {
    const { html } = await renderUrl('/product/silk-bra');
    expect(html).toMatch(/<a[^>]*href="\/categories\/\?category=bras"[^>]*>.*Back To Bras<\/a>/);
    for (const label of ['Style', 'Colour', 'Size']) expect(html).toContain(`role="radiogroup" aria-label="${label}"`);
    expect(html).toContain('>ADD TO BAG</button>');
    expect(html).toContain('Size guide');
    expect(html).toContain(
      '<span class="product__reviews-label">Reviews</span><span class="product__reviews-count"> (4)</span>',
    );
    expect(html).toContain('aria-label="Rated 4.8 out of 5"');
    expect(html).toContain('Complete the look');
    expect(html).toContain('Silk Brief');
    expect(html).not.toContain('You may also like');
    expect(html).toContain('The balconette, reconsidered');
  });

  it('adds Open Graph tags and schema.org Product and BreadcrumbList with < escaped', async () => {
    const { html } = await renderUrl('/product/silk-bra');
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/uploads/silk-bra-1-preview.jpg"/>');
    expect(html).not.toContain('</script><b>');
    const [product, breadcrumbs] = jsonLd(html)['@graph'];
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Silk Bra',
      description: 'Cut from liquid mulberry silk.',
      sku: 'a'.repeat(24),
      brand: { name: 'Murashki' },
      image: ['https://shop.example/uploads/silk-bra-1.jpg', 'https://shop.example/uploads/silk-bra-2.jpg'],
      aggregateRating: { ratingValue: 4.8, reviewCount: 4 },
    });
    expect(product!.offers).toEqual([
      expect.objectContaining({ price: '68.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ price: '74.50', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' }),
    ]);
    expect(breadcrumbs!.itemListElement.map((crumb) => [crumb.name, crumb.item])).toEqual([
      ['Home', 'https://shop.example/'],
      ['Bras', 'https://shop.example/categories/?category=bras'],
      ['Silk Bra', 'https://shop.example/product/silk-bra'],
    ]);
  });

  it("reads 'Get notified' when every size is sold out, links to Collections without a category, and has no rating without reviews", async () => {
    const { html } = await renderUrl('/product/velvet-bra');
    expect(html).toContain('>Get notified</button>');
    expect(html).not.toContain('ADD TO BAG');
    expect(html).toMatch(/<a[^>]*href="\/collections"[^>]*>.*Collections<\/a>/);
    expect(html).toContain('>$92<');
    const [product] = jsonLd(html)['@graph'];
    expect(product!.aggregateRating).toBeUndefined();
    expect(product!.offers[0]?.availability).toBe('https://schema.org/OutOfStock');
  });

  it('answers 404 with a not-found view linking to the collections and home', async () => {
    const { status, html } = await renderUrl('/product/nope');
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>This piece is no longer available<\/h1>/);
    expect(html).toContain('href="/collections"');
    expect(html).toContain('noindex');
  });
});

describe('sizing guide, server render', () => {
  it('shows both charts as tables and Continue Shopping', async () => {
    const { html } = await renderUrl('/sizing-guide');
    expect(html).toMatch(/<h1[^>]*>Sizing Guide<\/h1>/);
    expect(html).toContain('<caption>Bras</caption>');
    expect(html).toContain('<caption>Panties</caption>');
    expect(html).toContain('<th scope="row">XS</th>');
    expect(html).toContain('31-33.5<!-- --> in');
    expect(html).toContain('30A/<wbr/>30B/<wbr/>30C/<wbr/>32A/<wbr/>32B</td>');
    expect(html).toContain('Continue Shopping');
  });
});
