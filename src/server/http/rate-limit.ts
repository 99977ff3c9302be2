// Fixed-window rate limits whose counters live in the database, shared by every server copy.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { limitName, shopMetrics } from '../metrics/shop-metrics.js';
import { TooManyRequests } from './errors.js';

export type RateLimiter = {
  /** Counts one hit for `key`; throws TooManyRequests once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Takes back one hit of `key` (a try that turned out right counts for nothing). */
  forgive(key: string): Promise<void>;
};

export function rateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const result = await db.execute<{ count: number; wait: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, extract(epoch from reset_at - now())::float8 as wait`);
      const [row] = (result as unknown as { rows: { count: number; wait: number }[] }).rows;
      // The answer says how long the caller really has to wait: the rest of the window.
      if ((row?.count ?? 0) > limit) {
        shopMetrics.rateLimitRefusals.inc({ limit: limitName(key) });
        throw new TooManyRequests(Number(row!.wait));
      }
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async forgive(key) {
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
    },
  };
}
