// The back office's accounts, their one-time links (invitations, password resets) and the record of
// who changed what (Activity, issue 26).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '../../../contract/values/admin.js';
import { createdAt } from './columns.js';

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'owner' may do everything; 'staff' everything but Settings, Staff, Activity, promoter passes and payouts. */
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_email_lower_unique').on(sql`lower(${t.email})`)],
);

/**
 * One-time links: an invitation (`/admin/invite/{token}`, 48 hours) or a password reset (1 hour).
 * Only the token's SHA-256 is kept; `usedAt` makes it single-use.
 */
export const adminTokens = pgTable(
  'admin_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['invite', 'reset'] }).notNull(),
    email: text('email').notNull(),
    /** The role an invitation gives; null for a reset. */
    role: text('role', { enum: ADMIN_ROLES }),
    /** Who sent the invitation (null for a reset, asked by the person). */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('admin_tokens_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Activity: every back-office change, written in the same transaction as the change. The person's
 * email is copied so the record outlives their account; `detail` holds what the entry names
 * (fields changed, amount and method, …).
 */
export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminId: integer('admin_id'),
    adminEmail: text('admin_email').notNull(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('activity_at_idx').on(t.at.desc(), t.id.desc()),
    index('activity_admin_idx').on(t.adminId, t.at.desc()),
    index('activity_kind_idx').on(t.kind, t.at.desc()),
  ],
);
