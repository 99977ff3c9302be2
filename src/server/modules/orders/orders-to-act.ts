// Orders to act on (issue 28 #6). STUB from the lead's groundwork: the orders helper replaces it,
// keeping this signature for the Overview.
import type { OrdersToAct } from '../../../contract/orders-to-act.js';
import type { Db } from '../../db/client.js';

export async function ordersToAct(_db: Db): Promise<OrdersToAct> {
  return { toShip: 0, returnsToHandle: 0 };
}
