// Housekeeping: every hour, rows that can no longer mean anything are deleted, so the database does
// not grow with every visitor and every wrong guess: expired sessions (a shopper's lasts 180 days,
// the owner's hours) and rate-limit counters whose window has passed. A bag is kept: the owner's
// Non-Empty Carts lists it. Safe in every copy at once: deleting what is already gone does nothing.
import { lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/client.js';
import { rateLimits, sessions } from '../db/schema.js';
import { periodic } from './periodic.js';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per statement: a big backlog goes in short steps, not one long lock. */
export const HOUSEKEEPING_BATCH = 5_000;

export function housekeeping(
  db: Db,
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void },
  options: { intervalMs?: number; clock?: () => Date } = {},
) {
  const clock = options.clock ?? (() => new Date());

  /** Deletes the rows of `table` whose `expiry` has passed, a batch at a time; answers how many went. */
  async function purge(table: PgTable, key: PgColumn, expiry: PgColumn, now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const gone = rowsOf(
        await db.execute(
          sql`delete from ${table} where ${key} in (select ${key} from ${table} where ${lt(expiry, now)} limit ${HOUSEKEEPING_BATCH}) returning 1`,
        ),
      ).length;
      total += gone;
      if (gone < HOUSEKEEPING_BATCH) return total;
    }
  }

  async function runOnce() {
    const now = clock();
    const expiredSessions = await purge(sessions, sessions.id, sessions.expiresAt, now);
    const spentLimits = await purge(rateLimits, rateLimits.key, rateLimits.resetAt, now);
    if (expiredSessions + spentLimits > 0) log.info({ expiredSessions, spentLimits }, 'housekeeping');
    return { expiredSessions, spentLimits };
  }

  return {
    runOnce,
    ...periodic(runOnce, options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS, (err) =>
      log.warn({ err }, 'housekeeping pass failed'),
    ),
  };
}
