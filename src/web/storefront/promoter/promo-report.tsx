// The campaign performance table: Order ID, Total, Discount ((discount − 1) × 100 %), Payout for one
// page of orders, with the campaign's totals over every order below; Previous / Next when the
// campaign has more than a page; or 'There has been no sales with this promo yet...'.
import { useId } from 'react';
import type { PromoReportPage } from '../../../contract/promotions.js';
import { formatPrice as formatCents, toCents } from '../../../domain/money.js';
import { discountLabel, NO_SALES_YET } from '../../../domain/promo-report.js';
import './promo-report.css';

const count = new Intl.NumberFormat('en-US');

type Props = {
  code: string;
  report: PromoReportPage;
  /** Asks for another page; absent while one is being fetched. */
  onPage?: (page: number) => void;
};

export function PromoReport({ code, report, onPage }: Props) {
  const captionId = useId();
  if (report.orderCount === 0) {
    return (
      <p className="lookup-message" role="status">
        {NO_SALES_YET}
      </p>
    );
  }
  const { orders, orderCount, page, pages, pageSize } = report;
  const first = (page - 1) * pageSize + 1;
  const payout = formatCents(toCents(report.payout));
  return (
    <section className="promo-report" aria-labelledby={captionId}>
      <header className="promo-report__head">
        <p className="eyebrow">Campaign</p>
        <h2 id={captionId} className="promo-report__code">
          {code}
        </h2>
        <p className="promo-report__summary">
          {orderCount === 1 ? '1 order' : `${count.format(orderCount)} orders`} · {payout} payout
        </p>
      </header>
      <div className="promo-report__scroll">
        <table className="promo-report__table" aria-busy={onPage ? undefined : true}>
          <caption className="visually-hidden">Orders placed with {code}</caption>
          <thead>
            <tr>
              <th scope="col">Order ID</th>
              <th scope="col" className="promo-report__num">
                Total
              </th>
              <th scope="col" className="promo-report__num">
                Discount
              </th>
              <th scope="col" className="promo-report__num">
                Payout
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((row) => (
              <tr key={row.orderId}>
                <th scope="row" className="promo-report__order">
                  {row.orderId}
                </th>
                <td className="promo-report__num">{formatCents(toCents(row.total))}</td>
                <td className="promo-report__num">{discountLabel(row, formatCents)}</td>
                <td className="promo-report__num">{formatCents(toCents(row.payout))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All orders</th>
              <td className="promo-report__num">{formatCents(toCents(report.total))}</td>
              <td className="promo-report__num" aria-label="Not summed" />
              <td className="promo-report__num">{payout}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {pages > 1 && (
        <nav className="promo-report__pager" aria-label="Report pages">
          <button
            type="button"
            className="promo-report__page"
            disabled={!onPage || page <= 1}
            onClick={() => onPage?.(page - 1)}
          >
            Previous
          </button>
          <p className="promo-report__range" aria-live="polite">
            Orders {count.format(first)}–{count.format(first + orders.length - 1)} of {count.format(orderCount)}
          </p>
          <button
            type="button"
            className="promo-report__page"
            disabled={!onPage || page >= pages}
            onClick={() => onPage?.(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
