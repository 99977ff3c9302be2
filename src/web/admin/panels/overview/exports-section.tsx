// Exports (issue 28 #5) and packing slips (#6), on the Overview: the orders of the period shown and the
// customers as CSV for the owner (the server refuses staff, 403), and the packing slips of every order
// to ship for anyone who packs them. Plain links: the browser downloads the CSV (Content-Disposition:
// attachment, a file name with the dates) and opens the PDF in a new tab to print.
import './exports-section.css';
import { CUSTOMERS_CSV_PATH, ordersCsvUrl, PACKING_SLIPS_PATH } from '../../../../contract/values/exports.js';
import { useMe } from '../../queries/use-me.js';

/** '1 Jan 2026', read as the calendar day it names (no time zone moves it). */
export function dayInWords(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${date.getUTCDate()} ${date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${date.getUTCFullYear()}`;
}

/** 'the orders of 3 Jan 2026', 'the orders of 1 Jan 2026 to 31 Jan 2026'. */
const periodInWords = (from: string, to: string) =>
  from === to ? dayInWords(from) : `${dayInWords(from)} to ${dayInWords(to)}`;

export function ExportsSection({ from, to }: { from: string; to: string }) {
  const { isOwner } = useMe();
  return (
    <section className="overview-exports" aria-labelledby="overview-exports-title">
      <h2 id="overview-exports-title" className="overview-exports__title">
        {isOwner ? 'Exports and packing slips' : 'Packing slips'}
      </h2>
      <div className="overview-exports__list">
        {isOwner && (
          <div className="overview-exports__item">
            <p className="overview-exports__what">
              Orders placed {from === to ? 'on' : 'from'} {periodInWords(from, to)}, one row each: totals, refunds,
              payment and tracking.
            </p>
            <a className="button button--secondary" href={ordersCsvUrl(from, to)} download>
              Download orders (CSV)
            </a>
          </div>
        )}
        {isOwner && (
          <div className="overview-exports__item">
            <p className="overview-exports__what">
              Everyone who has ordered: orders, total spent, first and last order, newsletter.
            </p>
            <a className="button button--secondary" href={CUSTOMERS_CSV_PATH} download>
              Download customers (CSV)
            </a>
          </div>
        )}
        <div className="overview-exports__item">
          <p className="overview-exports__what">
            A page for each order waiting to ship, oldest first: address, service, pieces with sizes.
          </p>
          <a className="button button--secondary" href={PACKING_SLIPS_PATH} target="_blank" rel="noopener">
            Packing slips for orders to ship
          </a>
        </div>
      </div>
    </section>
  );
}
