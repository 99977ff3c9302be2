import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './validation.js';

describe('EMAIL_PATTERN (spec §5: a standard email pattern)', () => {
  it.each([
    'ada@example.com',
    'ada.lovelace+shop@mail.example.co.uk',
    "o'brien@example.ie",
    'A_B-c@sub-domain.example.org',
    'x@a.io',
  ])('takes %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    'a"<b>@example.com',
    'a..b@example.com',
    '.ada@example.com',
    'ada.@example.com',
    'ada@example',
    'ada@example.c',
    'ada@-example.com',
    'ada@example-.com',
    'ada@exa_mple.com',
    'ada lovelace@example.com',
    'ada@@example.com',
    '<script>@example.com',
  ])('refuses %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
