// The shop's name, support address, social links and marketing numbers as a page shows them (issue 26).
// Prefetched with every server render (routes.tsx), so the first HTML already holds the owner's values.
import { type DehydratedState, useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_INFO, type ShopInfo } from '../../../contract/values/shop-info.js';
import { useShopApi } from '../../api/api-context.js';
import { shopInfoQuery } from '../../api/queries.js';

export function useShopInfo(): ShopInfo {
  const { data } = useQuery(shopInfoQuery(useShopApi()));
  return data ?? DEFAULT_SHOP_INFO;
}

/** The shop info the server render embedded, read before React has hydrated it (entry-client.tsx). */
export function embeddedShopInfo(queries: DehydratedState | undefined): ShopInfo | undefined {
  const key = JSON.stringify(['shopInfo']);
  const found = queries?.queries.find((q) => JSON.stringify(q.queryKey) === key);
  return found?.state.data as ShopInfo | undefined;
}
