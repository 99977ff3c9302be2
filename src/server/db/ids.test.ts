import { describe, expect, it } from 'vitest';
import { hexId, orderNumber } from './ids.js';

describe('ids', () => {
  it('makes 24-character hex ids', () => {
    expect(hexId()).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(Array.from({ length: 1000 }, hexId)).size).toBe(1000);
  });

  it('makes 10-digit order numbers that do not follow each other', () => {
    const numbers = Array.from({ length: 50 }, orderNumber);
    for (const n of numbers) expect(String(n)).toMatch(/^\d{10}$/);
    const sorted = [...numbers].sort((a, b) => a - b);
    const consecutive = sorted.slice(1).filter((n, i) => n - sorted[i]! === 1).length;
    expect(consecutive).toBe(0);
  });
});
