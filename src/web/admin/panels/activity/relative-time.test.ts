import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const now = new Date('2026-11-26T18:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it('says when as a person would, then the date', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(2 * 3600_000), now)).toBe('2 hours ago');
    expect(relativeTime(ago(30 * 3600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 86_400_000), now)).toBe('4 days ago');
    expect(relativeTime('2026-10-02T12:00:00Z', now)).toBe('Oct 2');
    expect(relativeTime('2025-10-02T12:00:00Z', now)).toBe('Oct 2, 2025');
  });

  it('a clock a little ahead of the server still says just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5_000).toISOString(), now)).toBe('just now');
  });
});
