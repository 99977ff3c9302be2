// The funnel (issue 28 #2, decision 039): counts of visiting sessions per UTC hour and step, and the
// day's de-duplication keys (a day-salted hash, never a session id or an address), purged after two days.
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Sessions that reached a step, first seen that day in that hour. Copies add to a row, never overwrite it. */
export const funnelHours = pgTable(
  'funnel_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    step: text('step').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.step] })],
);

/**
 * One row per session × step × shop day, so a session is counted once a day however many copies
 * serve it. `key` is HMAC(secret, day + session id): it cannot be turned back into the session, and
 * the same session gives another key the next day.
 */
export const funnelSeen = pgTable(
  'funnel_seen',
  {
    day: date('day', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step, t.key] })],
);
