import { describe, expect, it } from 'vitest';
import { discountPercentLabel } from './promo-report.js';

describe('discountPercentLabel: (discount − 1) × 100 percent (spec §9)', () => {
  it('shows rates as the spec does', () => {
    expect(discountPercentLabel(0.9)).toBe('-10%');
    expect(discountPercentLabel(0.85)).toBe('-15%');
    expect(discountPercentLabel(0.919)).toBe('-8.1%');
    expect(discountPercentLabel(0.8123)).toBe('-18.77%');
    expect(discountPercentLabel(1)).toBe('0%');
    expect(discountPercentLabel(0)).toBe('-100%');
  });
});
