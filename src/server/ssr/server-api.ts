// The ShopApi the server-side render reads from: the same services as the JSON calls, no HTTP hop.
import type { ShopApi } from '../../web/api/shop-api.js';
import type { Services } from '../services.js';
import { NotFound } from '../http/errors.js';

const orNull = async <T>(read: Promise<T>): Promise<T | null> => {
  try {
    return await read;
  } catch (err) {
    if (err instanceof NotFound) return null;
    throw err;
  }
};

export function serverApi({ content, catalog, shopInfo, infoAdmin, search }: Services): ShopApi {
  return {
    getCategories: () => content.listCategories(),
    getMenuCategories: () => content.listMenuCategories(),
    getHome: () => content.home(),
    getShopInfo: () => shopInfo(),
    listItems: async (category, page, filters) => (await catalog.itemsPage(category, page, filters)).value,
    getProduct: async (url) => (await orNull(catalog.product(url)))?.value ?? null,
    getPromotionalItems: async () => (await catalog.promotionalItems()).value,
    getInfo: async (page) => (await orNull(catalog.info(page)))?.value ?? null,
    listReviews: (productId) => catalog.reviews(productId),
    getFooterLinks: () => infoAdmin.footerLinks(),
    // Search (issue 27).
    searchItems: (q, page) => search.search(q, page),
  };
}
