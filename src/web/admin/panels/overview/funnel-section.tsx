// The funnel (issue 28 #2, decision 039) on the Overview: the five steps as quiet horizontal bars,
// each with its sessions, its share of the visits, its share of the step before and the period
// before's figure; the same figures in a table for a screen reader or a careful look.
import { useId } from 'react';
import type { Funnel, FunnelStep } from '../../../../contract/funnel.js';
import './funnel-section.css';

const STEPS: { step: FunnelStep; label: string }[] = [
  { step: 'visited', label: 'Visited the shop' },
  { step: 'viewedProduct', label: 'Viewed a product' },
  { step: 'addedToBag', label: 'Added to the bag' },
  { step: 'gaveShipping', label: 'Gave shipping details' },
  { step: 'placedOrder', label: 'Placed an order' },
];

const count = (n: number) => n.toLocaleString('en-US');

/** A share as people read it: '—' without a base, one decimal under 10 %, none above. */
export function share(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const pct = (part / whole) * 100;
  if (pct > 0 && pct < 10) return `${pct.toFixed(1).replace(/\.0$/, '')}%`;
  return `${Math.round(pct)}%`;
}

export type FunnelRow = {
  step: FunnelStep;
  label: string;
  sessions: number;
  previous: number;
  ofVisits: string;
  ofStepBefore: string;
  /** Bar lengths in % of the longest bar (the visits of this period or the one before). */
  width: number;
  previousWidth: number;
};

export function funnelRows(funnel: Funnel, previous: Funnel): FunnelRow[] {
  const longest = Math.max(funnel.visited, previous.visited, 1);
  return STEPS.map(({ step, label }, i) => {
    const before = i === 0 ? undefined : STEPS[i - 1]!.step;
    return {
      step,
      label,
      sessions: funnel[step],
      previous: previous[step],
      ofVisits: share(funnel[step], funnel.visited),
      ofStepBefore: before ? share(funnel[step], funnel[before]) : '',
      width: (funnel[step] / longest) * 100,
      previousWidth: (previous[step] / longest) * 100,
    };
  });
}

export function FunnelSection({ funnel, previous }: { funnel: Funnel; previous: Funnel }) {
  const headingId = useId();
  const rows = funnelRows(funnel, previous);
  const empty = funnel.visited === 0 && previous.visited === 0;
  return (
    <section className="funnel" aria-labelledby={headingId}>
      <div className="funnel__head">
        <h2 id={headingId} className="funnel__title">
          From visit to order
        </h2>
        <p className="funnel__lede">
          Visiting sessions at each step, each counted once a day, from the shop's own records.
        </p>
      </div>
      {empty ? (
        <p className="admin-panel__empty">No visits counted in this period yet.</p>
      ) : (
        <>
          <div className="funnel__chart" aria-hidden="true">
            <p className="funnel__legend">
              <span className="funnel__key funnel__key--now" /> This period
              <span className="funnel__key funnel__key--before" /> Period before
            </p>
            <ol className="funnel__steps">
              {rows.map((row, i) => (
                <li key={row.step} className="funnel__step">
                  <span className="funnel__label">{row.label}</span>
                  <span className="funnel__count">{count(row.sessions)}</span>
                  <span className="funnel__track">
                    <span className="funnel__bar" style={{ width: `${row.width}%` }} />
                    <span className="funnel__bar funnel__bar--before" style={{ width: `${row.previousWidth}%` }} />
                  </span>
                  <span className="funnel__notes">
                    {i === 0 ? (
                      <>Period before {count(row.previous)}</>
                    ) : (
                      <>
                        {row.ofVisits} of visits · {row.ofStepBefore} of the step before · period before{' '}
                        {count(row.previous)}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          </div>
          <details className="funnel__table">
            <summary>The funnel as a table</summary>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Sessions at each step of the funnel</caption>
                <thead>
                  <tr>
                    <th scope="col">Step</th>
                    <th scope="col">Sessions</th>
                    <th scope="col">Of visits</th>
                    <th scope="col">Of the step before</th>
                    <th scope="col">Period before</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.step}>
                      <th scope="row">{row.label}</th>
                      <td className="funnel__num">{count(row.sessions)}</td>
                      <td className="funnel__num">{row.ofVisits}</td>
                      <td className="funnel__num">{row.ofStepBefore || '—'}</td>
                      <td className="funnel__num">{count(row.previous)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
