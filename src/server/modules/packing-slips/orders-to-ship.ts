// Which orders wait to be shipped (issue 28 #6), in one place: the packing slips print them, and the
// Overview's count and the Orders tab's 'To ship' filter can read the same condition.
import { sql, type SQL } from 'drizzle-orm';

/**
 * To ship: not processed, and not fully refunded (every piece of the order refunded). The condition
 * on the `orders` row aliased `o`. Today a return needs a processed order, so the second half only
 * matters once an order can be refunded before it ships; it is written out so the rule is whole.
 */
export const TO_SHIP: SQL = sql`(not o.processed and not (
  o.return_request->>'refundedAt' is not null
  and (select coalesce(sum((i->>'quantity')::int), 0) from jsonb_array_elements(o.return_request->'items') i)
      >= (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(o.lines) l)))`;

/**
 * Keyset paging of `orders o` by (created_at, id), after the order `afterId`. The first condition
 * gives the index on created_at where to start; the second breaks ties of one instant by id.
 */
export const afterOrder = (afterId: string): SQL =>
  sql`and o.created_at >= (select a.created_at from orders a where a.id = ${afterId}::bigint)
      and (o.created_at, o.id) > (select a.created_at, a.id from orders a where a.id = ${afterId}::bigint)`;
