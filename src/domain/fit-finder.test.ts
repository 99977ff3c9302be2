import { describe, expect, it } from 'vitest';
import {
  bandAndCup,
  findFit,
  type FitAnswer,
  type FitUnit,
  type Placement,
  placeOnChart,
  shopSizeOfBandCup,
  sisterSizes,
} from './fit-finder.js';
import { fitKindFor } from './fit-finder-kind.js';
import { BRA_CHART, PANTIES_CHART, type Measure, type SizeName } from './sizing.js';

type Column = (row: { size: SizeName } & Record<string, unknown>) => Measure;
const column = (chart: readonly ({ size: SizeName } & object)[], pickMeasure: Column, unit: FitUnit) =>
  chart.map((row) => [row.size, pickMeasure(row as never)[unit]] as const);

const size = (s: SizeName): Placement => ({ at: 'size', size: s });
const between = (lower: SizeName, upper: SizeName): Placement => ({ at: 'between', lower, upper });
const below: Placement = { at: 'below' };
const above: Placement = { at: 'above' };

// Every edge of every row, a point just outside each edge, and the gaps/overlaps between rows, as the
// charts of spec §2 print them (sizing.ts): the expected placement is written out, not recomputed.
const CASES: { name: string; chart: 'bra' | 'panties'; col: string; unit: FitUnit; points: [number, Placement][] }[] = [
  {
    name: 'bra under-bust, inches (26-28, 28-30, 30-32, 32-35: the edges overlap)',
    chart: 'bra',
    col: 'underBust',
    unit: 'in',
    points: [
      [25.9, below],
      [26, size('XS')],
      [27, size('XS')],
      [28, between('XS', 'S')],
      [29, size('S')],
      [30, between('S', 'M')],
      [31, size('M')],
      [32, between('M', 'L')],
      [33.5, size('L')],
      [35, size('L')],
      [35.1, above],
    ],
  },
  {
    name: 'bra under-bust, centimetres (66-71, 71-76, 76-82, 82-90)',
    chart: 'bra',
    col: 'underBust',
    unit: 'cm',
    points: [
      [65.9, below],
      [66, size('XS')],
      [71, between('XS', 'S')],
      [73, size('S')],
      [76, between('S', 'M')],
      [79, size('M')],
      [82, between('M', 'L')],
      [90, size('L')],
      [90.1, above],
    ],
  },
  {
    name: 'bra full bust, inches (31-33.5, 33-35.5, 35-37, 37-40)',
    chart: 'bra',
    col: 'fullBust',
    unit: 'in',
    points: [
      [30.9, below],
      [31, size('XS')],
      [32.9, size('XS')],
      [33, between('XS', 'S')],
      [33.5, between('XS', 'S')],
      [33.6, size('S')],
      [35, between('S', 'M')],
      [35.5, between('S', 'M')],
      [36, size('M')],
      [37, between('M', 'L')],
      [40, size('L')],
      [40.1, above],
    ],
  },
  {
    name: 'bra full bust, centimetres (78-85, 84-90, 88-94, 94-101)',
    chart: 'bra',
    col: 'fullBust',
    unit: 'cm',
    points: [
      [77.9, below],
      [78, size('XS')],
      [83.9, size('XS')],
      [84, between('XS', 'S')],
      [85, between('XS', 'S')],
      [86, size('S')],
      [88, between('S', 'M')],
      [90, between('S', 'M')],
      [91, size('M')],
      [94, between('M', 'L')],
      [101, size('L')],
      [101.1, above],
    ],
  },
  {
    name: 'panties hip, inches (33-36.5, 37-38.5, 39-40.5, 41-42.5: gaps between rows)',
    chart: 'panties',
    col: 'hip',
    unit: 'in',
    points: [
      [32.9, below],
      [33, size('XS')],
      [36.5, size('XS')],
      [36.75, between('XS', 'S')],
      [37, size('S')],
      [38.5, size('S')],
      [38.75, between('S', 'M')],
      [39, size('M')],
      [40.5, size('M')],
      [40.75, between('M', 'L')],
      [41, size('L')],
      [42.5, size('L')],
      [42.6, above],
    ],
  },
  {
    name: 'panties hip, centimetres (84-93, 94-98, 99-103, 104-108)',
    chart: 'panties',
    col: 'hip',
    unit: 'cm',
    points: [
      [83.9, below],
      [84, size('XS')],
      [93, size('XS')],
      [93.5, between('XS', 'S')],
      [94, size('S')],
      [98, size('S')],
      [98.5, between('S', 'M')],
      [99, size('M')],
      [103, size('M')],
      [103.5, between('M', 'L')],
      [104, size('L')],
      [108, size('L')],
      [108.1, above],
    ],
  },
  {
    name: 'panties waist, inches (22-25.5, 26-27.5, 28-29.5, 30-31.5)',
    chart: 'panties',
    col: 'waist',
    unit: 'in',
    points: [
      [21.9, below],
      [22, size('XS')],
      [25.5, size('XS')],
      [25.75, between('XS', 'S')],
      [26, size('S')],
      [27.5, size('S')],
      [27.75, between('S', 'M')],
      [28, size('M')],
      [29.5, size('M')],
      [29.75, between('M', 'L')],
      [30, size('L')],
      [31.5, size('L')],
      [31.6, above],
    ],
  },
  {
    name: 'panties waist, centimetres (56-65, 66-71, 72-76, 77-81)',
    chart: 'panties',
    col: 'waist',
    unit: 'cm',
    points: [
      [55.9, below],
      [56, size('XS')],
      [65, size('XS')],
      [65.5, between('XS', 'S')],
      [66, size('S')],
      [71, size('S')],
      [71.5, between('S', 'M')],
      [72, size('M')],
      [76, size('M')],
      [76.5, between('M', 'L')],
      [77, size('L')],
      [81, size('L')],
      [81.1, above],
    ],
  },
];

describe('placeOnChart: every boundary of both charts, in both units', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const chart = c.chart === 'bra' ? BRA_CHART : PANTIES_CHART;
      const ranges = column(chart, (row) => row[c.col] as Measure, c.unit);
      expect(c.points.map(([value]) => [value, placeOnChart(ranges, value)])).toEqual(c.points);
    });
  }
});

const ok = (result: ReturnType<typeof findFit>): FitAnswer => {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.answer;
};

describe('findFit for bras', () => {
  it('gives the size, band and cup and sister sizes for measurements inside one row', () => {
    const answer = ok(findFit({ kind: 'bra', unit: 'in', underBust: 31, fullBust: 36 }));
    // 31 in → odd, band 36; 36 − 36 = 0 → AA. M by the under-bust and the bust.
    expect(answer).toMatchObject({ size: 'M', bandCup: '36AA', between: null, outside: null, notes: [] });
    expect(answer.sisterSizes).toEqual(['34A']);
  });

  it('reads centimetres on the chart in centimetres and converts them to inches for band and cup', () => {
    const answer = ok(findFit({ kind: 'bra', unit: 'cm', underBust: 73, fullBust: 87 }));
    // 73 cm = 28.7 in → 29 → band 34; 87 cm = 34.3 in → 34 → cup 0 → AA.
    expect(answer).toMatchObject({ size: 'S', bandCup: '34AA', between: null, outside: null });
  });

  it('names both sizes when the under-bust is on an overlap, and sizes up', () => {
    const answer = ok(findFit({ kind: 'bra', unit: 'in', underBust: 28, fullBust: 33 }));
    expect(answer.size).toBe('S');
    expect(answer.between).toEqual(['XS', 'S']);
    expect(answer.notes[0]).toBe(
      'Your under-bust falls between XS and S: we suggest S for comfort, XS for a closer fit.',
    );
  });

  it('goes by the under-bust when the full bust points elsewhere, and says so', () => {
    const answer = ok(findFit({ kind: 'bra', unit: 'in', underBust: 27, fullBust: 36 }));
    expect(answer.size).toBe('XS');
    expect(answer.notes).toContain(
      'Your full bust points to M and your under-bust to XS: we go by the under-bust, as the band gives a bra its support.',
    );
    // 27 → band 32; 36 − 32 = 4 → D; the chart lists 32D under S.
    expect(answer.bandCup).toBe('32D');
    expect(answer.sisterSizes).toEqual(['30DD', '34C']);
  });

  it('has no size and says so kindly when the under-bust is outside the chart', () => {
    const small = ok(findFit({ kind: 'bra', unit: 'in', underBust: 24, fullBust: 30 }));
    expect(small).toMatchObject({ size: null, outside: 'small' });
    expect(small.notes[0]).toMatch(/^Your under-bust is smaller than our smallest size \(XS\)\. Please write to us/);
    const large = ok(findFit({ kind: 'bra', unit: 'cm', underBust: 95, fullBust: 110 }));
    expect(large).toMatchObject({ size: null, outside: 'large' });
    expect(large.notes[0]).toMatch(/larger than our largest size \(L\)/);
  });

  it('keeps the size from the under-bust when only the full bust is outside the chart', () => {
    const answer = ok(findFit({ kind: 'bra', unit: 'in', underBust: 34, fullBust: 44 }));
    expect(answer).toMatchObject({ size: 'L', outside: 'large' });
    expect(answer.notes).toEqual([expect.stringMatching(/^Your full bust is larger than our largest size/)]);
  });
});

describe('findFit for panties', () => {
  it('answers the size when waist and hip agree', () => {
    expect(ok(findFit({ kind: 'panties', unit: 'in', waist: 28.5, hip: 40 }))).toMatchObject({
      size: 'M',
      bandCup: null,
      sisterSizes: [],
      between: null,
      outside: null,
      notes: [],
    });
  });

  it('picks the larger when waist and hip point to different sizes', () => {
    const answer = ok(findFit({ kind: 'panties', unit: 'cm', waist: 60, hip: 100 }));
    expect(answer.size).toBe('M');
    expect(answer.notes).toEqual(['Your waist points to XS and your hip to M: we suggest the larger, M.']);
  });

  it('names the two sizes when a measurement falls in a gap of the chart', () => {
    const answer = ok(findFit({ kind: 'panties', unit: 'in', waist: 27.75, hip: 39 }));
    expect(answer).toMatchObject({ size: 'M', between: ['S', 'M'] });
    expect(answer.notes).toEqual(['Your waist falls between S and M: we suggest M for comfort, S for a closer fit.']);
  });

  it('has no size when either measurement is above the chart', () => {
    expect(ok(findFit({ kind: 'panties', unit: 'in', waist: 33, hip: 40 }))).toMatchObject({
      size: null,
      outside: 'large',
    });
    expect(ok(findFit({ kind: 'panties', unit: 'in', waist: 20, hip: 44 }))).toMatchObject({
      size: null,
      outside: 'large',
    });
  });

  it('keeps the size of the other measurement when one is below the chart', () => {
    const answer = ok(findFit({ kind: 'panties', unit: 'cm', waist: 50, hip: 85 }));
    expect(answer).toMatchObject({ size: 'XS', outside: 'small' });
    expect(ok(findFit({ kind: 'panties', unit: 'cm', waist: 50, hip: 80 }))).toMatchObject({
      size: null,
      outside: 'small',
    });
  });
});

describe('findFit refuses what is not a measurement', () => {
  const refused = (input: unknown) => {
    const result = findFit(input as never);
    return result.ok ? null : { field: result.field, error: result.error };
  };

  it('refuses non-numbers', () => {
    expect(refused({ kind: 'bra', unit: 'in', underBust: '30', fullBust: 36 })).toEqual({
      field: 'underBust',
      error: 'Please enter your under-bust as a number',
    });
    expect(refused({ kind: 'bra', unit: 'in', underBust: 30, fullBust: Number.NaN })?.error).toBe(
      'Please enter your full bust as a number',
    );
    expect(refused({ kind: 'panties', unit: 'cm', waist: Number.POSITIVE_INFINITY, hip: 90 })?.field).toBe('waist');
    expect(refused({ kind: 'panties', unit: 'cm', waist: 70 })?.error).toBe('Please enter your hip as a number');
  });

  it('refuses zero and negatives', () => {
    expect(refused({ kind: 'panties', unit: 'in', waist: -28, hip: 40 })?.error).toBe('Your waist must be more than 0');
    expect(refused({ kind: 'bra', unit: 'cm', underBust: 0, fullBust: 90 })?.error).toBe(
      'Your under-bust must be more than 0',
    );
  });

  it('refuses absurd values, naming the unit', () => {
    expect(refused({ kind: 'bra', unit: 'in', underBust: 76, fullBust: 90 })?.error).toBe(
      'Your full bust of 90 in looks unlikely: please check it is in inches (between 15 and 80)',
    );
    expect(refused({ kind: 'panties', unit: 'cm', waist: 28, hip: 40 })?.error).toBe(
      'Your waist of 28 cm looks unlikely: please check it is in centimetres (between 38 and 203)',
    );
    expect(refused({ kind: 'panties', unit: 'cm', waist: 1e9, hip: 100 })?.field).toBe('waist');
  });

  it('refuses a full bust smaller than the under-bust, and an unknown unit', () => {
    expect(refused({ kind: 'bra', unit: 'in', underBust: 34, fullBust: 30 })?.field).toBe('fullBust');
    expect(refused({ kind: 'bra', unit: 'mm', underBust: 700, fullBust: 900 })).toEqual({
      field: 'unit',
      error: 'Choose inches or centimetres',
    });
  });
});

describe('band and cup', () => {
  it('adds 4 to an even under-bust and 5 to an odd one, rounding to the inch', () => {
    expect(bandAndCup(30, 37)).toEqual({ band: 34, cup: 3 });
    expect(bandAndCup(29, 37)).toEqual({ band: 34, cup: 3 });
    expect(bandAndCup(30.4, 37)).toEqual({ band: 34, cup: 3 });
    expect(bandAndCup(30.5, 37)).toEqual({ band: 36, cup: 1 });
    expect(bandAndCup(26, 29)).toEqual({ band: 30, cup: 0 });
    expect(bandAndCup(30, 60)).toBeNull();
  });

  it('sister sizes go a band down and a cup up, and a band up and a cup down', () => {
    expect(sisterSizes(34, 3)).toEqual(['32D', '36B']);
    expect(sisterSizes(34, 0)).toEqual(['32A']);
    expect(sisterSizes(28, 2)).toEqual(['30A']);
  });

  it('finds the shop size that lists a band and cup size', () => {
    expect(shopSizeOfBandCup('34C')).toBe('M');
    expect(shopSizeOfBandCup('30A')).toBe('XS');
    expect(shopSizeOfBandCup('40G')).toBeNull();
  });
});

describe('fitKindFor', () => {
  it('reads the product type first, then the category', () => {
    expect(fitKindFor('bras', 'bralette')).toBe('bra');
    expect(fitKindFor('pantiesandgarters', 'garter belt')).toBe('panties');
    expect(fitKindFor('bras', 'set')).toBe('bra');
    expect(fitKindFor(null, 'High-Leg Brief')).toBe('panties');
    expect(fitKindFor('pantiesandgarters', 'thong')).toBe('panties');
    expect(fitKindFor('clothing', 'chemise')).toBeNull();
    expect(fitKindFor(null, null)).toBeNull();
  });
});
