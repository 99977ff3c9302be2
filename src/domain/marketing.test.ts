import { describe, expect, it } from 'vitest';
import {
  canRequestNotify,
  canSendReferral,
  isUnsubscribeId,
  mailboxOf,
  marketingQuietOn,
  promoDue,
} from './marketing.js';

describe('no marketing modal in the purchase path (issue 24 item 5)', () => {
  it('is quiet on /cart/*, /return-form, /order-status, /promo-performance and /admin, not elsewhere', () => {
    for (const path of [
      '/cart/checkout',
      '/cart/success',
      '/return-form',
      '/order-status',
      '/order-status/123',
      '/promo-performance',
      '/admin',
      '/admin/orders',
    ]) {
      expect(marketingQuietOn(path), path).toBe(true);
    }
    for (const path of ['/', '/collections', '/product/silk-balconette-bra', '/cartoons', '/info/faq'])
      expect(marketingQuietOn(path), path).toBe(false);
  });
});

describe('promo popup timing (spec §4, §9)', () => {
  const now = 1_000_000;
  const base = { declined: null, timeout: String(now - 1), width: 1280, now };

  it('is due once promoTimeout has passed on a window wider than 500 px', () => {
    expect(promoDue(base)).toBe(true);
    expect(promoDue({ ...base, timeout: String(now) })).toBe(true);
  });
  it('is not due before promoTimeout', () => {
    expect(promoDue({ ...base, timeout: String(now + 1) })).toBe(false);
  });
  it('is never due after promoDeclined', () => {
    expect(promoDue({ ...base, declined: 'true' })).toBe(false);
  });
  it('is not due at 500 px or narrower', () => {
    expect(promoDue({ ...base, width: 500 })).toBe(false);
    expect(promoDue({ ...base, width: 501 })).toBe(true);
  });
  it('is not due without a timer (a returning visitor) or with a broken one', () => {
    expect(promoDue({ ...base, timeout: null })).toBe(false);
    expect(promoDue({ ...base, timeout: 'soon' })).toBe(false);
  });
});

describe('form rules (spec §5)', () => {
  it('reads an address as the mailbox it reaches: no case, no +tag, no dots at Gmail', () => {
    expect(mailboxOf(' Me+Shop@Example.com ')).toBe('me@example.com');
    expect(mailboxOf('m.e+1@googlemail.com')).toBe('me@gmail.com');
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
  });

  it('referral needs two valid emails of different mailboxes', () => {
    expect(canSendReferral('me+friend@example.com', 'me@example.com')).toBe(false);
    expect(canSendReferral('m.e@gmail.com', 'me@googlemail.com')).toBe(false);
    expect(canSendReferral('friend@example.com', 'me@example.com')).toBe(true);
    expect(canSendReferral('friend@example.com', 'Friend@Example.com ')).toBe(false);
    expect(canSendReferral('friend@example', 'me@example.com')).toBe(false);
    expect(canSendReferral('friend@example.com', '')).toBe(false);
  });
  it('notify needs a valid email and a size', () => {
    expect(canRequestNotify('a@b.co', 1)).toBe(true);
    expect(canRequestNotify('a@b.co', 0)).toBe(false);
    expect(canRequestNotify('a@b', 2)).toBe(false);
  });
  it('unsubscribe ids are exactly 24 characters', () => {
    expect(isUnsubscribeId('a'.repeat(24))).toBe(true);
    expect(isUnsubscribeId('a'.repeat(23))).toBe(false);
    expect(isUnsubscribeId('a'.repeat(25))).toBe(false);
    expect(isUnsubscribeId(undefined)).toBe(false);
  });
});
