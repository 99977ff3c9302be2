// Exports and packing slips (issue 28 #5, #6): the queries of the CSV downloads and the packing
// slip PDFs. Their answers are files (text/csv, application/pdf), not JSON calls; the columns and
// addresses are in values/exports.ts.
import { z } from 'zod';

export * from './values/exports.js';

/** The longest range an orders export covers (a few years of orders: still streamed, never held). */
export const EXPORT_MAX_DAYS = 3_700;

/** A calendar day written YYYY-MM-DD that exists (2025-02-30 does not). */
export const CalendarDaySchema = z
  .string({ error: 'a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'a date that exists');

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** GET /admin/api/exports/orders.csv: both days included, counted in the shop's time zone. */
export const OrdersCsvQuerySchema = z
  .object({
    from: CalendarDaySchema.describe('The first day'),
    to: CalendarDaySchema.describe('The last day'),
  })
  .refine((q) => q.from <= q.to, { error: 'to: the last day cannot come before the first', path: ['to'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < EXPORT_MAX_DAYS, {
    error: `to: an export covers at most ${EXPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type OrdersCsvQuery = z.output<typeof OrdersCsvQuerySchema>;

/** GET /admin/api/packingSlip?orderId= */
export const PackingSlipQuerySchema = z.object({
  orderId: z.coerce
    .number({ error: 'orderId: an order number' })
    .int('orderId: an order number')
    .positive('orderId: an order number')
    .max(Number.MAX_SAFE_INTEGER, 'orderId: an order number'),
});
export type PackingSlipQuery = z.output<typeof PackingSlipQuerySchema>;
