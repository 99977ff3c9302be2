import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './signed-link.js';

const SECRET = 'x'.repeat(32);
const now = new Date('2026-11-27T10:00:00Z');
const later = new Date('2026-12-27T10:00:00Z');

describe('signed links', () => {
  it('opens what it was signed for, until it expires', () => {
    const token = signLink(SECRET, 'order-status', '1042|a@b.co', later);
    expect(verifyLink(SECRET, 'order-status', token, now)).toBe('1042|a@b.co');
    expect(verifyLink(SECRET, 'order-status', token, new Date(later.getTime() + 1000))).toBeNull();
  });

  it('refuses another purpose, another secret, or a changed subject', () => {
    const token = signLink(SECRET, 'order-status', '1042', later);
    expect(verifyLink(SECRET, 'review', token, now)).toBeNull();
    expect(verifyLink('y'.repeat(32), 'order-status', token, now)).toBeNull();
    const [, expires, sig] = token.split('.');
    const forged = `${Buffer.from('1043').toString('base64url')}.${expires}.${sig}`;
    expect(verifyLink(SECRET, 'order-status', forged, now)).toBeNull();
    expect(verifyLink(SECRET, 'order-status', 'not-a-token', now)).toBeNull();
    expect(verifyLink(SECRET, 'order-status', `${token}.x`, now)).toBeNull();
  });
});
