// Housekeeping: every hour, rows that can no longer mean anything are deleted, so the database does
// not grow with every visitor and every wrong guess: expired sessions (a shopper's lasts 180 days,
// the owner's hours) and rate-limit counters whose window has passed. A bag is kept: the owner's
// Non-Empty Carts lists it. Safe in every copy at once: deleting what is already gone does nothing.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
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

  /** Deletes in batches until none is left; answers how many went. */
  async function drain(remove: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await remove();
      total += n;
      if (n < HOUSEKEEPING_BATCH) return total;
    }
  }

  async function runOnce() {
    const now = clock();
    const expiredSessions = await drain(async () => {
      const gone = await db
        .delete(sessions)
        .where(sql`${sessions.id} in (select ${sessions.id} from ${sessions} where ${lt(sessions.expiresAt, now)} limit ${HOUSEKEEPING_BATCH})`)
        .returning({ id: sessions.id });
      return gone.length;
    });
    const spentLimits = await drain(async () => {
      const gone = await db
        .delete(rateLimits)
        .where(sql`${rateLimits.key} in (select ${rateLimits.key} from ${rateLimits} where ${lt(rateLimits.resetAt, now)} limit ${HOUSEKEEPING_BATCH})`)
        .returning({ key: rateLimits.key });
      return gone.length;
    });
    if (expiredSessions + spentLimits > 0) log.info({ expiredSessions, spentLimits }, 'housekeeping');
    return { expiredSessions, spentLimits };
  }

  return { runOnce, ...periodic(runOnce, options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS, (err) => log.warn({ err }, 'housekeeping pass failed')) };
}
