// The Overview's reads (issue 28, decision 038): sums over the summaries the order triggers keep
// (schema/reports.ts), never over `orders`. A period is a pair of instants [start, end).
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

export type Totals = {
  orders: number;
  pieces: number;
  salesCents: number;
  discountCents: number;
  giftCardCents: number;
  refunds: number;
  refundCents: number;
};

export type SeriesRow = Totals & { day: string };

export type ItemRow = {
  list: 'revenue' | 'pieces' | 'returns';
  itemId: string;
  title: string;
  url: string | null;
  pieces: number;
  salesCents: number;
  returned: number;
  sizes: { size: string; pieces: number }[] | null;
};

const iso = (d: Date) => d.toISOString();
const num = (v: unknown) => Number(v ?? 0);

const totalsOf = (r: Record<string, unknown>): Totals => ({
  orders: num(r.orders),
  pieces: num(r.pieces),
  salesCents: num(r.sales_cents),
  discountCents: num(r.discount_cents),
  giftCardCents: num(r.gift_card_cents),
  refunds: num(r.refunds),
  refundCents: num(r.refund_cents),
});

const SUMS = sql`coalesce(sum(orders), 0) as orders, coalesce(sum(pieces), 0) as pieces,
  coalesce(sum(sales_cents), 0) as sales_cents, coalesce(sum(discount_cents), 0) as discount_cents,
  coalesce(sum(gift_card_cents), 0) as gift_card_cents, coalesce(sum(refunds), 0) as refunds,
  coalesce(sum(refund_cents), 0) as refund_cents`;

/** The first instant of the UTC month at or after `t`, and the one at or before. */
const utcMonthCeil = (t: Date) => {
  const m = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
  return m.getTime() === t.getTime() ? m : new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
};
const utcMonthFloor = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));

export function overviewRepository(db: Db) {
  return {
    /** The period's sums. */
    async totals(start: Date, end: Date): Promise<Totals> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select ${SUMS} from report_sales where bucket >= ${iso(start)}::timestamptz and bucket < ${iso(end)}::timestamptz`,
        ),
      );
      return totalsOf(rows[0] ?? {});
    },

    /** The period's sums by day or month of `timeZone` (each point's first day, YYYY-MM-DD); days without orders are absent. */
    async series(start: Date, end: Date, timeZone: string, unit: 'day' | 'month'): Promise<SeriesRow[]> {
      const local = sql`(bucket at time zone ${timeZone})`;
      const key = unit === 'day' ? sql`${local}::date` : sql`date_trunc('month', ${local})::date`;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select to_char(${key}, 'YYYY-MM-DD') as day, ${SUMS}
          from report_sales
          where bucket >= ${iso(start)}::timestamptz and bucket < ${iso(end)}::timestamptz
          group by 1 order by 1`),
      );
      return rows.map((r) => ({ day: String(r.day), ...totalsOf(r) }));
    },

    /** Newsletter sign-ups in [start, end). */
    async newSubscribers(start: Date, end: Date): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from subscriptions
          where newsletter and created_at >= ${iso(start)}::timestamptz and created_at < ${iso(end)}::timestamptz`),
      );
      return num(rows[0]?.n);
    },

    /**
     * The ten items with the most revenue, the ten with the most pieces, and the ten with the most
     * pieces returned, with their sizes, in one pass: whole UTC months come from report_item_months,
     * the period's edges from report_item_sales.
     */
    async items(start: Date, end: Date, limit = 10): Promise<ItemRow[]> {
      let monthsFrom = utcMonthCeil(start);
      let monthsTo = utcMonthFloor(end);
      if (monthsFrom >= monthsTo) monthsFrom = monthsTo = end;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with s as (
            select item_id, size, sum(pieces)::int as pieces, sum(sales_cents)::bigint as sales, sum(returned)::int as returned
            from (
              select item_id, size, pieces, sales_cents, returned from report_item_months
              where month >= ${iso(monthsFrom)}::timestamptz and month < ${iso(monthsTo)}::timestamptz
              union all
              select item_id, size, pieces, sales_cents, returned from report_item_sales
              where (bucket >= ${iso(start)}::timestamptz and bucket < ${iso(monthsFrom)}::timestamptz)
                 or (bucket >= ${iso(monthsTo)}::timestamptz and bucket < ${iso(end)}::timestamptz)
            ) u
            group by item_id, size
          ),
          i as (
            select item_id, sum(pieces)::int as pieces, sum(sales)::bigint as sales, sum(returned)::int as returned
            from s group by item_id
          ),
          top as (
            (select 'revenue' as list, 1 as k, item_id from i where pieces > 0 order by sales desc, pieces desc, item_id limit ${limit})
            union all
            (select 'pieces', 2, item_id from i where pieces > 0 order by pieces desc, sales desc, item_id limit ${limit})
            union all
            (select 'returns', 3, item_id from i where returned > 0 order by returned desc, pieces, item_id limit ${limit})
          )
          select top.list, i.item_id, i.pieces, i.sales, i.returned, it.url,
                 coalesce(it.title, (select r.title from report_item_sales r where r.item_id = top.item_id order by r.bucket desc limit 1)) as title,
                 (select json_agg(json_build_object('size', s.size, 'pieces', s.pieces) order by s.pieces desc, s.size)
                    from s where s.item_id = top.item_id and s.pieces > 0) as sizes
          from top join i on i.item_id = top.item_id left join items it on it.id = top.item_id
          order by top.k,
                   case top.k when 1 then i.sales else 0 end desc,
                   case top.k when 3 then i.returned else i.pieces end desc,
                   case top.k when 2 then i.sales else 0 end desc,
                   case top.k when 3 then i.pieces else 0 end,
                   i.item_id`),
      );
      return rows.map((r) => ({
        list: r.list as ItemRow['list'],
        itemId: String(r.item_id).trim(),
        title: String(r.title ?? ''),
        url: (r.url as string | null) ?? null,
        pieces: num(r.pieces),
        salesCents: num(r.sales),
        returned: num(r.returned),
        sizes: (typeof r.sizes === 'string' ? JSON.parse(r.sizes) : r.sizes) as ItemRow['sizes'],
      }));
    },
  };
}
