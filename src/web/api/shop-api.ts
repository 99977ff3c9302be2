// What pages read from the shop. The browser implements it over HTTP (http-api.ts); the server's
// render implements it with direct service calls (src/server/ssr/server-api.ts). Later features add methods.
import type { Category } from '../../contract/content.js';

export interface ShopApi {
  getCategories(): Promise<Category[]>;
}
