// Promo codes: campaigns, and codes the shop issues (newsletter, referral, store credit).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** 'dollarAmount': discountCents off; 'percentage': subtotal × rateBasisPoints/10000 (8500 = 0.85 = 15% off). */
    type: text('type', { enum: ['dollarAmount', 'percentage'] }).notNull(),
    discountCents: integer('discount_cents'),
    rateBasisPoints: integer('rate_basis_points'),
    /** 'campaign' is owner-made; the others are issued by the shop to one email. */
    kind: text('kind', { enum: ['campaign', 'newsletter', 'referral', 'referral_reward', 'store_credit'] })
      .notNull()
      .default('campaign'),
    passwordHash: text('password_hash'),
    payoutCents: integer('payout_cents').notNull().default(0),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** The email the code was issued to (newsletter, referral, store credit). */
    issuedTo: text('issued_to'),
    /** For referral codes: who referred, to reward once the friend orders. */
    referrerEmail: text('referrer_email'),
    /** For referral_reward codes: the friend's referral code whose first order earned it (one reward each). */
    rewardFor: integer('reward_for').references((): AnyPgColumn => promotions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_lower_unique').on(sql`lower(${t.code})`),
    // The shop issues one welcome code per email ever, and one referral gift per friend's email.
    uniqueIndex('promotions_newsletter_email_unique')
      .on(sql`lower(${t.issuedTo})`)
      .where(sql`${t.kind} = 'newsletter'`),
    uniqueIndex('promotions_referral_email_unique').on(sql`lower(${t.issuedTo})`).where(sql`${t.kind} = 'referral'`),
    uniqueIndex('promotions_reward_for_unique').on(t.rewardFor),
    check(
      'promotions_discount_shape',
      sql`(${t.type} = 'dollarAmount' AND ${t.discountCents} IS NOT NULL AND ${t.discountCents} >= 0)
       OR (${t.type} = 'percentage' AND ${t.rateBasisPoints} IS NOT NULL AND ${t.rateBasisPoints} BETWEEN 0 AND 10000)`,
    ),
  ],
);
