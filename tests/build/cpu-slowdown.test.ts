import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, medianOf } from '../../scripts/cpu-slowdown.js';

describe("Lighthouse's CPU throttling calculator", () => {
  it('gives its anchors: 150 → 1x, 800 → 2x, 1300 → 3x, 1533 → the preset 4x, 2000 → 6x', () => {
    expect([150, 800, 1300, 1533, 2000].map(calibratedCpuSlowdown)).toEqual([1, 2, 3, 4, 6]);
  });

  it('is linear between anchors, rounded to a tenth', () => {
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
    expect(calibratedCpuSlowdown(1000)).toBe(2.4);
  });

  it('refuses a host too slow to stand for the phone, and a missing reading', () => {
    expect(() => calibratedCpuSlowdown(149)).toThrow(/too slow/);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/too slow/);
  });

  it('takes the median of the readings', () => {
    expect(medianOf([900, 700, 1200])).toBe(900);
    expect(medianOf([700, 900])).toBe(800);
    expect(() => medianOf([])).toThrow();
  });
});
