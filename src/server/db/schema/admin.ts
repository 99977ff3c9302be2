// The back office's accounts.
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_email_lower_unique').on(sql`lower(${t.email})`)],
);
