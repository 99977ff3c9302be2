// Orders to act on (issue 28 #6): the orders waiting to be shipped and the returns waiting to be
// refunded. One definition of each, used by the Orders tab's filters (placed-orders.ts) and by the
// Overview's counts, so a count always equals its list. Each predicate is the WHERE of a partial index
// (migration 0025_demand-and-orders-to-act), so both the page and the count read only those orders.
import { sql, type SQL } from 'drizzle-orm';
import type { OrderFilter, OrdersToAct } from '../../../contract/orders-to-act.js';
import { rowsOf, type Db } from '../../db/client.js';

/**
 * Not refunded in full in the provider's dashboard, as a webhook reported it (migration 0029's
 * provider_refunded_outside_cents). 'payment': all that was charged went back (the Orders tab's
 * 'Refunded at …' tag): nothing to ship. 'order': the order's whole total, so the back office's
 * refund of a return is refused; short of that, what a gift card or store credit paid is still to
 * give back, so the return stays to handle. Few orders have an order_payments row, and the partial
 * indexes still serve the rest of each predicate.
 */
const notRefundedOutside = (table: string, inFull: 'payment' | 'order'): SQL => {
  const t = sql.raw(table);
  const paid = inFull === 'payment' ? sql`${t}.total_cents - ${t}.balance_cents` : sql`${t}.total_cents`;
  // Something was refunded there (at least a cent), and at least all that was paid.
  return sql`not exists (select 1 from order_payments p where p.order_id = ${t}.id
    and provider_refunded_outside_cents(p.state) >= greatest(${paid}, 1))`;
};

/** TO_SHIP on the orders row named `table` ('o' in a query that aliases it): not processed and not refunded. The packing slips print these. */
export const toShipWhere = (table: string): SQL =>
  sql`(${sql.raw(table)}.processed = false and (${sql.raw(table)}.return_request->>'refundedAt') is null and ${notRefundedOutside(table, 'payment')})`;
export const TO_SHIP = toShipWhere('orders');
/** A return requested and not refunded yet (a refund the provider has not confirmed is still to handle). */
export const RETURNS_TO_HANDLE = sql`(orders.return_request is not null and (orders.return_request->>'refundedAt') is null and ${notRefundedOutside('orders', 'order')})`;

/** The WHERE of an Orders tab filter; none for 'all'. */
export const orderFilterWhere = (filter: OrderFilter | undefined): SQL | undefined =>
  filter === 'to-ship' ? TO_SHIP : filter === 'returns' ? RETURNS_TO_HANDLE : undefined;

export async function ordersToAct(db: Db): Promise<OrdersToAct> {
  const result = await db.execute(sql`
    select (select count(*)::int from orders where ${TO_SHIP}) as "toShip",
           (select count(*)::int from orders where ${RETURNS_TO_HANDLE}) as "returnsToHandle"`);
  const [row] = rowsOf<OrdersToAct>(result);
  return { toShip: row?.toShip ?? 0, returnsToHandle: row?.returnsToHandle ?? 0 };
}
