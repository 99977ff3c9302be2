// The Overview tab (issue 28 #1): how the shop is doing in a period against the one before it, and
// what to do next. The period is kept in the address (`&period=30d`, or `&from=&to=`) so a reload or
// a shared link shows the same. Owner and staff alike; every figure comes from GET /admin/api/overview.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OverviewAnswer, OverviewFigures, OverviewItem, OverviewQuery } from '../../../../contract/overview.js';
import {
  daysIn,
  isIsoDate,
  MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  PRESET_LABELS,
  type PeriodPreset,
} from '../../../../domain/report-period.js';
import { Button } from '../../../ui/button.js';
import { QueryState } from '../../queries/query-state.js';
import { BarChart, type ChartPoint } from './bar-chart.js';
import { ExportsSection } from './exports-section.js';
import { FunnelSection } from './funnel-section.js';
import { overviewApi, overviewKey } from './overview-api.js';
import {
  changeOf,
  count,
  longDay,
  money,
  moneyAxis,
  monthOf,
  percent,
  rangeText,
  shortDay,
} from './overview-format.js';
import './overview.css';

const DEFAULT_PERIOD: PeriodPreset = '30d';

const piecesText = (n: number) => `${count(n)} ${n === 1 ? 'piece' : 'pieces'}`;

/** The period the address asks for: a preset, or from–to; 30 days when it asks for nothing sensible. */
function periodOf(params: URLSearchParams): OverviewQuery & { period?: PeriodPreset } {
  const period = params.get('period');
  if (period && (PERIOD_PRESETS as readonly string[]).includes(period)) return { period: period as PeriodPreset };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isIsoDate(from) && isIsoDate(to) && from <= to && daysIn({ from, to }) <= MAX_PERIOD_DAYS) return { from, to };
  return { period: DEFAULT_PERIOD };
}

export default function OverviewPanel() {
  const [params, setParams] = useSearchParams();
  const selection = periodOf(params);
  const overview = useQuery({
    queryKey: [...overviewKey, selection.period ?? `${selection.from}..${selection.to}`],
    queryFn: () => overviewApi.read(selection),
    placeholderData: keepPreviousData,
  });
  const choose = (next: { period: PeriodPreset } | { from: string; to: string }) =>
    setParams({ tab: 'overview', ...next });

  return (
    <div className="admin-panel overview" aria-busy={overview.isFetching}>
      <PeriodPicker selection={selection} data={overview.data} onChoose={choose} />
      <QueryState query={overview} empty={null} isEmpty={() => false}>
        {(data) => <OverviewBody data={data} />}
      </QueryState>
    </div>
  );
}

function PeriodPicker({
  selection,
  data,
  onChoose,
}: {
  selection: ReturnType<typeof periodOf>;
  data: OverviewAnswer | undefined;
  onChoose: (next: { period: PeriodPreset } | { from: string; to: string }) => void;
}) {
  const custom = selection.period === undefined;
  const [open, setOpen] = useState(custom);
  const [from, setFrom] = useState(selection.from ?? data?.from ?? '');
  const [to, setTo] = useState(selection.to ?? data?.to ?? '');
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isIsoDate(from) || !isIsoDate(to)) return setError('Choose both days.');
    if (to < from) return setError('The last day comes on or after the first.');
    if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return setError(`A period is at most ${MAX_PERIOD_DAYS} days.`);
    setError(null);
    onChoose({ from, to });
  };

  return (
    <div className="overview-period">
      <div className="overview-period__choices" role="group" aria-label="Period">
        {PERIOD_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="overview-period__choice"
            aria-pressed={selection.period === preset}
            onClick={() => {
              setOpen(false);
              onChoose({ period: preset });
            }}
          >
            {PRESET_LABELS[preset]}
          </button>
        ))}
        <button
          type="button"
          className="overview-period__choice"
          aria-pressed={custom || open}
          aria-expanded={open}
          onClick={() => {
            setOpen(true);
            if (!from && data) setFrom(data.from);
            if (!to && data) setTo(data.to);
          }}
        >
          From–to
        </button>
      </div>
      {open && (
        <form className="overview-period__custom" onSubmit={apply} noValidate>
          <label className="overview-period__field">
            <span>From</span>
            <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className="overview-period__field">
            <span>To</span>
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required />
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {error && (
            <p className="admin-panel__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      {data && (
        <p className="overview-period__said">
          <strong>{rangeText(data.from, data.to)}</strong>, compared with{' '}
          {rangeText(data.previous.from, data.previous.to)}. Days in {data.timeZone.replace(/_/g, ' ')}.
        </p>
      )}
    </div>
  );
}

function OverviewBody({ data }: { data: OverviewAnswer }) {
  const monthly = data.unit === 'month';
  const points = (value: (p: OverviewAnswer['series'][number]) => number): ChartPoint[] =>
    data.series.map((p, i) => ({
      key: p.start,
      label: monthly ? monthOf(p.start, true) : shortDay(p.start),
      longLabel: monthly
        ? i === 0 && !p.start.endsWith('-01')
          ? `${monthOf(p.start)} (from ${shortDay(p.start)})`
          : monthOf(p.start)
        : longDay(p.start),
      value: value(p),
    }));

  return (
    <>
      <ToAct data={data} />
      <Figures now={data.figures} before={data.previousFigures} />
      <section className="overview-section" aria-labelledby="overview-charts-title">
        <h2 id="overview-charts-title" className="overview-section__title">
          Revenue and orders by {monthly ? 'month' : 'day'}
        </h2>
        <div className="overview-charts">
          <BarChart
            title={`Revenue by ${monthly ? 'month' : 'day'}`}
            valueLabel="Revenue"
            points={points((p) => p.revenue)}
            format={money}
            axisFormat={moneyAxis}
          />
          <BarChart
            title={`Orders by ${monthly ? 'month' : 'day'}`}
            valueLabel="Orders"
            points={points((p) => p.orders)}
            format={count}
            whole
          />
        </div>
      </section>
      <FunnelSection funnel={data.funnel} previous={data.previousFunnel} />
      <section className="overview-section" aria-labelledby="overview-top-title">
        <h2 id="overview-top-title" className="overview-section__title">
          Top items
        </h2>
        <div className="overview-tops">
          <TopList
            title="By revenue"
            items={data.topByRevenue}
            main={(i) => money(i.revenue)}
            side={(i) => piecesText(i.pieces)}
          />
          <TopList
            title="By pieces"
            items={data.topByPieces}
            main={(i) => piecesText(i.pieces)}
            side={(i) => money(i.revenue)}
          />
        </div>
      </section>
      <Returns items={data.returns} />
      <Reminders data={data} />
      <ExportsSection from={data.from} to={data.to} />
    </>
  );
}

function ToAct({ data }: { data: OverviewAnswer }) {
  return (
    <section className="overview-act" aria-labelledby="overview-act-title">
      <h2 id="overview-act-title" className="overview-section__title">
        Orders to act on
      </h2>
      <div className="overview-act__links">
        <Link className="overview-act__link" to="/admin?tab=orders&filter=to-ship">
          <span className="overview-act__count">{count(data.toAct.toShip)}</span>
          <span className="overview-act__label">to ship</span>
        </Link>
        <Link className="overview-act__link" to="/admin?tab=orders&filter=returns">
          <span className="overview-act__count">{count(data.toAct.returnsToHandle)}</span>
          <span className="overview-act__label">
            {data.toAct.returnsToHandle === 1 ? 'return' : 'returns'} to handle
          </span>
        </Link>
      </div>
    </section>
  );
}

type Card = { label: string; value: (f: OverviewFigures) => number; show: (v: number) => string; note?: string };

const CARDS: Card[] = [
  {
    label: 'Revenue',
    value: (f) => f.revenue,
    show: money,
    note: 'What shoppers paid, shipping and tax included, net of refunds. Gift cards count when spent, not when sold.',
  },
  { label: 'Orders', value: (f) => f.orders, show: count },
  { label: 'Average order', value: (f) => f.averageOrderValue, show: money, note: 'Before refunds.' },
  { label: 'Pieces sold', value: (f) => f.pieces, show: count },
  { label: 'Discounts given', value: (f) => f.discounts, show: money },
  { label: 'Refunds', value: (f) => f.refunds, show: money },
  { label: 'New subscribers', value: (f) => f.newSubscribers, show: count },
  {
    label: 'Conversion',
    value: (f) => f.conversion ?? 0,
    show: percent,
    note: 'Visits that ended in an order.',
  },
];

function Figures({ now, before }: { now: OverviewFigures; before: OverviewFigures }) {
  return (
    <section className="overview-section" aria-labelledby="overview-figures-title">
      <h2 id="overview-figures-title" className="visually-hidden">
        Figures
      </h2>
      <ul className="overview-cards">
        {CARDS.map((card) => {
          const noVisits = card.label === 'Conversion' && now.conversion === null;
          const change = changeOf(card.value(now), card.value(before));
          return (
            <li key={card.label} className="overview-card">
              <span className="overview-card__label">{card.label}</span>
              <span className="overview-card__value">{noVisits ? '—' : card.show(card.value(now))}</span>
              <span className={`overview-card__change overview-card__change--${change.direction}`}>
                {noVisits ? (
                  'no visits counted'
                ) : (
                  <>
                    <span aria-hidden="true">{change.text}</span>
                    <span className="visually-hidden">{change.spoken}</span>
                  </>
                )}
              </span>
              {card.note && <span className="overview-card__note">{card.note}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TopList({
  title,
  items,
  main,
  side,
}: {
  title: string;
  items: OverviewItem[];
  main: (i: OverviewItem) => string;
  side: (i: OverviewItem) => string;
}) {
  return (
    <div className="overview-top">
      <h3 className="overview-top__title">{title}</h3>
      {items.length === 0 ? (
        <p className="admin-panel__empty">Nothing sold in this period.</p>
      ) : (
        <ol className="overview-top__list">
          {items.map((item) => (
            <li key={item.itemId} className="overview-top__item">
              <span className="overview-top__name">
                {item.url ? (
                  <a href={`/product/${item.url}`} target="_blank" rel="noreferrer">
                    {item.title}
                  </a>
                ) : (
                  item.title
                )}
                <span className="overview-top__sizes">
                  {item.sizes.map((s) => `${s.size || 'One size'} × ${s.pieces}`).join(' · ')}
                </span>
              </span>
              <span className="overview-top__figure">
                <strong>{main(item)}</strong>
                <span>{side(item)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Returns({ items }: { items: OverviewItem[] }) {
  return (
    <section className="overview-section" aria-labelledby="overview-returns-title">
      <h2 id="overview-returns-title" className="overview-section__title">
        Return rate by item
      </h2>
      <p className="admin-panel__lede">Of the pieces sold in the period, those refunded since.</p>
      {items.length === 0 ? (
        <p className="admin-panel__empty">No piece sold in this period has been returned.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Return rate by item, most returned first</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="overview-num">
                  Sold
                </th>
                <th scope="col" className="overview-num">
                  Returned
                </th>
                <th scope="col" className="overview-num">
                  Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.itemId}>
                  <th scope="row" className="admin-table__strong">
                    {item.title}
                  </th>
                  <td className="overview-num">{count(item.pieces)}</td>
                  <td className="overview-num">{count(item.returned)}</td>
                  <td className="overview-num">{percent(item.returnRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Reminders({ data }: { data: OverviewAnswer }) {
  const { sent, recoveredOrders, recoveredRevenue } = data.reminders;
  return (
    <section className="overview-section" aria-labelledby="overview-reminders-title">
      <h2 id="overview-reminders-title" className="overview-section__title">
        Checkout reminders
      </h2>
      <dl className="overview-facts">
        <div>
          <dt>Reminders sent</dt>
          <dd>{count(sent)}</dd>
        </div>
        <div>
          <dt>Orders recovered</dt>
          <dd>{count(recoveredOrders)}</dd>
        </div>
        <div>
          <dt>Revenue recovered</dt>
          <dd>{money(recoveredRevenue)}</dd>
        </div>
      </dl>
    </section>
  );
}
