import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../db/schema.js';
import { signLink } from '../../http/signed-link.js';
import { readReviewLink, REVIEW_LINK_DAYS, reviewInviter, signReviewLink } from './review-links.js';

const SECRET = 'a-secret-of-the-shop-for-tests-only';
const now = new Date('2026-11-01T10:00:00Z');
const ITEM = 'a'.repeat(24);
const line = (itemId: string, title: string, extra: Partial<OrderLine> = {}): OrderLine => ({
  itemId,
  title,
  url: title.toLowerCase(),
  productType: 'bra',
  productName: 'Bra',
  color: 'black',
  size: 'M',
  quantity: 1,
  unitPriceCents: 5000,
  picture: null,
  ...extra,
});

describe('review links', () => {
  it('name the order and the item they were signed for', () => {
    const token = signReviewLink(SECRET, { orderId: 4821559031, itemId: ITEM }, now);
    expect(readReviewLink(SECRET, token, now)).toEqual({ orderId: 4821559031, itemId: ITEM });
  });

  it('are refused once expired, under another secret, or signed for another purpose', () => {
    const token = signReviewLink(SECRET, { orderId: 1234567890, itemId: ITEM }, now);
    const later = new Date(now.getTime() + (REVIEW_LINK_DAYS + 1) * 86_400_000);
    expect(readReviewLink(SECRET, token, later)).toBeNull();
    expect(readReviewLink('another-secret', token, now)).toBeNull();
    const statusLink = signLink(SECRET, 'order-status', `1234567890|${ITEM}`, later);
    expect(readReviewLink(SECRET, statusLink, now)).toBeNull();
  });

  it('invite once per item of an order, and never for a gift card', () => {
    const invite = reviewInviter(SECRET, () => now);
    const gift = {
      amountCents: 5000,
      recipientName: 'A',
      recipientEmail: 'a@x.com',
      senderName: 'B',
      message: '',
      sendOn: '',
    };
    const invites = invite(
      {
        id: 1234567890,
        lines: [
          line(ITEM, 'Silk Bra'),
          line(ITEM, 'Silk Bra', { size: 'S' }),
          line('b'.repeat(24), 'Lace Brief'),
          line('c'.repeat(24), 'Gift card', { giftCard: gift }),
        ],
      },
      'https://shop.example.com',
    );
    expect(invites.map((i) => i.title)).toEqual(['Silk Bra', 'Lace Brief']);
    const token = new URL(invites[1]!.url).searchParams.get('t')!;
    expect(invites[1]!.url.startsWith('https://shop.example.com/review?t=')).toBe(true);
    expect(readReviewLink(SECRET, token, now)).toEqual({ orderId: 1234567890, itemId: 'b'.repeat(24) });
  });
});
