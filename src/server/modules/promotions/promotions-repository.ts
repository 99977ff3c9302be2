// Promotions' SQL for the promoter report: the campaign behind a code, and the orders placed with it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { orders, promotions } from '../../db/schema.js';

export type ReportOrder = {
  id: number;
  promo: { code: string; type: string; discount: number } | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

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
     * Orders whose promo was this code, newest first. Aggregated into one JSON text by the database:
     * a busy code has thousands of orders, and one text value decodes far faster than a row each.
     */
    async ordersWithCode(code: string): Promise<ReportOrder[]> {
      const result = await db.execute(ordersWithCodeQuery(code));
      const [row] = rowsOf<{ rows: string }>(result);
      const tuples = JSON.parse(row?.rows ?? '[]') as [number | string, ReportOrder['promo'], number, number, number][];
      return tuples.map(([id, promo, subtotalCents, discountCents, totalCents]) => ({ id: Number(id), promo, subtotalCents, discountCents, totalCents }));
    },
  };
}

/** The report's one statement; it reads `orders_promo_report_idx` alone (migration 0006). */
export const ordersWithCodeQuery = (code: string) => sql`
  select coalesce(json_agg(json_build_array(${orders.id}, ${orders.promo}, ${orders.subtotalCents}, ${orders.discountCents}, ${orders.totalCents})
                  order by ${orders.createdAt} desc, ${orders.id} desc), '[]')::text as rows
    from ${orders}
   where lower(${orders.promo}->>'code') = lower(${code})`;
