// The two sizing charts of spec §2 (sizes XS, S, M, L) as data, shared by /sizing-guide and the
// product page's sizing popup. Plain data, no Zod: the browser imports it.

export const SIZE_NAMES = ['XS', 'S', 'M', 'L'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

/** From–to, both inclusive, e.g. [31, 33.5]. */
export type Range = readonly [from: number, to: number];
/** One measurement in inches and in centimetres, as the chart prints both. */
export type Measure = { readonly in: Range; readonly cm: Range };

export type BraSizeRow = {
  readonly size: SizeName;
  /** Band and cup equivalents, '/'-separated as the chart prints them. */
  readonly cups: string;
  readonly fullBust: Measure;
  readonly underBust: Measure;
};

export type PantiesSizeRow = {
  readonly size: SizeName;
  readonly hip: Measure;
  readonly waist: Measure;
};

const m = (inches: Range, cm: Range): Measure => ({ in: inches, cm });

/** Spec §2 bra chart; the XS cup sizes are the decision in SPEC-NOTES (the spec has a gap there). */
export const BRA_CHART: readonly BraSizeRow[] = [
  { size: 'XS', cups: '30A/30B/30C/32A/32B', fullBust: m([31, 33.5], [78, 85]), underBust: m([26, 28], [66, 71]) },
  { size: 'S', cups: '30D/32C/32D/34A/34B', fullBust: m([33, 35.5], [84, 90]), underBust: m([28, 30], [71, 76]) },
  { size: 'M', cups: '32DD/34C/34D/36A/36B', fullBust: m([35, 37], [88, 94]), underBust: m([30, 32], [76, 82]) },
  { size: 'L', cups: '36C/36D/38A/38B/38C', fullBust: m([37, 40], [94, 101]), underBust: m([32, 35], [82, 90]) },
];

/** Spec §2 panties chart. */
export const PANTIES_CHART: readonly PantiesSizeRow[] = [
  { size: 'XS', hip: m([33, 36.5], [84, 93]), waist: m([22, 25.5], [56, 65]) },
  { size: 'S', hip: m([37, 38.5], [94, 98]), waist: m([26, 27.5], [66, 71]) },
  { size: 'M', hip: m([39, 40.5], [99, 103]), waist: m([28, 29.5], [72, 76]) },
  { size: 'L', hip: m([41, 42.5], [104, 108]), waist: m([30, 31.5], [77, 81]) },
];

/** [31, 33.5] -> '31-33.5', as the chart prints a range. */
export const formatRange = ([from, to]: Range) => `${from}-${to}`;
