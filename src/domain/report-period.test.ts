import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  daysIn,
  instantsOf,
  isIsoDate,
  offsetMinutes,
  presetRange,
  previousRange,
  seriesStarts,
  seriesUnitOf,
  startOfDay,
} from './report-period.js';

describe('report periods', () => {
  it('knows a real calendar day from a look-alike', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
  });

  it('counts days with both ends included, across months and leap days', () => {
    expect(daysIn({ from: '2026-11-27', to: '2026-11-27' })).toBe(1);
    expect(daysIn({ from: '2028-02-01', to: '2028-03-01' })).toBe(30);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('the period before is as long and ends the day before', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousRange({ from: '2026-11-27', to: '2026-11-27' })).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });

  it('presets end today; 12 months starts on the first of the month eleven months back', () => {
    expect(presetRange('today', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetRange('7d', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('30d', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(presetRange('12m', '2026-11-27')).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(presetRange('12m', '2026-01-31')).toEqual({ from: '2025-02-01', to: '2026-01-31' });
  });

  it('a day in New York starts at 05:00 UTC in winter and 04:00 in summer', () => {
    expect(startOfDay('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDay('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // The day the clocks go forward is 23 hours long.
    const { start, end } = instantsOf({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it('half- and three-quarter-hour zones start their days off the hour', () => {
    expect(startOfDay('2026-11-27', 'Asia/Kolkata').toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(startOfDay('2026-11-27', 'Asia/Kathmandu').toISOString()).toBe('2026-11-26T18:15:00.000Z');
    expect(offsetMinutes('Asia/Kolkata', Date.parse('2026-11-27T00:00:00Z'))).toBe(330);
  });

  it('a day whose midnight is skipped starts when the clocks go forward', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayIn('America/Santiago', start)).toBe('2026-09-06');
    expect(dayIn('America/Santiago', start.getTime() - 1)).toBe('2026-09-05');
  });

  it('an order at 23:30 in New York is on that day there, the next day in UTC', () => {
    const t = Date.parse('2026-11-28T04:30:00Z');
    expect(dayIn('America/New_York', t)).toBe('2026-11-27');
    expect(dayIn('UTC', t)).toBe('2026-11-28');
  });

  it('charts by day up to 62 days, by month beyond, the first month from the first day', () => {
    expect(seriesUnitOf({ from: '2026-10-01', to: '2026-12-01' })).toBe('day');
    expect(seriesUnitOf({ from: '2026-10-01', to: '2026-12-02' })).toBe('month');
    expect(seriesStarts({ from: '2026-11-25', to: '2026-11-27' })).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(seriesStarts({ from: '2026-01-15', to: '2026-04-02' })).toEqual([
      '2026-01-15',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
  });
});
