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
  startOfDay,
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
  sizes: r.sizes,
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

/** Answers kept: a few periods, each as long as no order is written (and at most MEMO_MS). */
const MEMO_SIZE = 32;
const MEMO_MS = 30_000;

type Computed = {
  version: string;
  at: number;
  series: (Totals & { point: number })[];
  previous: Totals;
  items: ItemRow[];
};

export function overviewService(deps: OverviewDeps) {
  const { db, clock, settings } = deps;
  const repo = overviewRepository(db);
  // The order summaries' sums of a period, while the triggers' version has not moved. The time limit
  // covers an order whose transaction moved the version but had not committed when it was read.
  const memo = new Map<string, Computed>();

  async function computed(key: string, bounds: Date[], then: { start: Date; end: Date }): Promise<Computed> {
    const version = await repo.version();
    const kept = memo.get(key);
    if (kept && kept.version === version && Date.now() - kept.at < MEMO_MS) return kept;
    const [series, previous, items] = await Promise.all([
      repo.series(bounds),
      repo.totals(then.start, then.end),
      repo.items(bounds[0]!, bounds.at(-1)!),
    ]);
    const fresh = { version, at: Date.now(), series, previous, items };
    memo.delete(key);
    memo.set(key, fresh);
    if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!);
    return fresh;
  }

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

      const starts = seriesStarts(range, unit);
      const bounds = [...starts.map((day) => startOfDay(day, timeZone)), now.end];

      // PGlite answers one query at a time; on PostgreSQL these run side by side.
      const [sums, subscribers, previousSubscribers, funnelNow, funnelThen, reminders, toAct] = await Promise.all([
        computed(`${timeZone}|${range.from}|${range.to}`, bounds, then),
        repo.newSubscribers(now.start, now.end),
        repo.newSubscribers(then.start, then.end),
        funnel.between(now.start, now.end),
        funnel.between(then.start, then.end),
        reminderStats(db, now.start, now.end),
        ordersToAct(db),
      ]);
      const { series, previous, items } = sums;

      // Every day (or month) of the period is a point, those without orders at zero; a month's
      // point holds its days inside the period only.
      const byPoint = new Map(series.map((row) => [row.point, row]));
      const points = starts.map((start, i) => {
        const row = byPoint.get(i);
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
