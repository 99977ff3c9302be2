// Promotions' SQL for the promoter report: the campaign behind a code, and the orders placed with it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { orders, promotions } from '../../db/schema.js';

export type ReportOrder = {
  id: number;
  promo: { type: string; discount: number } | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/**
 * The report's rows as the query sends them: `id,subtotal,discount,total,promo type,promo discount`,
 * rows joined by ';'. Numbers and the promo type (a fixed word) hold no ',' or ';'.
 */
export function parseReportRows(text: string | null | undefined): ReportOrder[] {
  if (!text) return [];
  return text.split(';').map((row) => {
    const [id, subtotal, discount, total, type, promoDiscount] = row.split(',');
    return {
      id: Number(id),
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
        .select({ id: promotions.id, code: promotions.code, passwordHash: promotions.passwordHash, payoutCents: promotions.payoutCents })
        .from(promotions)
        .where(sql`lower(${promotions.code}) = lower(${code})`);
      return row;
    },

    /**
     * Orders whose promo was this code, newest first. Joined into one text by the database: a busy
     * code has thousands of orders, and one plain text decodes far faster than a row (or a JSON
     * value) each; building JSON in the database costs twice the time of this text.
     */
    async ordersWithCode(code: string): Promise<ReportOrder[]> {
      const [row] = rowsOf<{ rows: string | null }>(await db.execute(ordersWithCodeQuery(code)));
      return parseReportRows(row?.rows);
    },
  };
}

/** The report's one statement; it reads `orders_promo_report_idx` alone (migration 0006). */
export const ordersWithCodeQuery = (code: string) => sql`
  select string_agg(${orders.id} || ',' || ${orders.subtotalCents} || ',' || ${orders.discountCents} || ',' || ${orders.totalCents}
                    || ',' || coalesce(${orders.promo}->>'type', '') || ',' || coalesce(${orders.promo}->>'discount', ''),
                    ';' order by ${orders.createdAt} desc, ${orders.id} desc) as rows
    from ${orders}
   where lower(${orders.promo}->>'code') = lower(${code})`;
