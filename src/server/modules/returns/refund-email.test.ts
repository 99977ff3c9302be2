import { describe, expect, it } from 'vitest';
import { refundEmail, type RefundEmailInput } from './refund-email.js';
import { line, order, shop } from './email-test-fixtures.js';

describe('refundEmail', () => {
  it('store credit: the code, its amount and terms, and the returned pieces, in both parts', () => {
    const input: RefundEmailInput = {
      order,
      pieces: [{ index: 1, quantity: 2 }],
      refundCents: 121_50,
      method: 'store_credit',
      giftCode: 'CREDIT-ABCD2345',
      balanceCents: 121_50,
    };
    const { subject, html, text } = refundEmail(input, shop);
    expect(subject).toBe('Your Murashki store credit of $121.50');
    for (const part of [html, text]) {
      expect(part).toContain('Dear Zoë');
      expect(part).toContain('CREDIT-ABCD2345');
      expect(part).toContain('This code now holds $121.50');
      expect(part).toContain('whatever an order does not use stays on it for the next');
      expect(part).toContain('High-Waist Silk Brief');
      expect(part).not.toContain('Silk Bra<');
    }
    expect(text).toContain('YOUR CODE: CREDIT-ABCD2345');
    // On one line, even on a phone: a code broken in two gets copied wrong.
    expect(html).toMatch(
      /<p class="m-code" style="[^"]*white-space:nowrap[^"]*"><strong[^>]*>CREDIT-ABCD2345<\/strong><\/p>/,
    );
  });

  it('original payment: where the money went, and no code', () => {
    const input: RefundEmailInput = {
      order,
      pieces: [{ index: 0, quantity: 1 }],
      refundCents: 98_00,
      method: 'original_payment',
      paidWith: 'your card (Visa •••• 4242)',
    };
    const { subject, html, text } = refundEmail(input, shop);
    expect(subject).toBe('Your refund of $98 for order #5550001234');
    for (const part of [html, text]) {
      expect(part).toContain('We have refunded $98 to your card (Visa •••• 4242)');
      expect(part).not.toContain('CREDIT-');
    }
  });

  it('escapes what people typed', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const { html } = refundEmail(
      {
        order: { ...order, firstName: evil, lines: [line(evil, 100)] },
        pieces: [{ index: 0, quantity: 1 }],
        refundCents: 100,
        method: 'store_credit',
        balanceCents: 100,
        giftCode: 'CREDIT-ABCD2345',
      },
      shop,
    );
    expect(html).not.toContain('<img src=x');
  });

  it('original payment of an order paid partly from a balance: the balance part goes back to its code, and the email says so', () => {
    const input: RefundEmailInput = {
      order,
      pieces: [{ index: 0, quantity: 1 }],
      refundCents: 98_00,
      method: 'original_payment',
      paidWith: 'your card (Visa •••• 4242)',
      toBalance: { code: 'GIFTCARD-ABCD2345', amountCents: 60_00, balanceCents: 75_00 },
    };
    const { text } = refundEmail(input, shop);
    expect(text).toContain(
      'We have refunded $38 to your card (Visa •••• 4242), and $60 back to the gift card or store credit GIFTCARD-ABCD2345 you paid with (it now holds $75).',
    );
  });
});
