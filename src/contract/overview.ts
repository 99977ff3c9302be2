// The Overview (issue 28 #1, decision 038): how the shop is doing in a period against the period
// before it. GET /admin/api/overview?from=&to= (days in the shop's time zone, both included) or
// ?period=30d (a preset ending today there). Amounts are dollars, as every admin answer.
import { z } from 'zod';
import { daysIn, isIsoDate, MAX_PERIOD_DAYS, PERIOD_PRESETS, type PeriodPreset } from '../domain/report-period.js';
import { ReminderStatsSchema } from './abandoned.js';
import { FunnelSchema } from './funnel.js';
import { OrdersToActSchema } from './orders-to-act.js';

export { MAX_PERIOD_DAYS, PERIOD_PRESETS, type PeriodPreset } from '../domain/report-period.js';

const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const DaySchema = (name: string) =>
  z
    .string()
    .trim()
    .refine(isIsoDate, { error: `${name}: a date written YYYY-MM-DD, such as 2026-11-27` });

export const OverviewQuerySchema = z
  .object({
    from: blankless(DaySchema('from')),
    to: blankless(DaySchema('to')),
    period: blankless(z.enum(PERIOD_PRESETS, { error: `period: one of ${PERIOD_PRESETS.join(', ')}` })),
  })
  .superRefine((q, ctx) => {
    if (q.period !== undefined) {
      if (q.from !== undefined || q.to !== undefined)
        ctx.addIssue({ code: 'custom', message: 'Give either a period or from and to, not both' });
      return;
    }
    if (q.from === undefined || q.to === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give from and to (YYYY-MM-DD), or a period' });
      return;
    }
    if (q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to: the last day comes on or after from' });
    else if (daysIn({ from: q.from, to: q.to }) > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A period is at most ${MAX_PERIOD_DAYS} days` });
  });
/** What the panel sends: a preset, or both days. */
export type OverviewQuery = { period?: PeriodPreset | undefined; from?: string | undefined; to?: string | undefined };

const dollars = z.number();
const count = z.number().int().min(0);
const Day = z.string();

/** The headline figures of one period. */
export const OverviewFiguresSchema = z.object({
  /** Order totals (goods after discounts, shipping, tax; gift cards sold left out) placed in the period, less refunds made in it. */
  revenue: dollars,
  /** The same before refunds. */
  sales: dollars,
  orders: count,
  /** sales ÷ orders; 0 without orders. */
  averageOrderValue: dollars,
  pieces: count,
  discounts: dollars,
  /** Refunds made in the period (what went back to shoppers, tax included), and how many. */
  refunds: dollars,
  refundCount: count,
  /** Gift cards sold (not revenue until spent). */
  giftCardsSold: dollars,
  newSubscribers: count,
  /** Sessions that placed an order ÷ sessions that visited (the funnel's ends); null without visits. */
  conversion: z.number().min(0).nullable(),
});
export type OverviewFigures = z.infer<typeof OverviewFiguresSchema>;

export const OverviewPointSchema = z.object({
  /** The point's first day (a month's first day, or the period's first day for the month it starts in). */
  start: Day,
  revenue: dollars,
  orders: z.number().int(),
});
export type OverviewPoint = z.infer<typeof OverviewPointSchema>;

export const OverviewItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  /** The product page's url, when the item is still in the shop. */
  url: z.string().nullable(),
  pieces: count,
  /** The pieces' prices less their share of each order's discount. */
  revenue: dollars,
  /** Pieces of these sales refunded since. */
  returned: count,
  /** returned ÷ pieces (0 to 1). */
  returnRate: z.number().min(0),
  /** Pieces by size, most sold first. */
  sizes: z.array(z.object({ size: z.string(), pieces: count })),
});
export type OverviewItem = z.infer<typeof OverviewItemSchema>;

export const OverviewAnswerSchema = z.object({
  from: Day,
  to: Day,
  previous: z.object({ from: Day, to: Day }),
  /** The shop's time zone the days are counted in (Settings › Reports and reminders). */
  timeZone: z.string(),
  /** Today there, for the period picker. */
  today: Day,
  figures: OverviewFiguresSchema,
  previousFigures: OverviewFiguresSchema,
  /** Revenue and orders by day, or by month for a period longer than 62 days; every day or month is there, with zeros. */
  unit: z.enum(['day', 'month']),
  series: z.array(OverviewPointSchema),
  topByRevenue: z.array(OverviewItemSchema),
  topByPieces: z.array(OverviewItemSchema),
  /** Items with pieces refunded, most returned pieces first. */
  returns: z.array(OverviewItemSchema),
  funnel: FunnelSchema,
  previousFunnel: FunnelSchema,
  reminders: ReminderStatsSchema,
  toAct: OrdersToActSchema,
});
export type OverviewAnswer = z.infer<typeof OverviewAnswerSchema>;
