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

    /**
     * One page of the code's orders (newest first) and its totals over all of them, in one statement
     * that reads `orders_promo_report_idx` alone. `payoutCents` stands in for orders placed before
     * payouts were kept with them, as in the whole report.
     */
    async reportPage(code: string, since: Date, payoutCents: number, limit: number, offset: number) {
      const [row] = rowsOf<{ count: number; total: string | number; payout: string | number; rows: string | null }>(
        await db.execute(reportPageQuery(code, since, payoutCents, limit, offset)),
      );
      return {
        count: Number(row?.count ?? 0),
        totalCents: Number(row?.total ?? 0),
        payoutCents: Number(row?.payout ?? 0),
        orders: parseReportRows(row?.rows),
      };
    },
  };
}

const ofCode = (code: string, since: Date) =>
  sql`lower(${orders.promo}->>'code') = lower(${code}) and ${orders.createdAt} >= ${since.toISOString()}::timestamptz`;

const reportRowText = sql`${orders.id} || ',' || ${orders.subtotalCents} || ',' || ${orders.discountCents} || ',' || ${orders.totalCents}
                    || ',' || coalesce(${orders.promo}->>'type', '') || ',' || coalesce(${orders.promo}->>'discount', '')
                    || ',' || coalesce(${orders.promo}->>'payoutCents', '')`;

/** The paged report's one statement: totals over the code's orders, and the rows of one page. */
export const reportPageQuery = (code: string, since: Date, payoutCents: number, limit: number, offset: number) => sql`
  select totals.count, totals.total, totals.payout,
         (select string_agg(page.line, ';' order by page.created_at desc, page.id desc)
            from (select ${reportRowText} as line, ${orders.createdAt} as created_at, ${orders.id} as id
                    from ${orders}
                   where ${ofCode(code, since)}
                   order by ${orders.createdAt} desc, ${orders.id} desc
                   limit ${limit} offset ${offset}) page) as rows
    from (select count(*)::int as count,
                 coalesce(sum(${orders.totalCents}), 0)::bigint as total,
                 coalesce(sum(coalesce((${orders.promo}->>'payoutCents')::int, ${payoutCents}::int)), 0)::bigint as payout
            from ${orders}
           where ${ofCode(code, since)}) totals`;

/** The report's one statement; it reads `orders_promo_report_idx` alone (migration 0006). */
export const ordersWithCodeQuery = (code: string, since: Date) => sql`
  select string_agg(${reportRowText}, ';' order by ${orders.createdAt} desc, ${orders.id} desc) as rows
    from ${orders}
   where ${ofCode(code, since)}`;
