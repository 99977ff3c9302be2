// Orders to act on (issue 28 #6): how many orders wait to be shipped and how many returns wait to be
// handled. Part of the Overview's answer (overview.ts); the Orders tab's filters list them.
import { z } from 'zod';

export const OrdersToActSchema = z.object({
  toShip: z.number().int().min(0),
  returnsToHandle: z.number().int().min(0),
});
export type OrdersToAct = z.infer<typeof OrdersToActSchema>;
