import { describe, expect, it } from 'vitest';
import { TooManyRequests, waitInWords } from './errors.js';

describe('waitInWords', () => {
  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [14 * 60 + 1, '15 minutes'],
    [59 * 60 + 30, 'an hour'],
    [3600, 'an hour'],
    [3601, '2 hours'],
    [24 * 3600 - 5, '24 hours'],
  ])('%s s is %s', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe('TooManyRequests', () => {
  it('says the wait in words and keeps it in whole seconds for Retry-After', () => {
    const error = new TooManyRequests(899.2);
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('Too many requests, please try again in 15 minutes');
    expect(error.retryAfterSeconds).toBe(900);
  });
});
