// What the returns emails' tests share: the shop, an order line and the order (two pieces, one of
// them twice) that the return and the refund are of.
import type { OrderLine } from '../../db/schema.js';

export const shop = { name: 'Murashki', publicUrl: 'https://murashki.example', supportEmail: 'care@murashki.example' };

export const line = (title: string, unitPriceCents: number, quantity = 1): OrderLine => ({
  itemId: 'c'.repeat(24),
  title,
  url: title.toLowerCase().replace(/ /g, '-'),
  productType: 'brief',
  productName: 'Brief',
  color: 'Ivory',
  size: 'M',
  quantity,
  unitPriceCents,
  picture: null,
});

/** Order #5550001234 of Zoë: a Silk Bra ($98) and two High-Waist Silk Briefs ($62 each). */
export const order = {
  id: 5_550_001_234,
  firstName: 'Zoë',
  lines: [line('Silk Bra', 98_00), line('High-Waist Silk Brief', 62_00, 2)],
};
