import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../db/schema.js';
import { trackingEmail } from './tracking-email.js';

const shop = { name: 'Murashki', publicUrl: 'https://murashki.example/', supportEmail: 'care@murashki.example' };
const line: OrderLine = {
  itemId: 'b'.repeat(24),
  title: 'silk balconette bra',
  url: 'silk-balconette-bra',
  productType: 'set',
  productName: 'Bra + Brief Set',
  color: 'Champagne',
  size: 'S',
  quantity: 2,
  unitPriceCents: 152_00,
  picture: '/uploads/demo/bra.jpg',
};
const order = {
  id: 4_821_559_031,
  lines: [line],
  shippingInfo: {
    firstName: 'Anna',
    lastName: 'Petrova',
    address: '12 Orchard Street',
    city: 'New York',
    state: 'NY',
    zip: '10002',
    country: 'US',
  },
};
const tracking = { trackingNumber: '1Z 999 AA1', trackingUrl: 'https://carrier.example/track?n=1Z&lang=en' };

describe('trackingEmail', () => {
  it('tells the shopper the order is on its way, with the tracking number and link in both parts', () => {
    const { subject, html, text } = trackingEmail(order, tracking, shop, { updated: false });
    expect(subject).toBe('Your Murashki order #4821559031 is on its way');
    for (const part of [html, text]) {
      expect(part).toContain('Your order is on its way');
      expect(part).toContain('1Z 999 AA1');
      expect(part).toContain('Dear Anna');
      expect(part).toContain('Bra + Brief Set');
      expect(part).toMatch(/Qty: 2\b/);
      expect(part).toContain('$304');
      expect(part).toContain('12 Orchard Street');
      expect(part).toContain('https://murashki.example/return-form?orderId=4821559031');
    }
    expect(html).toContain('href="https://carrier.example/track?n=1Z&amp;lang=en"');
    expect(html).toContain('>Track your parcel</a>');
    expect(html).toContain('src="https://murashki.example/uploads/demo/bra-preview.jpg"');
    expect(text).toContain('Track your parcel: https://carrier.example/track?n=1Z&lang=en');
    expect(text).toContain('Silk Balconette Bra — $304');
  });

  it('says the tracking changed when it is an update', () => {
    const { subject, html, text } = trackingEmail(order, tracking, shop, { updated: true });
    expect(subject).toBe('New tracking for your Murashki order #4821559031');
    for (const part of [html, text]) expect(part).toContain('Your tracking has changed');
  });

  it('escapes what people typed, and never links anything but http(s)', () => {
    const evil = '<script>alert(1)</script>';
    const { html, text } = trackingEmail(
      {
        ...order,
        shippingInfo: { ...order.shippingInfo, firstName: evil },
        lines: [{ ...line, title: evil, color: evil }],
      },
      { trackingNumber: evil, trackingUrl: 'javascript:alert(1)' },
      shop,
      { updated: false },
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain(evil);
  });
});
