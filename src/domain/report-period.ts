// The Overview's periods (issue 28 #1): calendar days (YYYY-MM-DD) in the shop's time zone, the
// instants they start and end at, the period before one, the presets, and whether a chart counts by
// day or by month. Pure and Zod-free: the server and the admin chunk both use it.

/** The presets of the period picker, as kept in the address (`&period=30d`). */
export const PERIOD_PRESETS = ['today', '7d', '30d', '12m'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '12m': '12 months',
};

/** The longest period the Overview answers (a year and a bit, so '12 months' always fits). */
export const MAX_PERIOD_DAYS = 400;
/** Periods longer than this are charted by month. */
export const DAILY_UP_TO_DAYS = 62;

export type DayRange = { from: string; to: string };

const DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOfUtc(utcOf(day) + days * DAY);
}

/** How many days `from` to `to` holds, both included (1 for a single day). */
export function daysIn(range: DayRange): number {
  return Math.round((utcOf(range.to) - utcOf(range.from)) / DAY) + 1;
}

/** The period of the same length just before `range` (it ends the day before `range` starts). */
export function previousRange(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** The first day of `day`'s month, `months` months later (negative: earlier). */
export function monthStart(day: string, months = 0): string {
  const d = new Date(utcOf(day));
  return dayOfUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
}

/** A preset's days, ending today: '12 months' starts on the first of the month eleven months back. */
export function presetRange(preset: PeriodPreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '12m':
      return { from: monthStart(today, -11), to: today };
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, t: number) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
  };
}

/** The zone's offset from UTC at instant `t`, in minutes (New York in winter: -300). */
export function offsetMinutes(timeZone: string, t: number): number {
  const p = partsIn(timeZone, t);
  const local = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((local - Math.floor(t / 1000) * 1000) / 60_000);
}

/** The calendar day instant `t` falls on in `timeZone`. */
export function dayIn(timeZone: string, t: Date | number): string {
  const p = partsIn(timeZone, typeof t === 'number' ? t : t.getTime());
  return `${String(p.y).padStart(4, '0')}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/**
 * The first instant of `day` in `timeZone`: its midnight, or, where a clock change skips midnight,
 * the moment the day begins. Offsets on either side of midnight are tried; the earliest instant that
 * falls on `day` wins.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const u = utcOf(day);
  const candidates = [offsetMinutes(timeZone, u - 14 * 3_600_000), offsetMinutes(timeZone, u + 14 * 3_600_000)]
    .map((offset) => u - offset * 60_000)
    .filter((t) => dayIn(timeZone, t) === day)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? u - offsetMinutes(timeZone, u) * 60_000);
}

/** The instants a period covers: from the start of its first day to the start of the day after its last (excluded). */
export function instantsOf(range: DayRange, timeZone: string): { start: Date; end: Date } {
  return { start: startOfDay(range.from, timeZone), end: startOfDay(addDays(range.to, 1), timeZone) };
}

export type SeriesUnit = 'day' | 'month';

export function seriesUnitOf(range: DayRange): SeriesUnit {
  return daysIn(range) > DAILY_UP_TO_DAYS ? 'month' : 'day';
}

/** The first day of each point of a chart of `range`: every day, or each month's first day (the period's first day for a month it starts inside). */
export function seriesStarts(range: DayRange, unit: SeriesUnit = seriesUnitOf(range)): string[] {
  const starts: string[] = [];
  if (unit === 'day') {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) starts.push(day);
    return starts;
  }
  for (let day = range.from; day <= range.to; day = monthStart(day, 1)) starts.push(day);
  return starts;
}
