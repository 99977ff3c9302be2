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

export type ItemRow = {
  list: 'revenue' | 'pieces' | 'returns';
  itemId: string;
  title: string;
  url: string | null;
  pieces: number;
  salesCents: number;
  returned: number;
  sizes: { size: string; pieces: number }[];
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

    /**
     * The sums between consecutive `bounds` (the instants each point of a chart starts at, then the
     * period's end): point i holds [bounds[i], bounds[i+1]). Points without orders are absent.
     */
    async series(bounds: Date[]): Promise<(Totals & { point: number })[]> {
      const first = bounds[0]!;
      const last = bounds.at(-1)!;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select width_bucket(bucket, ${`{${bounds.map(iso).join(',')}}`}::timestamptz[]) - 1 as point, ${SUMS}
          from report_sales
          where bucket >= ${iso(first)}::timestamptz and bucket < ${iso(last)}::timestamptz
          group by 1`),
      );
      return rows.map((r) => ({ point: num(r.point), ...totalsOf(r) }));
    },

    /** Moves on every write of orders (the triggers' sequence): an answer computed at one version holds until it moves. */
    async version(): Promise<string> {
      const rows = rowsOf<{ v: string }>(
        await db.execute(
          sql`select (last_value::text || case when is_called then '+' else '' end) as v from report_version`,
        ),
      );
      return String(rows[0]?.v ?? '');
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
     * pieces returned: whole UTC months are ranked from report_item_months, the period's edges from
     * report_item_sales; then the sizes of those few items, through the item index.
     */
    async items(start: Date, end: Date, limit = 10): Promise<ItemRow[]> {
      let monthsFrom = utcMonthCeil(start);
      let monthsTo = utcMonthFloor(end);
      if (monthsFrom >= monthsTo) monthsFrom = monthsTo = end;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with i as (
            select item_id, sum(pieces)::int as pieces, sum(sales)::bigint as sales, sum(returned)::int as returned
            from (
              select item_id, pieces, sales_cents as sales, returned from report_item_months
              where month >= ${iso(monthsFrom)}::timestamptz and month < ${iso(monthsTo)}::timestamptz
              union all
              select item_id, pieces, sales_cents, returned from report_item_sales
              where bucket >= ${iso(start)}::timestamptz and bucket < ${iso(monthsFrom)}::timestamptz
              union all
              select item_id, pieces, sales_cents, returned from report_item_sales
              where bucket >= ${iso(monthsTo)}::timestamptz and bucket < ${iso(end)}::timestamptz
            ) u
            group by item_id
          ),
          top as (
            (select 'revenue' as list, 1 as k, item_id from i where pieces > 0 order by sales desc, pieces desc, item_id limit ${limit})
            union all
            (select 'pieces', 2, item_id from i where pieces > 0 order by pieces desc, sales desc, item_id limit ${limit})
            union all
            (select 'returns', 3, item_id from i where returned > 0 order by returned desc, pieces, item_id limit ${limit})
          )
          select top.list, i.item_id, i.pieces, i.sales, i.returned, it.url,
                 coalesce(it.title, (select r.title from report_item_months r where r.item_id = top.item_id order by r.month desc limit 1)) as title
          from top join i on i.item_id = top.item_id left join items it on it.id = top.item_id
          order by top.k,
                   case top.k when 1 then i.sales else 0 end desc,
                   case top.k when 3 then i.returned else i.pieces end desc,
                   case top.k when 2 then i.sales else 0 end desc,
                   case top.k when 3 then i.pieces else 0 end,
                   i.item_id`),
      );
      const ids = [...new Set(rows.map((r) => String(r.item_id)))];
      const sizes = new Map<string, { size: string; pieces: number }[]>();
      if (ids.length > 0) {
        const sized = rowsOf<{ item_id: string; size: string; pieces: number }>(
          await db.execute(sql`
            select item_id, size, sum(pieces)::int as pieces from report_item_sales
            where item_id = any(${`{${ids.join(',')}}`}::char(24)[])
              and bucket >= ${iso(start)}::timestamptz and bucket < ${iso(end)}::timestamptz
            group by item_id, size
            having sum(pieces) > 0
            order by item_id, sum(pieces) desc, size`),
        );
        for (const r of sized) {
          const list = sizes.get(r.item_id) ?? [];
          list.push({ size: r.size, pieces: num(r.pieces) });
          sizes.set(r.item_id, list);
        }
      }
      return rows.map((r) => ({
        list: r.list as ItemRow['list'],
        itemId: String(r.item_id).trim(),
        title: String(r.title ?? ''),
        url: (r.url as string | null) ?? null,
        pieces: num(r.pieces),
        salesCents: num(r.sales),
        returned: num(r.returned),
        sizes: sizes.get(String(r.item_id)) ?? [],
      }));
    },
  };
}
