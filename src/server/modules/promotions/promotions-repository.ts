// Promotions' SQL for the promoter report: the campaign behind a code, and the orders placed with it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { orders, promotions } from '../../db/schema.js';

export type ReportOrder = {
  id: number;
  promo: { type: string; discount: number } | null;
  /** The code's payout when the order was placed; undefined for orders placed before payouts were kept with them. */
  payoutCents: number | undefined;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/**
 * The report's rows as the query sends them: `id,subtotal,discount,total,promo type,promo discount,payout`,
 * rows joined by ';'. Numbers and the promo type (a fixed word) hold no ',' or ';'.
 */
export function parseReportRows(text: string | null | undefined): ReportOrder[] {
  if (!text) return [];
  return text.split(';').map((row) => {
    const [id, subtotal, discount, total, type, promoDiscount, payout] = row.split(',');
    return {
      id: Number(id),
      payoutCents: payout ? Number(payout) : undefined,
      promo: type ? { type, discount: Number(promoDiscount) } : null,
      subtotalCents: Number(subtotal),
      discountCents: Number(discount),
      totalCents: Number(total),
    };
  });
}

export function promotionsRepository(db: Db) {
  return {
    /** Codes are matched case-insensitively (the unique index is on lower(code)). */
    async byCode(code: string) {
      const [row] = await db
        .select({
          id: promotions.id,
          code: promotions.code,
          passwordHash: promotions.passwordHash,
          payoutCents: promotions.payoutCents,
          createdAt: promotions.createdAt,
        })
        .from(promotions)
        .where(sql`lower(${promotions.code}) = lower(${code})`);
      return row;
    },

    /**
     * Orders whose promo was this code since `since` (the promotion's creation: a deleted code's
     * orders are not shown to whoever owns a new code of the same name), newest first. Joined into one text by the database: a busy
     * code has thousands of orders, and one plain text decodes far faster than a row (or a JSON
     * value) each; building JSON in the database costs twice the time of this text.
     */
    async ordersWithCode(code: string, since: Date): Promise<ReportOrder[]> {
      const [row] = rowsOf<{ rows: string | null }>(await db.execute(ordersWithCodeQuery(code, since)));
      return parseReportRows(row?.rows);
    },
  };
}

/** The report's one statement; it reads `orders_promo_report_idx` alone (migration 0006). */
export const ordersWithCodeQuery = (code: string, since: Date) => sql`
  select string_agg(${orders.id} || ',' || ${orders.subtotalCents} || ',' || ${orders.discountCents} || ',' || ${orders.totalCents}
                    || ',' || coalesce(${orders.promo}->>'type', '') || ',' || coalesce(${orders.promo}->>'discount', '')
                    || ',' || coalesce(${orders.promo}->>'payoutCents', ''),
                    ';' order by ${orders.createdAt} desc, ${orders.id} desc) as rows
    from ${orders}
   where lower(${orders.promo}->>'code') = lower(${code})
     and ${orders.createdAt} >= ${since.toISOString()}::timestamptz`;
