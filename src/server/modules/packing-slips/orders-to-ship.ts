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

/** An order's place in (created_at, id) order, exactly ('2026-01-31T04:30:00.123456Z|1000000073'): select it `as key`. */
export const ORDER_KEY: SQL = sql`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || o.id::text`;

/**
 * Keyset paging of `orders o` by (created_at, id), after the order whose ORDER_KEY is `key`. The
 * instant is a literal, so the planner sees how far into the index on created_at the page starts
 * (a subquery's value it cannot see, and on a range of every order it chose to scan them all); the
 * row comparison breaks ties of one instant by id.
 */
export function afterOrder(key: string): SQL {
  const [at, id] = key.split('|');
  return sql`and o.created_at >= ${at}::timestamptz and (o.created_at, o.id) > (${at}::timestamptz, ${id}::bigint)`;
}
