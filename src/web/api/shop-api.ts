// What pages read from the shop. The browser implements it over HTTP (http-api.ts); the server's
// render implements it with direct service calls (src/server/ssr/server-api.ts).
// "Not found" is null, so a page can answer a real 404.
import type { InfoPage, Item, ItemsPage, Product, Review } from '../../contract/catalog.js';
import type { Category, FooterLink, HomeContent } from '../../contract/content.js';
import type { ListFilters } from '../../domain/catalog-filters.js';
import type { ShopInfo } from '../../contract/values/shop-info.js';
import type { SearchResults } from '../../contract/search.js';

export interface ShopApi {
  getCategories(): Promise<Category[]>;
  /** The menu's categories: only those with a published item. */
  getMenuCategories(): Promise<Category[]>;
  getHome(): Promise<HomeContent>;
  /** The shop's name, support address, social links and marketing numbers (issue 26). */
  getShopInfo(): Promise<ShopInfo>;
  /** A page of all published items, or of one category's (an unknown category has no items), filtered and sorted. */
  listItems(category: string | undefined, page: number, filters?: ListFilters): Promise<ItemsPage>;
  getProduct(url: string): Promise<Product | null>;
  getPromotionalItems(): Promise<Item[]>;
  getInfo(page: string): Promise<InfoPage | null>;
  listReviews(productId: string): Promise<Review[]>;
  /** The info pages the footer lists, as the owner chose them (issue 26). */
  getFooterLinks(): Promise<FooterLink[]>;
  /** Search (issue 27): a page of the published items matching a shopper's words, best first. */
  searchItems(q: string, page: number): Promise<SearchResults>;
}
