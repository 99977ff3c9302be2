// Coming back from a payment that left the page: Stripe's parameters read, and taken off the address.
import { describe, expect, it } from 'vitest';
import { billingReturnUrl, paymentReturnOf, withoutPaymentReturn } from './payment-return.js';

const BACK = '?stage=billing&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=';

describe('a payment that left the page and came back', () => {
  it("reads Stripe's client secret and whether the payment was authorised", () => {
    expect(paymentReturnOf(`${BACK}succeeded`)).toEqual({ clientSecret: 'pi_1_secret_2', authorised: true });
    expect(paymentReturnOf(`${BACK}failed`)).toEqual({ clientSecret: 'pi_1_secret_2', authorised: false });
  });

  it('is no return without both of its parameters', () => {
    expect(paymentReturnOf('?stage=billing')).toBeNull();
    expect(paymentReturnOf('?stage=billing&redirect_status=succeeded')).toBeNull();
    expect(paymentReturnOf('?payment_intent_client_secret=pi_1_secret_2')).toBeNull();
  });

  it("keeps the stage in the address and drops Stripe's parameters", () => {
    expect(withoutPaymentReturn(`${BACK}succeeded`)).toBe('?stage=billing');
    expect(withoutPaymentReturn('?payment_intent=pi_1&redirect_status=failed')).toBe('');
  });

  it('sends the shopper back to the billing stage of the page they paid on', () => {
    expect(billingReturnUrl({ origin: 'https://shop.example.com', pathname: '/cart/checkout' })).toBe(
      'https://shop.example.com/cart/checkout?stage=billing',
    );
  });
});
