// What the back office reads, in one place: each list's query key and how it is loaded. Panels read
// with useQuery(adminQueries.x(...)); saves invalidate by the keys of adminKeys (use-admin-mutation.ts).
import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import type { GetItemSubscriptionsBody } from '../../../contract/admin-catalog.js';
import { SUBSCRIPTIONS_PAGE } from '../../../contract/values/admin.js';
import { NON_EMPTY_CARTS_PAGE } from '../../../contract/values/cart.js';
import { EXISTING_ITEMS_LIMIT } from '../../../domain/catalog-names.js';
import { adminApi } from '../admin-api.js';
import { type ActivityFilters, activityPage } from '../panels/activity/activity-api.js';
// Issue 28 (orders to act on).
import type { OrderFilter } from '../../../contract/orders-to-act.js';

/** The back office's own cache: every open reloads, an error shows at once (no retry), nothing refetches behind the owner's back. */
export function createAdminQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Query keys, broadest first: invalidating a key reloads every query under it. */
export const adminKeys = {
  all: ['admin'] as const,
  newsletters: ['admin', 'newsletters'] as const,
  infoPages: ['admin', 'info-pages'] as const,
  orders: ['admin', 'orders'] as const,
  shippingOptions: ['admin', 'shipping-options'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
  restockDemand: ['admin', 'restock-demand'] as const,
  promotions: ['admin', 'promotions'] as const,
  carts: ['admin', 'non-empty-carts'] as const,
  categories: ['admin', 'categories'] as const,
  /** Items in every shape: the Existing Items list, the bulk editor's pages, one item, title searches. */
  items: ['admin', 'items'] as const,
  itemSubscriptions: ['admin', 'item-subscriptions'] as const,
  settings: ['admin', 'settings'] as const,
  activity: ['admin', 'activity'] as const,
  home: ['admin', 'home'] as const,
};

/** The next page's `before` (the last row's creation time) when a page came back full. */
const olderThan =
  <T extends { createdAt: string }>(pageSize: number) =>
  (last: T[]) =>
    last.length === pageSize ? last.at(-1)?.createdAt : undefined;

export const adminQueries = {
  newsletters: () => queryOptions({ queryKey: adminKeys.newsletters, queryFn: adminApi.getNewsletters }),
  settings: () => queryOptions({ queryKey: adminKeys.settings, queryFn: adminApi.getSettings }),
  infoPages: () => queryOptions({ queryKey: adminKeys.infoPages, queryFn: adminApi.getAllInfo }),
  promotions: () => queryOptions({ queryKey: adminKeys.promotions, queryFn: adminApi.getAllPromotions }),
  /** The home page's content as shoppers see it (the built-in one until a first save). */
  home: () => queryOptions({ queryKey: adminKeys.home, queryFn: adminApi.getHome }),
  categories: () => queryOptions({ queryKey: adminKeys.categories, queryFn: adminApi.getCategories }),
  restockDemand: () => queryOptions({ queryKey: adminKeys.restockDemand, queryFn: adminApi.getBackInStockDemand }),
  /** Placed orders matching a search (order number or last name); '' lists the newest. */
  orders: (search: string) =>
    queryOptions({ queryKey: [...adminKeys.orders, search], queryFn: () => adminApi.getPlacedOrders(search) }),
  shippingOptions: (orderId: number) =>
    queryOptions({
      queryKey: [...adminKeys.shippingOptions, orderId],
      queryFn: () => adminApi.getShippingOptions(orderId),
      // Rates are bought against: each opening of the modal asks the carrier again.
      gcTime: 0,
    }),
  subscriptions: () =>
    infiniteQueryOptions({
      queryKey: adminKeys.subscriptions,
      queryFn: ({ pageParam }) => adminApi.getAllSubscriptions(pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: olderThan(SUBSCRIPTIONS_PAGE),
    }),
  carts: () =>
    infiniteQueryOptions({
      queryKey: adminKeys.carts,
      queryFn: ({ pageParam }) => adminApi.getNonEmptyCarts(pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: olderThan(NON_EMPTY_CARTS_PAGE),
    }),
  /** Existing Items: items whose title matches, EXISTING_ITEMS_LIMIT a page, 'Show more' adding the next. */
  existingItems: (search: string) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.items, 'list', search],
      queryFn: ({ pageParam }) => adminApi.existingItems(search, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, _all, page) => (last.length === EXISTING_ITEMS_LIMIT ? page + 1 : undefined),
    }),
  /** One page of items, for the bulk editor's table. */
  itemsPage: (search: string, page: number) =>
    queryOptions({
      queryKey: [...adminKeys.items, 'page', search, page],
      queryFn: () => adminApi.existingItems(search, page),
    }),
  /** Items found by title, for picking related items. */
  itemSearch: (term: string) =>
    queryOptions({ queryKey: [...adminKeys.items, 'search', term], queryFn: () => adminApi.existingItems(term) }),
  item: (id: string) => queryOptions({ queryKey: [...adminKeys.items, 'one', id], queryFn: () => adminApi.item(id) }),
  itemByUrl: (url: string) =>
    queryOptions({ queryKey: [...adminKeys.items, 'by-url', url], queryFn: () => adminApi.itemByUrl(url) }),
  /** One page of Activity, newest first, by person and kind. */
  activity: (filters: ActivityFilters, page: number) =>
    queryOptions({
      queryKey: [...adminKeys.activity, filters.person, filters.kind, page],
      queryFn: () => activityPage(filters, page),
    }),
  itemSubscriptions: (body: GetItemSubscriptionsBody) =>
    queryOptions({
      queryKey: [...adminKeys.itemSubscriptions, body.url, body.product_type, body.color, body.sizeName],
      queryFn: () => adminApi.getItemSubscriptions(body),
    }),
  // Issue 28 (orders to act on): the Orders tab's page of a filter and search (0-based page).
  ordersPage: (search: string, filter: OrderFilter, page: number) =>
    queryOptions({
      queryKey: [...adminKeys.orders, 'page', filter, search, page],
      queryFn: () => adminApi.placedOrdersPage(search, filter, page),
    }),
};
