// The ShopApi the server-side render reads from: the same services as the JSON calls, no HTTP hop.
import type { ShopApi } from '../../web/api/shop-api.js';
import type { Services } from '../app.js';

export function serverApi(services: Services): ShopApi {
  return {
    getCategories: () => services.content.listCategories(),
  };
}
