// 'Find my size' (issue 27): body measurements → the shop's size (XS–L) from the charts of spec §2
// (sizing.ts), with the band and cup size and its sister sizes for bras. Plain functions and data, no
// Zod: the browser's fit finder imports them. The rules and their reasons: docs/decisions/035.
import type { FitKind } from './fit-finder-kind.js';
import { BRA_CHART, PANTIES_CHART, type Range, SIZE_NAMES, type SizeName } from './sizing.js';

export type FitUnit = 'in' | 'cm';
export type { FitKind } from './fit-finder-kind.js';

export type BraMeasurements = { kind: 'bra'; unit: FitUnit; underBust: number; fullBust: number };
export type PantiesMeasurements = { kind: 'panties'; unit: FitUnit; waist: number; hip: number };
export type FitMeasurements = BraMeasurements | PantiesMeasurements;

/** Where one measurement falls on one column of a chart. */
export type Placement =
  | { at: 'size'; size: SizeName }
  /** On an overlap of two rows, or in a gap between them; `lower` is the smaller size. */
  | { at: 'between'; lower: SizeName; upper: SizeName }
  | { at: 'below' }
  | { at: 'above' };

export type FitAnswer = {
  kind: FitKind;
  /** The shop's size to pick; null when the deciding measurement is outside the chart. */
  size: SizeName | null;
  /** Bras: the band and cup size from the usual rule ('34C'); null for panties or a cup beyond the letters. */
  bandCup: string | null;
  /** Bras: band down and cup up, band up and cup down ('32D', '36B'). */
  sisterSizes: string[];
  /** Set when the measurements fall between two of the shop's sizes (the two named). */
  between: readonly [SizeName, SizeName] | null;
  /** Set when a measurement is outside the chart. */
  outside: 'small' | 'large' | null;
  /** Sentences for the shopper, in the order to show them. */
  notes: string[];
};

export type FitResult = { ok: true; answer: FitAnswer } | { ok: false; field: string; error: string };

/** What a person can plausibly measure, per unit; outside it the number is a typo or the wrong unit. */
const PLAUSIBLE: Record<FitUnit, Range> = { in: [15, 80], cm: [38, 203] };
export const CM_PER_INCH = 2.54;

const LABELS = { underBust: 'under-bust', fullBust: 'full bust', waist: 'waist', hip: 'hip' } as const;
type Field = keyof typeof LABELS;

/** Refuses what is not a measurement: not a number, zero or less, or implausible in the chosen unit. */
function checkMeasure(field: Field, value: unknown, unit: FitUnit): string | null {
  const label = LABELS[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) return `Please enter your ${label} as a number`;
  if (value <= 0) return `Your ${label} must be more than 0`;
  const [min, max] = PLAUSIBLE[unit];
  if (value < min || value > max) {
    const name = unit === 'in' ? 'inches' : 'centimetres';
    return `Your ${label} of ${value} ${unit} looks unlikely: please check it is in ${name} (between ${min} and ${max})`;
  }
  return null;
}

/**
 * Where `value` falls on a chart column (ranges inclusive at both ends, read in the unit measured,
 * so every boundary is exactly the chart's). Two rows' ranges may overlap (28 in of under-bust is XS
 * and S) or leave a gap (36.75 in of hip is neither XS nor S): both are 'between'.
 */
export function placeOnChart(ranges: readonly (readonly [SizeName, Range])[], value: number): Placement {
  const hits = ranges.filter(([, [from, to]]) => value >= from && value <= to).map(([size]) => size);
  if (hits.length === 1) return { at: 'size', size: hits[0]! };
  if (hits.length > 1) return { at: 'between', lower: hits[0]!, upper: hits[hits.length - 1]! };
  const first = ranges[0]!;
  const last = ranges[ranges.length - 1]!;
  if (value < first[1][0]) return { at: 'below' };
  if (value > last[1][1]) return { at: 'above' };
  const lowerIndex = ranges.findLastIndex(([, [, to]]) => to < value);
  return { at: 'between', lower: ranges[lowerIndex]![0], upper: ranges[lowerIndex + 1]![0] };
}

const order = (size: SizeName) => SIZE_NAMES.indexOf(size);
const larger = (a: SizeName, b: SizeName) => (order(a) >= order(b) ? a : b);
/** Between two sizes the shop says 'size up' (the sizing guide's own advice). */
const pick = (p: Placement): SizeName | null => (p.at === 'size' ? p.size : p.at === 'between' ? p.upper : null);

/** US cup letters by inches of bust over band: 0 → AA, 1 → A … */
export const CUP_LETTERS = ['AA', 'A', 'B', 'C', 'D', 'DD', 'DDD', 'G', 'H', 'I', 'J'] as const;

/**
 * The usual (US) band-and-cup rule, in inches: the under-bust rounded to a whole inch, plus 4 when
 * even, plus 5 when odd, is the band (the shop's chart follows it: 26–28 in under-bust → bands 30–32);
 * the full bust rounded to a whole inch minus the band gives the cup, one letter per inch
 * (0 or less AA, 1 A, 2 B, 3 C, 4 D, 5 DD, 6 DDD, then G…J). Null beyond J.
 */
export function bandAndCup(underBustIn: number, fullBustIn: number): { band: number; cup: number } | null {
  const under = Math.round(underBustIn);
  const band = under % 2 === 0 ? under + 4 : under + 5;
  const cup = Math.max(0, Math.round(fullBustIn) - band);
  return cup < CUP_LETTERS.length ? { band, cup } : null;
}

const bandCupName = (band: number, cup: number) => `${band}${CUP_LETTERS[cup]}`;

/** Sister sizes: same cup volume on the next band down (cup up) and the next band up (cup down). */
export function sisterSizes(band: number, cup: number): string[] {
  const sisters: string[] = [];
  if (cup + 1 < CUP_LETTERS.length && band - 2 >= 28) sisters.push(bandCupName(band - 2, cup + 1));
  if (cup - 1 >= 0) sisters.push(bandCupName(band + 2, cup - 1));
  return sisters;
}

/** Which of the shop's sizes prints a band and cup size among its equivalents ('34C' → M). */
export function shopSizeOfBandCup(bandCup: string): SizeName | null {
  return BRA_CHART.find((row) => row.cups.split('/').includes(bandCup))?.size ?? null;
}

const SUPPORT = 'Please write to us: we will gladly help you find your fit.';

function outsideNote(label: string, where: 'below' | 'above'): string {
  return where === 'below'
    ? `Your ${label} is smaller than our smallest size (XS). ${SUPPORT}`
    : `Your ${label} is larger than our largest size (L). ${SUPPORT}`;
}

function betweenNote(label: string, p: Extract<Placement, { at: 'between' }>): string {
  return `Your ${label} falls between ${p.lower} and ${p.upper}: we suggest ${p.upper} for comfort, ${p.lower} for a closer fit.`;
}

function answerBra(m: BraMeasurements): FitAnswer {
  const under = placeOnChart(
    BRA_CHART.map((r) => [r.size, r.underBust[m.unit]] as const),
    m.underBust,
  );
  const bust = placeOnChart(
    BRA_CHART.map((r) => [r.size, r.fullBust[m.unit]] as const),
    m.fullBust,
  );
  const notes: string[] = [];
  // Band first: the band carries most of a bra's support, and the cup follows from the band.
  const size = pick(under);
  let outside: FitAnswer['outside'] = null;
  if (under.at === 'below' || under.at === 'above') {
    outside = under.at === 'below' ? 'small' : 'large';
    notes.push(outsideNote(LABELS.underBust, under.at));
  } else if (under.at === 'between') notes.push(betweenNote(LABELS.underBust, under));
  const bustSize = pick(bust);
  if (bust.at === 'below' || bust.at === 'above') {
    outside ??= bust.at === 'below' ? 'small' : 'large';
    notes.push(outsideNote(LABELS.fullBust, bust.at));
  } else if (size && bustSize && bustSize !== size && !(bust.at === 'between' && bust.lower === size)) {
    notes.push(
      `Your full bust points to ${bustSize} and your under-bust to ${size}: we go by the under-bust, as the band gives a bra its support.`,
    );
  }
  const inches = (v: number) => (m.unit === 'in' ? v : v / CM_PER_INCH);
  const bc = bandAndCup(inches(m.underBust), inches(m.fullBust));
  const bandCup = bc ? bandCupName(bc.band, bc.cup) : null;
  return {
    kind: 'bra',
    size,
    bandCup,
    sisterSizes: bc ? sisterSizes(bc.band, bc.cup) : [],
    between: under.at === 'between' ? [under.lower, under.upper] : null,
    outside,
    notes,
  };
}

function answerPanties(m: PantiesMeasurements): FitAnswer {
  const waist = placeOnChart(
    PANTIES_CHART.map((r) => [r.size, r.waist[m.unit]] as const),
    m.waist,
  );
  const hip = placeOnChart(
    PANTIES_CHART.map((r) => [r.size, r.hip[m.unit]] as const),
    m.hip,
  );
  const notes: string[] = [];
  let outside: FitAnswer['outside'] = null;
  for (const [label, p] of [
    [LABELS.waist, waist],
    [LABELS.hip, hip],
  ] as const) {
    if (p.at === 'below' || p.at === 'above') {
      if (outside !== 'large') outside = p.at === 'below' ? 'small' : 'large';
      notes.push(outsideNote(label, p.at));
    } else if (p.at === 'between') notes.push(betweenNote(label, p));
  }
  const w = pick(waist);
  const h = pick(hip);
  // The larger of the two: a brief too small at the hip or the waist is worse than one a little roomy.
  let size: SizeName | null;
  if (waist.at === 'above' || hip.at === 'above') size = null;
  else if (w && h) {
    size = larger(w, h);
    if (w !== h) notes.push(`Your waist points to ${w} and your hip to ${h}: we suggest the larger, ${size}.`);
  } else size = w ?? h;
  const betweens = [waist, hip].filter((p) => p.at === 'between');
  const between = betweens.length
    ? betweens.map((p) => [p.lower, p.upper] as const).reduce((a, b) => (order(b[1]) > order(a[1]) ? b : a))
    : null;
  return { kind: 'panties', size, bandCup: null, sisterSizes: [], between, outside, notes };
}

/** Checks the measurements, then answers. Refusals name the field and say what is wrong. */
export function findFit(input: FitMeasurements): FitResult {
  if (input.unit !== 'in' && input.unit !== 'cm')
    return { ok: false, field: 'unit', error: 'Choose inches or centimetres' };
  const fields: Field[] = input.kind === 'bra' ? ['underBust', 'fullBust'] : ['waist', 'hip'];
  for (const field of fields) {
    const error = checkMeasure(field, (input as Record<string, unknown>)[field], input.unit);
    if (error) return { ok: false, field, error };
  }
  if (input.kind === 'bra' && input.fullBust < input.underBust) {
    return {
      ok: false,
      field: 'fullBust',
      error: 'Your full bust is usually larger than your under-bust: please check both',
    };
  }
  return { ok: true, answer: input.kind === 'bra' ? answerBra(input) : answerPanties(input) };
}
