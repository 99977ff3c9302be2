import { describe, expect, it } from 'vitest';
import { returnRequestEmail, type ReturnEmailInput } from './return-email.js';
import { line, order, shop } from './email-test-fixtures.js';

const input: ReturnEmailInput = {
  order: { ...order, promo: { code: 'WELCOME10' } },
  pieces: [{ index: 1, quantity: 1 }],
  refund: { subtotalCents: 62_00, discountCents: 6_20, taxCents: 4_95, totalRefundCents: 60_75 },
  international: false,
  returnAddress: ['Murashki Returns', '1 Test Lane', 'Brooklyn, NY 11201'],
};

describe('returnRequestEmail', () => {
  it('confirms the request with the returned pieces, the refund and the shipping instructions, in both parts', () => {
    const { subject, html, text } = returnRequestEmail(input, shop);
    expect(subject).toBe('Your return for Murashki order #5550001234');
    for (const part of [html, text]) {
      expect(part).toContain('We received your return request');
      expect(part).toContain('Dear Zoë');
      expect(part).toContain('Put a note with your order number #5550001234 inside the parcel');
      expect(part).toContain('1 Test Lane');
      expect(part).toContain('Discount (WELCOME10)');
      expect(part).toContain('−$6.20');
      expect(part).toContain('$4.95');
      expect(part).toContain('$60.75');
      expect(part).toContain('Shipping is not refunded');
      // The owner picks store credit or the original payment when refunding: the email promises neither.
      expect(part).toContain('as store credit or to your original payment');
      expect(part).not.toContain('refund your original payment method');
      expect(part).not.toContain('customs');
      expect(part).toMatch(/Qty: 1\b/);
    }
    // Only the pieces of this request.
    expect(html).toContain('High-Waist Silk Brief');
    expect(html).not.toContain('Silk Bra<');
    expect(text).toMatch(/Your refund:\s+\$60\.75/);
    expect(text).toContain('Returns to:');
  });

  it('adds the customs steps for an international order, and leaves out a zero tax or discount', () => {
    const { html, text } = returnRequestEmail(
      {
        ...input,
        international: true,
        order: { ...input.order, promo: null },
        refund: { subtotalCents: 62_00, discountCents: 0, taxCents: 0, totalRefundCents: 62_00 },
      },
      shop,
    );
    for (const part of [html, text]) {
      expect(part).toContain('International returns to');
      expect(part).toContain('customs form');
      expect(part).toContain('Return postage and any duties are yours to pay');
      expect(part).not.toContain('Discount');
      expect(part).not.toMatch(/\bTax\b/);
    }
  });

  it('a US order with its prepaid label: the print link in both parts, postage on us, no tracked-service step', () => {
    const url = 'https://murashki.shop/return-label/k3y.pdf';
    const { html, text } = returnRequestEmail({ ...input, label: { url, ready: true } }, shop);
    expect(html).toContain(`href="${url}"`);
    expect(text).toContain(`Print your return label: ${url}`);
    for (const part of [html, text]) {
      expect(part).toContain('Print your prepaid return label');
      expect(part).toContain('Return postage is on us');
      expect(part).not.toContain('with a tracked service');
    }
  });

  it('a US order whose label could not be bought yet: says it follows at the same link, and how to ask for it', () => {
    const url = 'https://murashki.shop/return-label/k3y.pdf';
    const { html, text } = returnRequestEmail({ ...input, label: { url, ready: false } }, shop);
    expect(html).toContain(`href="${url}"`);
    for (const part of [html, text]) {
      expect(part).toContain('Your prepaid return label could not be made just now');
      expect(part).toContain(`write to us at ${shop.supportEmail}`);
    }
  });

  it('escapes what people typed', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const { html } = returnRequestEmail(
      {
        ...input,
        order: { ...input.order, firstName: evil, lines: [line(evil, 100), line(evil, 100)] },
        returnAddress: [evil],
      },
      shop,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
