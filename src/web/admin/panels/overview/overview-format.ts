// How the Overview writes its days, changes and rates (Zod-free, no Intl: plain and the same everywhere).
import { formatPrice, toCents } from '../../../../domain/money.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partsOf = (day: string) => ({
  y: day.slice(0, 4),
  m: MONTHS[Number(day.slice(5, 7)) - 1] ?? '',
  d: String(Number(day.slice(8, 10))),
});

/** '2026-11-27' → '27 Nov 2026'. */
export function longDay(day: string): string {
  const { y, m, d } = partsOf(day);
  return `${d} ${m} ${y}`;
}

/** '2026-11-27' → '27 Nov'. */
export function shortDay(day: string): string {
  const { m, d } = partsOf(day);
  return `${d} ${m}`;
}

/** '2026-11-01' → 'Nov 2026'; 'Nov' alone when short. */
export function monthOf(day: string, short = false): string {
  const { y, m } = partsOf(day);
  return short ? m : `${m} ${y}`;
}

/** '1 Nov – 30 Nov 2026', or '27 Nov 2026' for one day. */
export function rangeText(from: string, to: string): string {
  if (from === to) return longDay(from);
  return `${from.slice(0, 4) === to.slice(0, 4) ? shortDay(from) : longDay(from)} – ${longDay(to)}`;
}

/** Dollars as the back office writes them ($1,234.5 → '$1,234.50'; whole dollars without cents). */
export const money = (dollars: number) => formatPrice(toCents(dollars));

/** A whole-dollar axis label ('$1.2k' beyond a thousand). */
export function moneyAxis(dollars: number): string {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${Number((abs / 1_000_000).toFixed(1))}m`;
  if (abs >= 1_000) return `${sign}$${Number((abs / 1_000).toFixed(1))}k`;
  return `${sign}$${Math.round(abs)}`;
}

export const count = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');

/** 0.0342 → '3.4%'. */
export const percent = (rate: number) => `${Number((rate * 100).toFixed(1))}%`;

export type Change = { direction: 'up' | 'down' | 'same' | 'none'; text: string; spoken: string };

/** The change from `previous` to `current`: ↑ 12%, ↓ 5%, 'no change', or 'no earlier data' when the period before had none. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0)
    return current === 0
      ? { direction: 'same', text: 'no change', spoken: 'no change on the period before' }
      : { direction: 'none', text: 'no earlier data', spoken: 'no earlier data to compare with' };
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.abs(pct) < 10 ? Number(Math.abs(pct).toFixed(1)) : Math.round(Math.abs(pct));
  if (rounded === 0) return { direction: 'same', text: 'no change', spoken: 'no change on the period before' };
  return pct > 0
    ? { direction: 'up', text: `↑ ${rounded}%`, spoken: `up ${rounded}% on the period before` }
    : { direction: 'down', text: `↓ ${rounded}%`, spoken: `down ${rounded}% on the period before` };
}
