// Marketing: subscriptions, back-in-stock requests, newsletters and their deliveries.
import { sql } from 'drizzle-orm';
import { boolean, char, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { items } from './catalog.js';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: char('id', { length: 24 }).primaryKey(),
    email: text('email').notNull(),
    /** Signed up for the newsletter (a back-in-stock request alone does not subscribe). */
    newsletter: boolean('newsletter').notNull().default(false),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscriptions_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const requestedNotifications = pgTable(
  'requested_notifications',
  {
    id: serial('id').primaryKey(),
    subscriptionId: char('subscription_id', { length: 24 })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    color: text('color').notNull(),
    /** The set's piece whose size is awaited ('Brief'); '' for a single item (issue 27 item 4). */
    piece: text('piece').notNull().default(''),
    size: text('size').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('requested_notifications_unique').on(
      t.subscriptionId,
      t.itemId,
      t.productType,
      t.color,
      t.piece,
      t.size,
    ),
    index('requested_notifications_item_idx').on(t.itemId, t.size),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: char('id', { length: 24 }).primaryKey(),
    subject: text('subject').notNull(),
    emailContent: text('email_content').notNull(),
    status: text('status', { enum: ['Draft', 'Approved', 'Needs review'] })
      .notNull()
      .default('Draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletters_due_idx').on(t.status, t.scheduledAt)],
);

/** One row per newsletter × subscriber: the record that makes delivery exactly-once. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    newsletterId: char('newsletter_id', { length: 24 })
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriptionId: char('subscription_id', { length: 24 })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.subscriptionId] })],
);
