// Query option factories: one key and one fetcher per kind of data, shared by the server's prefetch
// and the components, so the dehydrated cache and the hooks always agree on keys.
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { getCart, getCheckoutConfig, getCheckoutSummary, getPlacedOrder, stageCheck } from './http-api.js';
import type { ShopApi } from './shop-api.js';
import { filtersKey, isFiltered, type ListFilters, NO_FILTERS } from '../../domain/catalog-filters.js';

/**
 * How long a page keeps what it read before asking again when shown: owner edits (items, info pages,
 * categories, the home page) reach shoppers who keep the shop open within this time. A fresh read
 * of an unchanged answer is a 304 (ETags), so it costs little.
 */
export const CATALOG_STALE_MS = 60_000;

export const categoriesQuery = (api: ShopApi) =>
  queryOptions({ queryKey: ['categories'] as const, queryFn: () => api.getCategories(), staleTime: CATALOG_STALE_MS });

/** The side menu's categories (those with a published item). */
export const menuCategoriesQuery = (api: ShopApi) =>
  queryOptions({
    queryKey: ['menuCategories'] as const,
    queryFn: () => api.getMenuCategories(),
    staleTime: CATALOG_STALE_MS,
  });

/** The shop's name, support address, social links and marketing numbers: every page shows some of them. */
export const shopInfoQuery = (api: ShopApi) =>
  queryOptions({ queryKey: ['shopInfo'] as const, queryFn: () => api.getShopInfo(), staleTime: CATALOG_STALE_MS });

export const homeQuery = (api: ShopApi) =>
  queryOptions({ queryKey: ['home'] as const, queryFn: () => api.getHome(), staleTime: CATALOG_STALE_MS });

/** A page of /collections (no category) or of a category's list, filtered and sorted (issue 27). */
export const itemsPageQuery = (
  api: ShopApi,
  category: string | undefined,
  page: number,
  filters: ListFilters = NO_FILTERS,
) =>
  queryOptions({
    queryKey: ['items', category ?? null, page, filtersKey(filters)] as const,
    queryFn: () =>
      api.listItems(category, page, isFiltered(filters) || filters.sort !== 'featured' ? filters : undefined),
    staleTime: CATALOG_STALE_MS,
  });

/** Search (issue 27): a page of results for a query. */
export const searchQuery = (api: ShopApi, q: string, page: number) =>
  queryOptions({
    queryKey: ['search', q, page] as const,
    queryFn: () => api.searchItems(q, page),
    staleTime: CATALOG_STALE_MS,
  });

export const productQuery = (api: ShopApi, url: string) =>
  queryOptions({
    queryKey: ['product', url] as const,
    queryFn: () => api.getProduct(url),
    staleTime: CATALOG_STALE_MS,
  });

export const promotionalItemsQuery = (api: ShopApi) =>
  queryOptions({
    queryKey: ['promotional'] as const,
    queryFn: () => api.getPromotionalItems(),
    staleTime: CATALOG_STALE_MS,
  });

/** The footer's info links (issue 26): the owner's choice of info pages. */
export const footerLinksQuery = (api: ShopApi) =>
  queryOptions({
    queryKey: ['footerLinks'] as const,
    queryFn: () => api.getFooterLinks(),
    staleTime: CATALOG_STALE_MS,
  });

export const infoQuery = (api: ShopApi, page: string) =>
  queryOptions({ queryKey: ['info', page] as const, queryFn: () => api.getInfo(page), staleTime: CATALOG_STALE_MS });

export const reviewsQuery = (api: ShopApi, productId: string) =>
  queryOptions({
    queryKey: ['reviews', productId] as const,
    queryFn: () => api.listReviews(productId),
    staleTime: CATALOG_STALE_MS,
  });

/**
 * The shopper's bag. Only the browser asks for it (the server render does not know the session's
 * bag), so it is never prefetched nor dehydrated; adds and removes invalidate ['cart'].
 */
export const cartQuery = () => queryOptions({ queryKey: ['cart'] as const, queryFn: getCart, staleTime: 30_000 });

/**
 * A write to the bag (a piece more or less, a line removed, a gift card added, asking for checkout):
 * the call `write` makes. Whatever its outcome the bag is read again, since the server may have
 * changed it; the mutation settles once the fresh lines are in, so its `isPending` covers both.
 */
export const bagWriteMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['cart', 'write'] as const,
    mutationFn: (write: () => Promise<unknown>) => write(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQuery().queryKey }),
  });

/** The checkout's totals for this session (dollars); refetched after every checkout change. */
export const checkoutSummaryQuery = () =>
  queryOptions({ queryKey: ['checkout', 'summary'] as const, queryFn: getCheckoutSummary, staleTime: 0 });

/**
 * The promo applied to this session's checkout (POST /stageCheck's `promo`), for the bag view; the
 * checkout writes every promo it learns or applies here, so both show the same one.
 */
export const checkoutPromoQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'promo'] as const,
    queryFn: async () => (await stageCheck('checkout')).promo,
    staleTime: 0,
  });

/**
 * The order this session has just placed, for /cart/success (null: none in the last day). Read afresh
 * on every visit (a later order is another one) and not retried: the page offers 'Try again'.
 */
export const placedOrderQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'placed'] as const,
    queryFn: getPlacedOrder,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Which card and express providers the checkout talks to (sandbox or the real ones). */
export const checkoutConfigQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'config'] as const,
    queryFn: getCheckoutConfig,
    staleTime: Infinity,
    retry: 1,
  });
