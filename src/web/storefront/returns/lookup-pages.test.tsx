// The return page and the campaign report, lazily loaded chunks, as the server still renders them in
// full: the heading, the form with what the link carried, and Search disabled as spec §5 wants.
import { DEFAULT_SHOP_INFO } from '../../../contract/values/shop-info.js';
import { describe, expect, it } from 'vitest';
import type { ShopApi } from '../../api/shop-api.js';
import { render } from '../../entry-server.js';
import { pageOfList } from '../../../domain/storefront-paging.js';

const api: ShopApi = {
  getCategories: async () => [{ key: 'bras', title: 'Bras' }],
  getMenuCategories: async () => [{ key: 'bras', title: 'Bras' }],
  getShopInfo: async () => DEFAULT_SHOP_INFO,
  getFooterLinks: async () => [],
  getHome: async () => {
    throw new Error('not used');
  },
  listItems: async (_category, page) => pageOfList([], page),
  getProduct: async () => null,
  getPromotionalItems: async () => [],
  getInfo: async () => null,
  listReviews: async () => [],
  // Search (issue 27).
  searchItems: async () => ({ items: [], total: 0 }),
};
const renderUrl = (url: string) =>
  render({
    url,
    api,
    assets: { entry: '/assets/entry.js', preload: [], styles: [] },
    publicUrl: 'https://shop.example',
  });

const inputNamed = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
const searchButton = (html: string) => /<button[^>]*type="submit"[^>]*>Search<\/button>/.exec(html)?.[0] ?? '';

describe('server render of the lookup pages', () => {
  it("renders 'Start a return' with the order number field and Search disabled while it is empty", async () => {
    const { status, html } = await renderUrl('/return-form');
    expect(status).toBe(200);
    expect(html).toContain('<title>Start a return — Murashki</title>');
    expect(html).toMatch(/<h1 class="page-heading__title">Start a return<\/h1>/);
    expect(html).toMatch(/<label[^>]*>Order number<\/label>/);
    expect(inputNamed(html, 'orderId')).toContain('inputMode="numeric"');
    expect(searchButton(html)).toContain('disabled=""');
  });

  it('fills the order number from ?orderId= (digits only) and enables Search', async () => {
    const { html } = await renderUrl('/return-form?orderId=48215%2059031x');
    expect(inputNamed(html, 'orderId')).toContain('value="4821559031"');
    expect(searchButton(html)).not.toContain('disabled');
  });

  it('renders the campaign report form, the code from ?promoCode=, Search disabled without a password, not indexed', async () => {
    const { html } = await renderUrl('/promo-performance?promoCode=WELCOME10');
    expect(html).toMatch(/<h1 class="page-heading__title">Campaign Performance<\/h1>/);
    expect(inputNamed(html, 'promoCode')).toContain('value="WELCOME10"');
    expect(inputNamed(html, 'password')).toContain('type="password"');
    expect(searchButton(html)).toContain('disabled=""');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});
