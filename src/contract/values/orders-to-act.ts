// The Orders tab's filters (issue 28 #6), Zod-free for the back office's first chunk; the call's schema
// is in ../orders-to-act.ts.

/**
 * The filters of GET /admin/api/getPlacedOrders?filter=, as the address writes them
 * (`?tab=orders&filter=to-ship`). 'all' is what the call answers without one (spec §2).
 * - to-ship: not processed, and not refunded;
 * - returns: a return requested and not refunded yet.
 */
export const ORDER_FILTERS = ['all', 'to-ship', 'returns'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  'to-ship': 'To ship',
  returns: 'Returns to handle',
  all: 'All',
};
/** The deepest page the Orders tab pages to (0-based), 10 orders each. */
export const PLACED_ORDERS_MAX_PAGE = 10_000;

export const isOrderFilter = (value: string | null): value is OrderFilter =>
  (ORDER_FILTERS as readonly (string | null)[]).includes(value);
