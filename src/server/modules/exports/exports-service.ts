// The owner's exports (issue 28 #5): orders of a date range and the customers, as CSV, read in keyset
// pages of CSV_PAGE rows and handed on one page at a time, so 100,000 orders stream with flat memory.
// No cursor is held across awaits (PGlite has one connection, shared with every other request): each
// page is its own query that starts after the last row of the one before.
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { CUSTOMERS_CSV_COLUMNS, ORDERS_CSV_COLUMNS, type OrdersCsvQuery } from '../../../contract/exports.js';
import { type Db, rowsOf } from '../../db/client.js';
import { guardFormula } from '../../http/csv-cells.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { afterOrder, ORDER_KEY } from '../packing-slips/order-keyset.js';

/** Rows read per query. */
export const CSV_PAGE = 1_000;

/** Cents as the CSV writes amounts: dollars with two decimals, '-' before a negative one ('1234.50'). */
export function dollarsCell(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type OrderRow = {
  key: string;
  id: string;
  date: string;
  email: string;
  name: string;
  pieces: number;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  balance_cents: number;
  refunded_cents: number;
  method: string | null;
  method_detail: string | null;
  processed: boolean;
  shipping_type: string;
  has_return: boolean;
  refunded: boolean;
  tracking: string | null;
};

const METHOD_WORDS: Record<string, string> = { card: 'Card', paypal: 'PayPal' };

/** 'Card Visa •••• 4242', 'PayPal', 'Card Visa •••• 4242 + gift card or store credit', 'Gift card or store credit'. */
function paymentMethodOf(r: OrderRow): string {
  const parts: string[] = [];
  if (r.method && r.method !== 'none') {
    const word = METHOD_WORDS[r.method] ?? r.method;
    // PayPal's detail is the payer's email: the order's email column already says who paid.
    parts.push(
      r.method === 'card' && r.method_detail && r.method_detail !== 'Card' ? `${word} ${r.method_detail}` : word,
    );
  }
  if (r.balance_cents > 0) parts.push(parts.length ? 'gift card or store credit' : 'Gift card or store credit');
  return parts.join(' + ');
}

/** The order's state in the Orders tab's words. */
function statusOf(r: OrderRow): string {
  if (r.has_return) return r.refunded ? 'Refunded' : 'Return requested';
  if (r.shipping_type === 'email') return 'Sent by email';
  return r.processed ? 'Processed' : 'To ship';
}

const orderCells = (r: OrderRow) => [
  r.id,
  r.date,
  guardFormula(r.email),
  guardFormula(r.name),
  r.pieces,
  dollarsCell(r.subtotal_cents),
  dollarsCell(r.discount_cents),
  dollarsCell(r.shipping_cents),
  dollarsCell(r.tax_cents),
  dollarsCell(r.total_cents),
  dollarsCell(r.refunded_cents),
  guardFormula(paymentMethodOf(r)),
  statusOf(r),
  guardFormula(r.tracking ?? ''),
];

type CustomerRow = {
  email_key: string;
  email: string;
  orders: number;
  spent_cents: number;
  first_order: string;
  last_order: string;
  subscribed: boolean;
};

const customerCells = (r: CustomerRow) => [
  guardFormula(r.email),
  r.orders,
  dollarsCell(r.spent_cents),
  r.first_order,
  r.last_order,
  r.subscribed ? 'yes' : 'no',
];

/** The refund an order's return was paid (0 while none is). */
const REFUNDED_CENTS = sql`case when o.return_request->>'refundedAt' is not null
  then coalesce((o.return_request->>'totalRefundCents')::int, 0) else 0 end`;

/** The instants the days from–to cover in the zone `timeZone`: [start, end). */
export async function daysToInstants(db: Db, from: string, to: string, timeZone: string) {
  const [row] = rowsOf<{ start: Date | string; end: Date | string }>(
    await db.execute(sql`select (${from}::date::timestamp at time zone ${timeZone}) as "start",
      ((${to}::date + 1)::timestamp at time zone ${timeZone}) as "end"`),
  );
  return { start: new Date(row!.start), end: new Date(row!.end) };
}

/**
 * The header, then each page's rows as CSV. The next page is asked for while this one is written
 * out, and the event loop gets a turn between pages: PGlite answers in microtasks, and without that
 * turn an export would hold every other request (and its own socket) until its last row.
 */
async function* pagedCsv<R>(
  columns: readonly string[],
  page: (after: string | undefined) => Promise<R[]>,
  keyOf: (row: R) => string,
  cells: (row: R) => unknown[],
): AsyncGenerator<string> {
  yield stringify([], { header: true, columns: [...columns], bom: true });
  let pending = page(undefined);
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const more = rows.length === CSV_PAGE;
    if (more) {
      pending = page(keyOf(rows.at(-1)!));
      // A download stopped half-way leaves this page unread: its failure is nobody's to report.
      pending.catch(() => {});
    }
    yield stringify(rows.map(cells));
    if (!more) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function exportsService(deps: { db: Db; timeZone: () => Promise<string>; clock: () => Date }) {
  const { db } = deps;

  async function ordersPage(range: { start: Date; end: Date }, timeZone: string, afterKey: string | undefined) {
    return rowsOf<OrderRow>(
      await db.execute(sql`
        select ${ORDER_KEY} as key, o.id::text as id,
               to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as date,
               o.email,
               trim(coalesce(o.shipping_info->>'firstName', '') || ' ' || coalesce(o.shipping_info->>'lastName', '')) as name,
               (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(o.lines) l)::int as pieces,
               o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.balance_cents,
               (${REFUNDED_CENTS})::int as refunded_cents,
               o.payment_method_details->>'paymentMethod' as method,
               o.payment_method_details->>'detail' as method_detail,
               o.processed, o.shipping_type,
               o.return_request is not null as has_return,
               o.return_request->>'refundedAt' is not null as refunded,
               o.tracking_number as tracking
          from orders o
         where o.created_at >= ${range.start.toISOString()} and o.created_at < ${range.end.toISOString()}
           ${afterKey === undefined ? sql`` : afterOrder(afterKey)}
         order by o.created_at, o.id
         limit ${CSV_PAGE}`),
    );
  }

  async function customersPage(timeZone: string, afterKey: string | undefined) {
    return rowsOf<CustomerRow>(
      await db.execute(sql`
        select c.email_key, c.email, c.orders, c.spent_cents,
               to_char(c.first_at at time zone ${timeZone}, 'YYYY-MM-DD') as first_order,
               to_char(c.last_at at time zone ${timeZone}, 'YYYY-MM-DD') as last_order,
               exists (select 1 from subscriptions s
                        where lower(s.email) = c.email_key and s.newsletter and s.unsubscribed_at is null) as subscribed
          from (
            select lower(o.email) as email_key, min(o.email) as email, count(*)::int as orders,
                   sum(o.total_cents - ${REFUNDED_CENTS})::float8 as spent_cents,
                   min(o.created_at) as first_at, max(o.created_at) as last_at
              from orders o
             ${afterKey === undefined ? sql`` : sql`where lower(o.email) > ${afterKey}`}
             group by lower(o.email)
             order by lower(o.email)
             limit ${CSV_PAGE}
          ) c
         order by c.email_key`),
    );
  }

  return {
    /**
     * The orders placed in the days from–to (the shop's time zone), oldest first: the header, then
     * one CSV_PAGE of rows at a time. The export is recorded in Activity before the first row.
     */
    async ordersCsv(actor: Actor, query: OrdersCsvQuery): Promise<AsyncGenerator<string>> {
      const timeZone = await deps.timeZone();
      const range = await daysToInstants(db, query.from, query.to, timeZone);
      await recordActivity(db, actor, {
        kind: 'orders.exported',
        summary: `Exported the orders of ${query.from} to ${query.to} (CSV)`,
        detail: { from: query.from, to: query.to, timeZone },
      });
      return pagedCsv(
        ORDERS_CSV_COLUMNS,
        (afterKey) => ordersPage(range, timeZone, afterKey),
        (r) => r.key,
        orderCells,
      );
    },

    /** Everyone who placed an order, by email (any case), in email order; what they spent net of refunds. */
    async customersCsv(actor: Actor): Promise<{ today: string; rows: AsyncGenerator<string> }> {
      const timeZone = await deps.timeZone();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(deps.clock());
      await recordActivity(db, actor, {
        kind: 'customers.exported',
        summary: 'Exported the customers (CSV)',
        detail: {},
      });
      const rows = pagedCsv(
        CUSTOMERS_CSV_COLUMNS,
        (afterKey) => customersPage(timeZone, afterKey),
        (r) => r.email_key,
        customerCells,
      );
      return { today, rows };
    },
  };
}
export type ExportsService = ReturnType<typeof exportsService>;
