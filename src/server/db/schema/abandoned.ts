// Abandoned checkouts (issue 28 #4): a bag whose shopper gave an email at the contact step, whether
// they asked for a reminder, when one was sent, and the order it became; and the addresses that want
// no more reminders.
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { carts } from './cart.js';

export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    /** One row per bag. */
    cartId: char('cart_id', { length: 24 })
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The session that gave the email (the bag's own, until a reminder's link brings it elsewhere). */
    sessionId: text('session_id').notNull(),
    email: text('email').notNull(),
    /** The shopper ticked 'Email me a reminder if I don't finish' (unticked by default). */
    wantsReminder: boolean('wants_reminder').notNull().default(false),
    /** The last time the contact step was sent with this bag: the checkout is abandoned some time after. */
    emailGivenAt: timestamp('email_given_at', { withTimezone: true }).notNull(),
    /** Claimed by the reminder job (update … where reminded_at is null): one reminder per bag, ever. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The reminder's link was last opened. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    /**
     * A bag a reminder's link filled on another device: the bag it came from. Such a row is not a
     * checkout of its own (the list leaves it out); its order counts as recovered and closes both.
     */
    restoredFrom: char('restored_from', { length: 24 }),
    /** The order this bag became, set in the order's own transaction (and cleared by its undo). */
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The reminder job's candidates.
    index('checkout_reminders_due_idx')
      .on(t.emailGivenAt)
      .where(sql`${t.wantsReminder} and ${t.remindedAt} is null and ${t.orderId} is null`),
    // The Abandoned tab: open checkouts, newest first.
    index('checkout_reminders_open_idx')
      .on(t.emailGivenAt)
      .where(sql`${t.orderId} is null and ${t.restoredFrom} is null`),
    // The Overview: reminders sent in a period, and the orders they recovered.
    index('checkout_reminders_reminded_idx').on(t.remindedAt).where(sql`${t.remindedAt} is not null`),
    index('checkout_reminders_restored_from_idx').on(t.restoredFrom).where(sql`${t.restoredFrom} is not null`),
  ],
);

/** Addresses (lower case) that asked for no more checkout reminders, from a reminder's link. */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
