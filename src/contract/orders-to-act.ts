// Orders to act on (issue 28 #6): how many orders wait to be shipped and how many returns wait to be
// handled. Part of the Overview's answer (overview.ts); the Orders tab's filters list them.
import { z } from 'zod';

export const OrdersToActSchema = z.object({
  toShip: z.number().int().min(0),
  returnsToHandle: z.number().int().min(0),
});
export type OrdersToAct = z.infer<typeof OrdersToActSchema>;

/**
 * The Orders tab's filters (GET /admin/api/getPlacedOrders?filter=), as the address writes them
 * (`?tab=orders&filter=to-ship`). 'all' is what the call answers without one (spec §2).
 * - to-ship: not processed, and not refunded;
 * - returns: a return requested and not refunded yet.
 */
export const ORDER_FILTERS = ['all', 'to-ship', 'returns'] as const;
export const OrderFilterSchema = z.enum(ORDER_FILTERS);
export type OrderFilter = z.infer<typeof OrderFilterSchema>;
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  'to-ship': 'To ship',
  returns: 'Returns to handle',
  all: 'All',
};
/** The deepest page the Orders tab pages to (0-based), 10 orders each. */
export const PLACED_ORDERS_MAX_PAGE = 10_000;
