// The bra and panties charts of spec §2 as accessible tables; used by /sizing-guide and the sizing popup.
import { Fragment } from 'react';
import { BRA_CHART, formatRange, PANTIES_CHART, type Measure } from '../../../domain/sizing.js';
import './sizing.css';

function MeasureCell({ measure }: { measure: Measure }) {
  return (
    <td>
      {formatRange(measure.in)} in
      <span className="sizing-table__cm">{formatRange(measure.cm)} cm</span>
    </td>
  );
}

/** '30A/30B/…' may break after each slash on a phone. */
const breakable = (cups: string) =>
  cups.split('/').map((cup, i, all) =>
    i < all.length - 1 ? (
      <Fragment key={cup}>
        {`${cup}/`}
        <wbr />
      </Fragment>
    ) : (
      cup
    ),
  );

export function SizingCharts() {
  return (
    <div className="sizing-charts">
      <table className="sizing-table">
        <caption>Bras</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Cup sizes</th>
            <th scope="col">Full bust</th>
            <th scope="col">Under bust</th>
          </tr>
        </thead>
        <tbody>
          {BRA_CHART.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              <td className="sizing-table__cups">{breakable(row.cups)}</td>
              <MeasureCell measure={row.fullBust} />
              <MeasureCell measure={row.underBust} />
            </tr>
          ))}
        </tbody>
      </table>
      <table className="sizing-table">
        <caption>Panties</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Hip</th>
            <th scope="col">Waist</th>
          </tr>
        </thead>
        <tbody>
          {PANTIES_CHART.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              <MeasureCell measure={row.hip} />
              <MeasureCell measure={row.waist} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
