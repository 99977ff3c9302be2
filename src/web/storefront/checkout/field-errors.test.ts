// The browser's check of the checkout and gift card forms says what the server would say, by field.
import { describe, expect, it } from 'vitest';
import { GiftCardBodySchema } from '../../../contract/cart.js';
import { BillingInfoSchema, ShippingInfoSchema } from '../../../contract/checkout.js';
import { describeIssues, issuesOfValidation } from '../../../domain/validation-message.js';
import { entryOf } from '../../../contract/zod-entry.js';
import { safeParse } from 'zod/v4/core';
import { fieldErrors } from './field-errors.js';
import { EMPTY_SHIPPING_INFO } from './shipping-info.js';

const NY = {
  ...EMPTY_SHIPPING_INFO,
  firstName: 'Ada',
  email: 'ada@example.com',
  address: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};
/** The server's `message` for a refused body (the error handler's describeIssues of the validator's entries). */
const serverSays = (schema: Parameters<typeof safeParse>[0], value: unknown) => {
  const result = safeParse(schema, value, { reportInput: true });
  return result.success ? '' : describeIssues(issuesOfValidation(result.error.issues.map(entryOf)));
};

describe('fieldErrors', () => {
  it('passes a complete shipping info', () => {
    expect(fieldErrors(ShippingInfoSchema, NY)).toEqual({});
  });

  it("says each field's problem in the server's words", () => {
    const info = { ...NY, firstName: 'A'.repeat(101), email: 'ada@', city: ' ' };
    const errors = fieldErrors(ShippingInfoSchema, info);
    expect(errors).toEqual({
      firstName: 'First name must be at most 100 characters',
      email: 'Invalid email address.',
      city: 'City is required',
    });
    expect(serverSays(ShippingInfoSchema, info)).toBe(Object.values(errors).join('; '));
  });

  it('checks the billing info the same way', () => {
    const billing = { cardholderName: 'x'.repeat(201), zip: '1'.repeat(21) };
    const errors = fieldErrors(BillingInfoSchema, billing);
    expect(errors).toEqual({
      cardholderName: 'Cardholder name must be at most 200 characters',
      zip: 'Zip must be at most 20 characters',
    });
    expect(serverSays(BillingInfoSchema, billing)).toBe(Object.values(errors).join('; '));
  });

  it("keeps the gift card contract's own sentences", () => {
    const errors = fieldErrors(GiftCardBodySchema, {
      amount: 20,
      recipientName: '',
      recipientEmail: 'anna@',
      senderName: '',
      message: '',
      sendOn: '2026-12-03',
    });
    expect(errors).toEqual({
      amount: 'Amount must be at least $50',
      recipientName: 'Recipient name is required',
      recipientEmail: 'Recipient email is not a valid email address',
      senderName: 'From (your name) is required',
    });
  });
});
