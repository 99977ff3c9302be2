import { describe, expect, it } from 'vitest';
import type { orders } from '../../db/schema.js';
import { emailLayout, escapeHtml, textLayout } from '../../email/layout.js';
import { orderConfirmationEmail, paymentText } from './order-email.js';

type Order = typeof orders.$inferSelect;

const shop = { name: 'Murashki', publicUrl: 'https://murashki.example/', supportEmail: 'care@murashki.example' };

function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 100482,
    checkoutKey: 'ck_test',
    cartId: 'a'.repeat(24),
    lines: [
      {
        itemId: 'b'.repeat(24),
        title: 'Céleste balconette',
        url: 'celeste-balconette',
        productType: 'bra',
        productName: 'Balconette Bra',
        color: 'Rosewood',
        size: '34C',
        quantity: 1,
        unitPriceCents: 68_00,
        picture: '/uploads/demo/celeste.jpg',
      },
      {
        itemId: 'c'.repeat(24),
        title: 'Silk high-waist brief',
        url: 'silk-brief',
        productType: 'brief',
        productName: 'High-Waist Brief',
        color: 'Ivory',
        size: 'M',
        quantity: 2,
        unitPriceCents: 15_00,
        picture: null,
      },
    ],
    email: 'anna@example.com',
    shippingInfo: {
      firstName: 'Anna',
      lastName: 'Petrova',
      address: '12 Orchard Street',
      address2: 'Apt 4B',
      email: 'anna@example.com',
      city: 'New York',
      state: 'NY',
      zip: '10002',
      phone: '2125550100',
      country: 'United States',
    },
    billingInfo: null,
    shippingType: 'Standard (3-5 business days)',
    promo: null,
    subtotalCents: 98_00,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 8_25,
    totalCents: 106_25,
    balanceCents: 0,
    balanceCode: null,
    paymentProvider: 'stripe',
    paymentReference: 'pi_123',
    paymentMethodDetails: { paymentMethod: 'card', detail: 'Visa ending in 4242' },
    pendingCaptureId: null,
    processed: false,
    trackingNumber: null,
    trackingUrl: null,
    labelUrl: null,
    shippedAt: null,
    returnRequest: null,
    createdAt: new Date('2025-05-01T12:00:00Z'),
    ...overrides,
  };
}

describe('orderConfirmationEmail', () => {
  const { subject, html, text } = orderConfirmationEmail(makeOrder(), shop);

  it('names the order in the subject', () => {
    expect(subject).toBe('Your Murashki order #100482');
  });

  it('thanks the shopper and gives the order number in both parts', () => {
    for (const part of [html, text]) {
      expect(part).toContain('Thank you for your order!');
      expect(part).toContain('#100482');
    }
  });

  it('lists every line with product, colour, size, quantity and line price', () => {
    for (const part of [html, text]) {
      // The text part capitalises titles as the storefront shows them; the HTML does it in CSS.
      expect(part.toLowerCase()).toContain('céleste balconette');
      expect(part.toLowerCase()).toContain('silk high-waist brief');
      expect(part).toContain('Balconette Bra');
      expect(part).toContain('Rosewood');
      expect(part).toContain('34C');
      expect(part).toMatch(/Size: M\b/);
      expect(part).toMatch(/Qty: 2\b/);
      expect(part).toContain('$68');
      expect(part).toContain('$30'); // 2 × $15
    }
  });

  it('shows the totals formatted like the shop, with free shipping at 0', () => {
    for (const part of [html, text]) {
      expect(part).toContain('$98');
      expect(part).toContain('$8.25');
      expect(part).toContain('$106.25');
      expect(part).toMatch(/Shipping[^$]*?Free/);
      expect(part).not.toContain('Discount');
    }
    expect(html).toContain('>Céleste balconette</a>');
    expect(text).toContain('Céleste Balconette — $68');
    expect(text).toMatch(/Subtotal:\s+\$98\n/);
    expect(text).toMatch(/Total:\s+\$106\.25\n/);
  });

  it('shows the address, shipping method, payment detail, return link and support email', () => {
    for (const part of [html, text]) {
      for (const s of ['Anna Petrova', '12 Orchard Street', 'Apt 4B', 'New York, NY 10002', 'United States']) {
        expect(part).toContain(s);
      }
      expect(part).toContain('Standard (3-5 business days)');
      expect(part).toContain('Visa ending in 4242');
      expect(part).toContain('https://murashki.example/return-form?orderId=100482');
      expect(part).toContain('care@murashki.example');
    }
    expect(html).toContain('href="https://murashki.example/return-form?orderId=100482"');
    expect(html).toContain('href="mailto:care@murashki.example"');
    expect(html).toContain('src="https://murashki.example/uploads/demo/celeste-preview.jpg"');
  });

  it('names the shipping method as the checkout described it, not its stored key, and PayPal as PayPal', () => {
    const order = makeOrder({
      shippingType: 'standard',
      paymentMethodDetails: { paymentMethod: 'paypal', detail: 'paula@example.com' },
    });
    const mail = orderConfirmationEmail(order, shop, 'Standard (5–7 business days)');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Standard (5–7 business days)');
      expect(part).toContain('PayPal (paula@example.com)');
    }
    expect(mail.text).toContain('Shipping method: Standard (5–7 business days)');
    expect(mail.text).toContain('Payment: PayPal (paula@example.com)');
    expect(paymentText(makeOrder({ paymentMethodDetails: { paymentMethod: 'none', detail: '' } }))).toBe('');
  });

  it('shows the discount with its promo code, and a paid shipping fee', () => {
    const order = makeOrder({
      promo: { code: 'WELCOME20', type: 'dollarAmount', discount: 20 },
      subtotalCents: 98_00,
      discountCents: 20_00,
      shippingCents: 12_50,
      taxCents: 0,
      totalCents: 90_50,
      paymentMethodDetails: null,
    });
    const email = orderConfirmationEmail(order, shop);
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Discount (WELCOME20)');
      expect(part).toContain('−$20');
      expect(part).toContain('$12.50');
      expect(part).toContain('$90.50');
      expect(part).not.toContain('Free');
      expect(part).not.toContain('Payment');
    }
  });

  it('escapes everything typed by people, in names, addresses and titles', () => {
    const evil = '<script>alert(1)</script>';
    const base = makeOrder();
    const order = makeOrder({
      shippingInfo: {
        ...base.shippingInfo,
        firstName: evil,
        lastName: '"><img src=x onerror=alert(2)>',
        address: evil,
        city: `O'Hare & ${evil}`,
      },
      lines: base.lines.map((line) => ({ ...line, title: evil, color: evil, url: '"><script>x</script>' })),
      shippingType: evil,
      promo: { code: evil, type: 'dollarAmount', discount: 1 },
      discountCents: 1_00,
      paymentMethodDetails: { paymentMethod: 'card', detail: evil },
    });
    const { html, text } = orderConfirmationEmail(order, shop);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('O&#39;Hare &amp; &lt;script&gt;');
    // The plain-text part is not HTML: it carries the values as typed.
    expect(text).toContain(evil);
  });
});

describe('email layout', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('wraps the body in the branded frame, with an unsubscribe link only when given', () => {
    const base = {
      title: 'Hello <you>',
      preheader: 'Pre <header>',
      bodyHtml: '<p>Body</p>',
      publicUrl: 'https://murashki.example',
      supportEmail: 'care@murashki.example',
      shopName: 'Murashki',
    };
    const plain = emailLayout(base);
    expect(plain).toMatch(/^<!DOCTYPE html>/);
    expect(plain).toContain('<title>Hello &lt;you&gt;</title>');
    expect(plain).toContain('Pre &lt;header&gt;');
    expect(plain).toContain('<p>Body</p>');
    expect(plain).toContain('MURASHKI');
    expect(plain).toContain('max-width:600px');
    expect(plain).not.toContain('Unsubscribe');

    const marketing = emailLayout({ ...base, unsubscribeUrl: 'https://murashki.example/unsubscribe?t=a&b=1' });
    expect(marketing).toContain('href="https://murashki.example/unsubscribe?t=a&amp;b=1"');
    expect(marketing).toContain('>Unsubscribe</a>');
    expect(emailLayout({ ...base, unsubscribeUrl: 'javascript:alert(1)' })).not.toContain('javascript:');
  });

  it('frames the plain-text part the same way', () => {
    const text = textLayout({
      title: 'Hi',
      bodyText: 'Body',
      publicUrl: 'https://murashki.example/',
      supportEmail: 'care@murashki.example',
      shopName: 'Murashki',
      unsubscribeUrl: 'https://u.example',
    });
    expect(text).toContain('Body');
    expect(text).toContain('care@murashki.example');
    expect(text).toContain('https://murashki.example\n');
    expect(text).toContain('Unsubscribe: https://u.example');
  });
});

describe('orderConfirmationEmail paid partly from a balance', () => {
  it('shows what the gift card or store credit paid, what was charged and the balance left on the code', () => {
    const order = makeOrder({ balanceCents: 50_00, balanceCode: 'CREDIT-ABCD2345' });
    const { html, text } = orderConfirmationEmail(order, shop, undefined, { remainingCents: 250_00 });
    for (const part of [html, text]) {
      expect(part).toContain('Paid with gift card / store credit (CREDIT-ABCD2345)');
      expect(part).toContain('−$50');
      expect(part).toContain('Charged to your payment');
      expect(part).toContain('$56.25');
      expect(part).toContain('Balance left on CREDIT-ABCD2345');
      expect(part).toContain('$250');
    }
  });
});
