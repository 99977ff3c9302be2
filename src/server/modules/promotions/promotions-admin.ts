// The owner's promotions editor (spec §2, §4, §7 Admin): campaign codes only; the shop-issued kinds
// (newsletter, referral, store credit) are neither listed nor editable here. The 'Performance access
// pass' is stored as an argon2id hash and never answered.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminPromotion, DeletePromotionBody, UpdatePromotionBody } from '../../../contract/promotions.js';
import {
  type CreatePromotionBodySchema,
  PERCENT_RATE_RULE,
  PROMOTION_REF_REQUIRED,
} from '../../../contract/promotions.js';
import { toCents, toDollars } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { promotions } from '../../db/schema.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import { hashPassword } from '../admin-auth/admin-auth-service.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { fieldChanges, listed } from '../activity/changes.js';

export const PROMOTIONS_LIST_CAP = 500;
const GONE = 'No such promotion (it may have been deleted)';
const EXPIRED_ON_CREATE = 'The expiry date is in the past. Choose a later one, or leave it empty for no expiry.';

type Row = typeof promotions.$inferSelect;
type Parsed = z.output<typeof CreatePromotionBodySchema>;

export const toAdminPromotion = (row: Row): AdminPromotion => ({
  _id: row.id,
  code: row.code,
  type: row.type,
  discount: row.type === 'dollarAmount' ? toDollars(row.discountCents ?? 0) : (row.rateBasisPoints ?? 10_000) / 10_000,
  payout: toDollars(row.payoutCents),
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  hasPassword: row.passwordHash !== null,
});

/** The discount columns for a type: a rate 0 < r < 1 to basis points, or dollars to cents. */
function discountColumns(type: Row['type'], discount: number) {
  if (type === 'percentage') {
    if (!(discount > 0 && discount < 1)) throw new Invalid(PERCENT_RATE_RULE);
    const bp = Math.round(discount * 10_000);
    if (bp <= 0 || bp >= 10_000) throw new Invalid(PERCENT_RATE_RULE);
    return { rateBasisPoints: bp, discountCents: null };
  }
  const cents = toCents(discount);
  if (cents <= 0) throw new Invalid('A dollar discount must be at least $0.01');
  return { discountCents: cents, rateBasisPoints: null };
}

function expiry(iso: string | null | undefined) {
  if (iso === undefined) return undefined;
  if (iso === null) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new Invalid('The expiry is not a date and time');
  return at;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | undefined;
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

/** '15% off' or '$20.00 off', for the Activity summary. */
const discountOf = (p: AdminPromotion) =>
  p.type === 'percentage' ? `${Math.round((1 - p.discount) * 1000) / 10}% off` : `$${p.discount.toFixed(2)} off`;

/** The promotion as Activity compares it: no password, only whether there is one. */
const recorded = (p: AdminPromotion) => ({
  discount: p.discount,
  payout: p.payout,
  usageLimit: p.usageLimit,
  expiresAt: p.expiresAt,
  hasPassword: p.hasPassword,
});

export function promotionsAdmin(db: Db, clock: () => Date = () => new Date()) {
  const campaign = eq(promotions.kind, 'campaign');

  async function codeTaken(code: string) {
    const [row] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(sql`lower(${promotions.code}) = lower(${code})`);
    return row !== undefined;
  }

  /** The campaign promotion a call names: by its _id, else by its code (case-insensitive, as at checkout). */
  async function found(ref: DeletePromotionBody) {
    const code = ref.code?.trim();
    if (ref._id === undefined && !code) throw new Invalid(PROMOTION_REF_REQUIRED);
    const named = ref._id !== undefined ? eq(promotions.id, ref._id) : sql`lower(${promotions.code}) = lower(${code})`;
    const [row] = await db.select().from(promotions).where(and(named, campaign));
    if (!row) throw new NotFound(ref._id !== undefined ? GONE : `No promo code ${code} (it may have been deleted)`);
    return row;
  }

  /** A code sent next to an _id must be that promotion's, in any case (codes are locked once created). */
  const sameCode = (sent: string | undefined, row: Row) =>
    sent === undefined || sent.trim().toLowerCase() === row.code.toLowerCase();

  const exists = (code: string) => new Conflict(`A promo code ${code} already exists`);

  return {
    /** One campaign promotion as the editor lists it (NotFound when it is gone). */
    one: async (ref: DeletePromotionBody): Promise<AdminPromotion> => toAdminPromotion(await found(ref)),

    async list(): Promise<AdminPromotion[]> {
      const rows = await db
        .select()
        .from(promotions)
        .where(campaign)
        .orderBy(desc(promotions.createdAt), desc(promotions.id))
        .limit(PROMOTIONS_LIST_CAP);
      return rows.map(toAdminPromotion);
    },

    async create(actor: Actor, body: Parsed): Promise<AdminPromotion> {
      const code = body.code.trim();
      const expiresAt = expiry(body.expiresAt) ?? null;
      // A new code that has already expired is a slip of the date picker; an existing one may keep its date.
      if (expiresAt && expiresAt.getTime() < clock().getTime()) throw new Invalid(EXPIRED_ON_CREATE);
      if (await codeTaken(code)) throw exists(code);
      const values = {
        code,
        type: body.type,
        kind: 'campaign' as const,
        ...discountColumns(body.type, body.discount),
        payoutCents: toCents(body.payout ?? 0),
        usageLimit: body.usageLimit ?? null,
        expiresAt,
        passwordHash: body.password ? await hashPassword(body.password) : null,
      };
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(promotions).values(values).returning();
          const created = toAdminPromotion(row!);
          await recordActivity(tx, actor, {
            kind: 'promotion.created',
            summary: `Created the promo code ${created.code} (${discountOf(created)})`,
            detail: { promotionId: created._id, code: created.code, type: created.type, ...recorded(created) },
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw exists(code);
        throw error;
      }
    },

    async update(actor: Actor, body: UpdatePromotionBody): Promise<AdminPromotion> {
      const row = await found(body);
      if (!sameCode(body.code, row)) throw new Invalid('A promo code cannot be changed once created');
      if (body.type !== undefined && body.type !== row.type)
        throw new Invalid('The type of a promo cannot be changed once created');
      const patch: Partial<typeof promotions.$inferInsert> = {};
      if (body.discount !== undefined) Object.assign(patch, discountColumns(row.type, body.discount));
      if (body.payout !== undefined) patch.payoutCents = toCents(body.payout);
      if (body.usageLimit !== undefined) patch.usageLimit = body.usageLimit;
      const expiresAt = expiry(body.expiresAt);
      if (expiresAt !== undefined) patch.expiresAt = expiresAt;
      if (body.password) patch.passwordHash = await hashPassword(body.password);
      if (Object.keys(patch).length === 0) return toAdminPromotion(row);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(promotions)
          .set(patch)
          .where(and(eq(promotions.id, row.id), campaign))
          .returning();
        if (!updated) throw new NotFound(GONE);
        const before = toAdminPromotion(row);
        const after = toAdminPromotion(updated);
        const { fields, changes } = fieldChanges(recorded(before), recorded(after), {
          discount: 'discount',
          payout: 'payout',
          usageLimit: 'usage limit',
          expiresAt: 'expiry',
          hasPassword: 'password',
        });
        // A new password over an old one changes no visible field, but is a change.
        if (body.password && before.hasPassword && !fields.includes('password')) fields.push('password');
        if (fields.length > 0)
          await recordActivity(tx, actor, {
            kind: 'promotion.updated',
            summary: `Changed the promo code ${after.code}: ${listed(fields)}`,
            detail: { promotionId: after._id, code: after.code, fields, changes },
          });
        return after;
      });
    },

    /** Orders keep their own copy of the promo (orders.promo), so a used code may go. */
    async remove(actor: Actor, ref: DeletePromotionBody): Promise<void> {
      const row = await found(ref);
      if (!sameCode(ref.code, row))
        throw new Invalid(`code: ${ref.code?.trim()} is not the code of promotion ${row.id}; nothing was deleted`);
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(promotions)
          .where(and(eq(promotions.id, row.id), campaign))
          .returning({ id: promotions.id });
        if (deleted.length === 0) throw new NotFound(GONE);
        const gone = toAdminPromotion(row);
        await recordActivity(tx, actor, {
          kind: 'promotion.deleted',
          summary: `Deleted the promo code ${gone.code}`,
          detail: {
            promotionId: gone._id,
            code: gone.code,
            type: gone.type,
            usedCount: gone.usedCount,
            ...recorded(gone),
          },
        });
      });
    },
  };
}
export type PromotionsAdmin = ReturnType<typeof promotionsAdmin>;
