import { describe, expect, it } from 'vitest';
import { US_STATES } from './regions.js';
import { STATE_TAX_RATES, stateOfZip, taxRateForZip, ZIP_PREFIX_TABLE } from './tax-table.js';

describe('stateOfZip', () => {
  it('finds the state of known zips by their first 3 digits', () => {
    const known: [string, string][] = [
      ['10001', 'NY'],
      ['00501', 'NY'],
      ['94105', 'CA'],
      ['90210', 'CA'],
      ['21201', 'MD'],
      ['20001', 'DC'],
      ['20500', 'DC'],
      ['20166', 'VA'],
      ['73301', 'TX'],
      ['75201', 'TX'],
      ['79901', 'TX'],
      ['73102', 'OK'],
      ['97201', 'OR'],
      ['02108', 'MA'],
      ['05501', 'MA'],
      ['05401', 'VT'],
      ['00901', 'PR'],
      ['00802', 'VI'],
      ['99501', 'AK'],
      ['96813', 'HI'],
      ['39901', 'GA'],
      ['33101', 'FL'],
      ['89101', 'NV'],
    ];
    for (const [zip, state] of known) expect(stateOfZip(zip), zip).toBe(state);
  });

  it('uses the first 5 digits of a ZIP+4', () => {
    expect(stateOfZip('10001-1234')).toBe('NY');
    expect(stateOfZip(' 94105-0001 ')).toBe('CA');
  });

  it('knows no state for military, unassigned or malformed zips', () => {
    for (const zip of ['09001', '34001', '96201', '00000', '', 'abcde', '1000', '940', 'SW1A 1AA', '941051234']) {
      expect(stateOfZip(zip), zip).toBeUndefined();
    }
  });

  it('has ranges in order, without overlaps, naming only known states', () => {
    const codes = new Set(US_STATES.map((s) => s.code));
    let last = -1;
    for (const [from, to, state] of ZIP_PREFIX_TABLE) {
      expect(from).toBeGreaterThan(last);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(codes.has(state), state).toBe(true);
      last = to;
    }
    // Every state of the dropdown can be reached from some zip.
    expect(new Set(ZIP_PREFIX_TABLE.map(([, , state]) => state))).toEqual(codes);
  });
});

describe('STATE_TAX_RATES', () => {
  it('has a rate for every state of the dropdown', () => {
    expect(Object.keys(STATE_TAX_RATES).sort()).toEqual(US_STATES.map((s) => s.code).sort());
    expect(Object.values(STATE_TAX_RATES).every((rate) => rate >= 0 && rate < 0.2)).toBe(true);
  });
});

describe('taxRateForZip', () => {
  it('answers the statewide rate of the zip', () => {
    expect(taxRateForZip('10001')).toBe(0.04);
    expect(taxRateForZip('94105')).toBe(0.0725);
    expect(taxRateForZip('21201')).toBe(0.06);
    expect(taxRateForZip('73301')).toBe(0.0625);
    expect(taxRateForZip('94105-1234')).toBe(0.0725);
  });

  it('answers 0 in states without sales tax', () => {
    expect(taxRateForZip('97201')).toBe(0); // OR
    expect(taxRateForZip('59601')).toBe(0); // MT
    expect(taxRateForZip('03301')).toBe(0); // NH
    expect(taxRateForZip('19901')).toBe(0); // DE
    expect(taxRateForZip('99501')).toBe(0); // AK
  });

  it('answers 0 for unknown or malformed zips', () => {
    expect(taxRateForZip('09001')).toBe(0);
    expect(taxRateForZip('hello')).toBe(0);
    expect(taxRateForZip('')).toBe(0);
  });
});
