import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-database.js';
import { rateLimits, sessions } from '../db/schema.js';
import { HOUSEKEEPING_BATCH, housekeeping } from './housekeeping.js';

const quietLog = { warn: () => {}, info: () => {} };
const now = new Date('2026-11-26T12:00:00Z');
const hoursFrom = (h: number) => new Date(now.getTime() + h * 3_600_000);
const id = (n: number) => `s${String(n).padStart(23, '0')}`;

describe('housekeeping', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('deletes expired sessions and spent rate-limit counters, in batches, and keeps the live ones', async () => {
    const { db } = database;
    const expired = HOUSEKEEPING_BATCH + 7; // more than one batch
    await db.insert(sessions).values(
      Array.from({ length: expired }, (_, i) => ({
        id: id(i),
        kind: 'shopper' as const,
        expiresAt: hoursFrom(-1 - (i % 50)),
      })),
    );
    await db.insert(sessions).values([
      { id: id(900_001), kind: 'shopper', expiresAt: hoursFrom(24 * 180) },
      { id: id(900_002), kind: 'shopper', expiresAt: hoursFrom(1) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'signin:ip:203.0.113.1', count: 20, resetAt: hoursFrom(-0.5) },
      { key: 'promo-report:code:guess', count: 3, resetAt: hoursFrom(-48) },
      { key: 'signin:ip:203.0.113.2', count: 4, resetAt: hoursFrom(0.25) },
    ]);

    const job = housekeeping(db, quietLog, { clock: () => now });
    expect(await job.runOnce()).toEqual({ expiredSessions: expired, spentLimits: 2 });
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort()).toEqual([
      id(900_001),
      id(900_002),
    ]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual([
      'signin:ip:203.0.113.2',
    ]);
    // Nothing left to do.
    expect(await job.runOnce()).toEqual({ expiredSessions: 0, spentLimits: 0 });
  });
});
