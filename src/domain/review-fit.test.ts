import { describe, expect, it } from 'vitest';
import { fitSummaryText, mostSaid, NO_FIT } from './review-fit.js';

describe('the fit summary of a product page', () => {
  it('says nothing when no review told the fit', () => {
    expect(mostSaid(NO_FIT)).toBeNull();
    expect(fitSummaryText(mostSaid(NO_FIT))).toBeNull();
  });

  it('names the fit most reviewers chose', () => {
    expect(mostSaid({ 'runs-small': 3, 'true-to-size': 1, 'runs-large': 0 })).toBe('runs-small');
    expect(fitSummaryText('true-to-size')).toBe('Most say: true to size');
    expect(fitSummaryText('runs-large')).toBe('Most say: runs large');
  });

  it('reads a tie with true to size as true to size, and small against large as nothing', () => {
    expect(mostSaid({ 'runs-small': 2, 'true-to-size': 2, 'runs-large': 0 })).toBe('true-to-size');
    expect(mostSaid({ 'runs-small': 2, 'true-to-size': 0, 'runs-large': 2 })).toBeNull();
    expect(mostSaid({ 'runs-small': 1, 'true-to-size': 1, 'runs-large': 1 })).toBe('true-to-size');
  });
});
