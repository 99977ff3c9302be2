// Orders read in (created_at, id) order, a page at a time (the packing slips and the CSV exports):
// an order's key, and the condition of the page after it.
import { sql, type SQL } from 'drizzle-orm';

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
