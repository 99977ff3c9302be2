import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../db/schema.js';
import { renderEmail } from '../../email/render.js';
import { LinesTable } from './email-parts.js';

const card: OrderLine = {
  itemId: 'g'.repeat(24),
  title: 'Gift card',
  url: '',
  productType: 'gift card',
  productName: 'Gift Card',
  color: '',
  size: '',
  quantity: 1,
  unitPriceCents: 100_00,
  picture: null,
  giftCard: {
    amountCents: 100_00,
    recipientName: 'Anna',
    recipientEmail: 'anna@example.com',
    senderName: 'Ada',
    message: '',
    sendOn: '2026-12-03',
  },
};

describe('an order line in an email', () => {
  it('lets a gift card’s sentence wrap, so the email fits a 390 px phone', () => {
    const html = renderEmail(<LinesTable lines={[{ line: card, quantity: 1 }]} home="https://murashki.example" />);
    expect(html).toContain('A $100 gift card for Anna, sent on 3 Dec');
    expect(html).not.toMatch(/white-space:nowrap">A \$100 gift card/);
    expect(html).toContain('href="https://murashki.example/gift-card"');
  });
});
