// What pages read from the shop. The browser implements it over HTTP (http-api.ts); the server's
// render implements it with direct service calls (src/server/ssr/server-api.ts).
// "Not found" is null, so a page can answer a real 404.
import type { InfoPage, Item, Product, Review } from '../../contract/catalog.js';
import type { Category, HomeContent } from '../../contract/content.js';

export interface ShopApi {
  getCategories(): Promise<Category[]>;
  getHome(): Promise<HomeContent>;
  getAllItems(): Promise<Item[]>;
  /** Published items of a category; empty for an unknown one. */
  getCategory(category: string): Promise<Item[]>;
  getProduct(url: string): Promise<Product | null>;
  getPromotionalItems(): Promise<Item[]>;
  getInfo(page: string): Promise<InfoPage | null>;
  listReviews(productId: string): Promise<Review[]>;
}
