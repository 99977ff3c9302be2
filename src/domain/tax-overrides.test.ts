import { describe, expect, it } from 'vitest';
import { percentToRate, taxRateWithOverrides } from './tax-overrides.js';
import { taxRateForZip } from './tax-table.js';

describe('taxRateWithOverrides (ZIP5, then ZIP3, then state, then the table)', () => {
  const overrides = [
    { place: 'CA', ratePercent: 9 },
    { place: '941', ratePercent: 9.5 },
    { place: '94110', ratePercent: 8.625 },
  ];

  it('takes the 5-digit ZIP first', () => {
    expect(taxRateWithOverrides('94110', overrides)).toEqual({ rate: 0.08625, source: 'zip5' });
    expect(taxRateWithOverrides('94110-1234', overrides)).toEqual({ rate: 0.08625, source: 'zip5' });
  });

  it('then the 3-digit prefix', () => {
    expect(taxRateWithOverrides('94105', overrides)).toEqual({ rate: 0.095, source: 'zip3' });
  });

  it('then the state of the ZIP', () => {
    expect(taxRateWithOverrides('90210', overrides)).toEqual({ rate: 0.09, source: 'state' });
  });

  it('then the built-in table', () => {
    expect(taxRateWithOverrides('10001', overrides)).toEqual({ rate: taxRateForZip('10001'), source: 'table' });
    expect(taxRateWithOverrides('94110', [])).toEqual({ rate: taxRateForZip('94110'), source: 'table' });
  });

  it('matches places whatever their case or spaces, and a 0 % override is a rate like any other', () => {
    expect(taxRateWithOverrides('90210', [{ place: ' ca ', ratePercent: 0 }])).toEqual({ rate: 0, source: 'state' });
  });

  it('answers 0 for a ZIP that is not a US one', () => {
    expect(taxRateWithOverrides('SW1A', overrides)).toEqual({ rate: 0, source: 'table' });
  });

  it('turns percent into a rate to a millionth', () => {
    expect(percentToRate(7.25)).toBe(0.0725);
    expect(percentToRate(8.875)).toBe(0.08875);
  });
});
