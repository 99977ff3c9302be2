// Rate-limit counters.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every copy of the server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
