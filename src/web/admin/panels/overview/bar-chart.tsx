// A quiet bar chart drawn as SVG (no chart library), with the table it is drawn from behind a
// 'Show table' toggle: the picture for a glance, the numbers for a screen reader or a careful look.
import { useEffect, useId, useRef, useState } from 'react';

export type ChartPoint = { key: string; label: string; longLabel: string; value: number };

const H = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 60 };

/** The element's width in CSS pixels, followed as it changes (the chart is drawn at its real size, so its text stays legible on a phone). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setWidth(Math.max(200, Math.round(node.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A 'nice' step (1, 2, 2.5 or 5 × 10^n) that splits `range` into about three parts. */
function niceStep(range: number, whole: boolean): number {
  if (range <= 0) return 1;
  const rough = Math.max(range / 3, whole ? 1 : 0);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return step ?? 10 * power;
}

export function BarChart({
  title,
  valueLabel,
  points,
  format,
  axisFormat = format,
  whole = false,
}: {
  title: string;
  /** The table's value column ('Revenue'). */
  valueLabel: string;
  points: ChartPoint[];
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  /** Counts: the axis steps by whole numbers. */
  whole?: boolean;
}) {
  const id = useId();
  const [box, W] = useWidth<HTMLDivElement>(640);
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = Math.min(0, ...points.map((p) => p.value));
  const step = niceStep(max - min, whole);
  const top = max > 0 ? Math.ceil(max / step) * step : min < 0 ? 0 : step;
  const bottom = min < 0 ? Math.floor(min / step) * step : 0;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * plotH;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(1, Math.min(28, slot * 0.68));
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 1000; v += step) ticks.push(Number(v.toFixed(6)));
  // A label under every point when they fit, else about six spread over the period.
  const every = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(W / 80))));
  const best = points.reduce<ChartPoint | undefined>((b, p) => (!b || p.value > b.value ? p : b), undefined);
  const summary =
    points.length === 0
      ? `${title}: no data`
      : `${title}: ${points.length} bars, from ${points[0]!.longLabel} to ${points.at(-1)!.longLabel}; highest ${best ? `${format(best.value)} on ${best.longLabel}` : 'none'}. The table below gives every value.`;

  return (
    <figure className="overview-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="overview-chart__title">
        {title}
      </figcaption>
      <div ref={box} className="overview-chart__box">
        <svg
          className="overview-chart__svg"
          width={W}
          height={H}
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={summary}
        >
          {ticks.map((v) => (
            <g key={v}>
              <line
                className={v === 0 ? 'overview-chart__zero' : 'overview-chart__grid'}
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(v)}
                y2={y(v)}
              />
              <text className="overview-chart__axis" x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
                {axisFormat(v)}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const x = PAD.left + slot * i + (slot - barW) / 2;
            const y0 = y(0);
            const yv = y(p.value);
            return (
              <g key={p.key}>
                {p.value !== 0 && (
                  <rect
                    className={
                      p.value < 0 ? 'overview-chart__bar overview-chart__bar--negative' : 'overview-chart__bar'
                    }
                    x={x}
                    y={Math.min(y0, yv)}
                    width={barW}
                    height={Math.max(1, Math.abs(yv - y0))}
                  >
                    <title>{`${p.longLabel}: ${format(p.value)}`}</title>
                  </rect>
                )}
                {i % every === 0 && (
                  <text className="overview-chart__axis" x={x + barW / 2} y={H - 8} textAnchor="middle">
                    {p.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="overview-chart__details">
        <summary>Show table</summary>
        <div className="admin-table-wrap">
          <table className="admin-table overview-chart__table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="overview-num">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.key}>
                  <th scope="row">{p.longLabel}</th>
                  <td className="overview-num">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
