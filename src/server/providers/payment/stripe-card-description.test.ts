import { describe, expect, it } from 'vitest';
import { describeStripePaymentMethod } from './stripe-card-description.js';

describe("the order's name for what Stripe charged", () => {
  it('names a card by its brand and last four digits', () => {
    expect(describeStripePaymentMethod({ type: 'card', card: { brand: 'visa', last4: '4242' } })).toBe(
      'Visa •••• 4242',
    );
    expect(describeStripePaymentMethod({ type: 'card', card: { brand: 'amex', last4: '0005', wallet: null } })).toBe(
      'American Express •••• 0005',
    );
  });

  it('adds the wallet a card was paid through', () => {
    const card = (wallet: string) => ({
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', wallet: { type: wallet } },
    });
    expect(describeStripePaymentMethod(card('apple_pay'))).toBe('Mastercard •••• 4444 (Apple Pay)');
    expect(describeStripePaymentMethod(card('google_pay'))).toBe('Mastercard •••• 4444 (Google Pay)');
    expect(describeStripePaymentMethod(card('link'))).toBe('Mastercard •••• 4444 (Link)');
    expect(describeStripePaymentMethod(card('some_new_wallet'))).toBe('Mastercard •••• 4444 (Some new wallet)');
  });

  it('names Link by its account, and any other method in words', () => {
    expect(describeStripePaymentMethod({ type: 'link', link: { email: 'ana@example.com' } })).toBe(
      'Link (ana@example.com)',
    );
    expect(describeStripePaymentMethod({ type: 'link', link: null })).toBe('Link');
    expect(describeStripePaymentMethod({ type: 'cashapp' })).toBe('Cashapp');
    expect(describeStripePaymentMethod(undefined)).toBeUndefined();
  });
});
