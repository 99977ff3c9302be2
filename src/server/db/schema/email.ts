// The email outbox.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** What caused the email (order_confirmation, newsletter, …), for the logs and the admin. */
    kind: text('kind').notNull(),
    /** Marketing mail: the recipient's one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The worker's order: the shop's own mail before marketing, oldest first (src/server/jobs/outbox.ts).
    index('email_outbox_claim_idx')
      .on(sql`(${t.listUnsubscribe} is not null)`, t.id)
      .where(sql`${t.status} = 'pending'`),
    // An address's own mail leaves in the order it was written: the earlier one still waiting is found here.
    index('email_outbox_pending_to_idx')
      .on(t.to, t.id)
      .where(sql`${t.status} = 'pending' and ${t.listUnsubscribe} is null`),
  ],
);
