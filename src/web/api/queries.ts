// Query option factories: one key and one fetcher per kind of data, shared by the server's prefetch
// and the components, so the dehydrated cache and the hooks always agree on keys.
import { queryOptions } from '@tanstack/react-query';
import type { ShopApi } from './shop-api.js';

export const categoriesQuery = (api: ShopApi) =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: () => api.getCategories(),
    staleTime: 5 * 60_000,
  });
