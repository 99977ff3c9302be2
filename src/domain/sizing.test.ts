import { describe, expect, it } from 'vitest';
import { BRA_CHART, formatRange, PANTIES_CHART, type Measure } from './sizing.js';

// Each row as the chart of spec §2 prints it: '31-33.5 in (78-85 cm)'.
const printed = (measure: Measure) => `${formatRange(measure.in)} in (${formatRange(measure.cm)} cm)`;

describe('sizing charts (spec §2)', () => {
  it('has the bra chart exactly, with the XS cup sizes of SPEC-NOTES', () => {
    expect(BRA_CHART.map((row) => [row.size, row.cups, printed(row.fullBust), printed(row.underBust)])).toEqual([
      ['XS', '30A/30B/30C/32A/32B', '31-33.5 in (78-85 cm)', '26-28 in (66-71 cm)'],
      ['S', '30D/32C/32D/34A/34B', '33-35.5 in (84-90 cm)', '28-30 in (71-76 cm)'],
      ['M', '32DD/34C/34D/36A/36B', '35-37 in (88-94 cm)', '30-32 in (76-82 cm)'],
      ['L', '36C/36D/38A/38B/38C', '37-40 in (94-101 cm)', '32-35 in (82-90 cm)'],
    ]);
  });

  it('has the panties chart exactly', () => {
    expect(PANTIES_CHART.map((row) => [row.size, printed(row.hip), printed(row.waist)])).toEqual([
      ['XS', '33-36.5 in (84-93 cm)', '22-25.5 in (56-65 cm)'],
      ['S', '37-38.5 in (94-98 cm)', '26-27.5 in (66-71 cm)'],
      ['M', '39-40.5 in (99-103 cm)', '28-29.5 in (72-76 cm)'],
      ['L', '41-42.5 in (104-108 cm)', '30-31.5 in (77-81 cm)'],
    ]);
  });
});
