// The Overview (issue 28 #1, decision 038): a period's figures against the period before it, its
// revenue and orders by day or month, the top items and the return rates, assembled with the funnel,
// the reminders' results and the orders to act on. Days are the shop's (Settings › Reports and
// reminders › time zone); the figures come from the summaries the order triggers keep.
import type { Funnel } from '../../../contract/funnel.js';
import type { OverviewAnswer, OverviewFigures, OverviewItem } from '../../../contract/overview.js';
import type { ShopSettings } from '../../../contract/settings.js';
import { toDollars } from '../../../domain/money.js';
import {
  type DayRange,
  dayIn,
  instantsOf,
  type PeriodPreset,
  presetRange,
  previousRange,
  seriesStarts,
  seriesUnitOf,
} from '../../../domain/report-period.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { reminderStats } from '../abandoned/reminder-stats.js';
import { ordersToAct } from '../orders/orders-to-act.js';
import { type ItemRow, overviewRepository, type Totals } from './overview-repository.js';

export type OverviewDeps = {
  db: Db;
  clock: Clock;
  settings: { read(): Promise<ShopSettings> };
};

/** The funnel's counts between two instants (services.funnel). */
export type FunnelSource = { between(from: Date, to: Date): Promise<Funnel> };

/** The parsed query: a preset, or both days. */
type Period = { period?: PeriodPreset | undefined; from?: string | undefined; to?: string | undefined };

function figuresOf(t: Totals, newSubscribers: number, funnel: Funnel): OverviewFigures {
  return {
    revenue: toDollars(t.salesCents - t.refundCents),
    sales: toDollars(t.salesCents),
    orders: t.orders,
    averageOrderValue: t.orders > 0 ? Math.round(t.salesCents / t.orders) / 100 : 0,
    pieces: t.pieces,
    discounts: toDollars(t.discountCents),
    refunds: toDollars(t.refundCents),
    refundCount: t.refunds,
    giftCardsSold: toDollars(t.giftCardCents),
    newSubscribers,
    conversion: funnel.visited > 0 ? funnel.placedOrder / funnel.visited : null,
  };
}

const itemOf = (r: ItemRow): OverviewItem => ({
  itemId: r.itemId,
  title: r.title,
  url: r.url,
  pieces: r.pieces,
  revenue: toDollars(r.salesCents),
  returned: r.returned,
  returnRate: r.pieces > 0 ? r.returned / r.pieces : 0,
  sizes: r.sizes ?? [],
});

const sum = (rows: Totals[]): Totals =>
  rows.reduce<Totals>(
    (a, r) => ({
      orders: a.orders + r.orders,
      pieces: a.pieces + r.pieces,
      salesCents: a.salesCents + r.salesCents,
      discountCents: a.discountCents + r.discountCents,
      giftCardCents: a.giftCardCents + r.giftCardCents,
      refunds: a.refunds + r.refunds,
      refundCents: a.refundCents + r.refundCents,
    }),
    { orders: 0, pieces: 0, salesCents: 0, discountCents: 0, giftCardCents: 0, refunds: 0, refundCents: 0 },
  );

export function overviewService(deps: OverviewDeps) {
  const { db, clock, settings } = deps;
  const repo = overviewRepository(db);

  return {
    async read(query: Period, funnel: FunnelSource): Promise<OverviewAnswer> {
      const { timeZone } = (await settings.read()).insights;
      const today = dayIn(timeZone, clock());
      const range: DayRange = query.period
        ? presetRange(query.period, today)
        : { from: query.from as string, to: query.to as string };
      const before = previousRange(range);
      const now = instantsOf(range, timeZone);
      const then = instantsOf(before, timeZone);
      const unit = seriesUnitOf(range);

      // PGlite answers one query at a time; on PostgreSQL these run side by side.
      const [series, previous, items, subscribers, previousSubscribers, funnelNow, funnelThen, reminders, toAct] =
        await Promise.all([
          repo.series(now.start, now.end, timeZone, unit),
          repo.totals(then.start, then.end),
          repo.items(now.start, now.end),
          repo.newSubscribers(now.start, now.end),
          repo.newSubscribers(then.start, then.end),
          funnel.between(now.start, now.end),
          funnel.between(then.start, then.end),
          reminderStats(db, now.start, now.end),
          ordersToAct(db),
        ]);

      // Every day (or month) of the period is a point, those without orders at zero; a month's
      // point holds its days inside the period only (its key is the period's first day for the first).
      const byKey = new Map(series.map((row) => [row.day, row]));
      const points = seriesStarts(range, unit).map((start) => {
        const row = byKey.get(unit === 'day' ? start : `${start.slice(0, 7)}-01`);
        return {
          start,
          revenue: row ? toDollars(row.salesCents - row.refundCents) : 0,
          orders: row?.orders ?? 0,
        };
      });

      const list = (name: ItemRow['list']) => items.filter((r) => r.list === name).map(itemOf);
      return {
        from: range.from,
        to: range.to,
        previous: before,
        timeZone,
        today,
        figures: figuresOf(sum(series), subscribers, funnelNow),
        previousFigures: figuresOf(previous, previousSubscribers, funnelThen),
        unit,
        series: points,
        topByRevenue: list('revenue'),
        topByPieces: list('pieces'),
        returns: list('returns'),
        funnel: funnelNow,
        previousFunnel: funnelThen,
        reminders,
        toAct,
      };
    },
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
