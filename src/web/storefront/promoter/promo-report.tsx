// The campaign performance table: Order ID, Total, Discount ((discount − 1) × 100 %), Payout, with
// the sums below; or 'There has been no sales with this promo yet...'.
import { useId } from 'react';
import type { PromoPerformanceRow } from '../../../contract/promotions.js';
import { formatPrice as formatCents, toCents } from '../../../domain/money.js';
import { discountPercentLabel, NO_SALES_YET } from '../../../domain/promo-report.js';
import './promo-report.css';

export function PromoReport({ code, rows }: { code: string; rows: PromoPerformanceRow[] }) {
  const captionId = useId();
  if (rows.length === 0) {
    return (
      <p className="lookup-message" role="status">
        {NO_SALES_YET}
      </p>
    );
  }
  const totalCents = rows.reduce((sum, r) => sum + toCents(r.total), 0);
  const payoutCents = rows.reduce((sum, r) => sum + toCents(r.payout), 0);
  return (
    <section className="promo-report" aria-labelledby={captionId}>
      <header className="promo-report__head">
        <p className="eyebrow">Campaign</p>
        <h2 id={captionId} className="promo-report__code">
          {code}
        </h2>
        <p className="promo-report__summary">
          {rows.length === 1 ? '1 order' : `${rows.length} orders`} · {formatCents(payoutCents)} payout
        </p>
      </header>
      <div className="promo-report__scroll">
        <table className="promo-report__table">
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
            {rows.map((row) => (
              <tr key={row.orderId}>
                <th scope="row" className="promo-report__order">
                  {row.orderId}
                </th>
                <td className="promo-report__num">{formatCents(toCents(row.total))}</td>
                <td className="promo-report__num">{discountPercentLabel(row.discount)}</td>
                <td className="promo-report__num">{formatCents(toCents(row.payout))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All orders</th>
              <td className="promo-report__num">{formatCents(totalCents)}</td>
              <td className="promo-report__num" aria-label="Not summed" />
              <td className="promo-report__num">{formatCents(payoutCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
