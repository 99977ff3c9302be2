// Orders to act on (issue 28 #6): how many orders wait to be shipped and how many returns wait to be
// handled. Part of the Overview's answer (overview.ts); the Orders tab's filters list them.
import { z } from 'zod';
import {
  ORDER_FILTER_LABELS,
  ORDER_FILTERS,
  type OrderFilter,
  PLACED_ORDERS_MAX_PAGE,
} from './values/orders-to-act.js';

export { ORDER_FILTER_LABELS, ORDER_FILTERS, type OrderFilter, PLACED_ORDERS_MAX_PAGE };

export const OrdersToActSchema = z.object({
  toShip: z.number().int().min(0),
  returnsToHandle: z.number().int().min(0),
});
export type OrdersToAct = z.infer<typeof OrdersToActSchema>;

// The filters' values and labels are Zod-free (values/orders-to-act.ts), for the back office's first chunk.
export const OrderFilterSchema = z.enum(ORDER_FILTERS);
