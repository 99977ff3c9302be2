// Every email escapes what people type, by construction (React prints text and attributes escaped):
// a hostile value in each of an email's inputs comes out as text in the HTML, never as markup, and
// as typed in the plain-text part.
import { describe, expect, it } from 'vitest';
import { executableMarkup, startTags } from '../../../tests/support/html-scan.js';
import type { OrderLine, orders } from '../db/schema.js';
import { backInStockEmail } from '../modules/admin-catalog/back-in-stock-email.js';
import { giftCardEmail } from '../modules/balances/gift-card-email.js';
import { orderConfirmationEmail } from '../modules/checkout/order-email.js';
import {
  referralGiftEmail,
  referralRewardEmail,
  welcomeBackEmail,
  welcomeEmail,
  welcomeOrderedBeforeEmail,
} from '../modules/marketing/marketing-emails.js';
import { newsletterEmail } from '../modules/newsletters/newsletter-email.js';
import { trackingEmail } from '../modules/orders/tracking-email.js';
import { refundEmail } from '../modules/returns/refund-email.js';
import { returnRequestEmail } from '../modules/returns/return-email.js';

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(2)>';
const QUOTE = "'><svg onload=alert(3)>";
const HOSTILE = `${SCRIPT} ${BREAKOUT} ${QUOTE}`;
const ESCAPED = [
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
  '&#39;&gt;&lt;svg onload=alert(3)&gt;',
];

const shop = { name: 'Murashki', publicUrl: 'https://murashki.example', supportEmail: 'care@murashki.example' };

/** The HTML holds the hostile value only as text: nothing that runs, no tag it brought, its escaped form. */
function expectEscaped(email: { html: string; text: string }, options: { inText?: boolean } = {}) {
  expect(executableMarkup(email.html)).toEqual([]);
  const tags = new Set(startTags(email.html).map((tag) => tag.name));
  for (const name of ['script', 'svg']) expect(tags.has(name), `<${name}> in the HTML`).toBe(false);
  expect(email.html).not.toMatch(/<img src=x/i);
  for (const escaped of ESCAPED) expect(email.html).toContain(escaped);
  // The plain-text part is not HTML: the value as typed.
  if (options.inText !== false) expect(email.text).toContain(HOSTILE);
}

const line: OrderLine = {
  itemId: 'b'.repeat(24),
  title: HOSTILE,
  url: HOSTILE,
  productType: HOSTILE,
  productName: HOSTILE,
  color: HOSTILE,
  size: HOSTILE,
  quantity: 2,
  unitPriceCents: 68_00,
  picture: `/uploads/${HOSTILE}.jpg`,
};
const address = {
  firstName: HOSTILE,
  lastName: HOSTILE,
  address: HOSTILE,
  address2: HOSTILE,
  email: 'anna@example.com',
  city: HOSTILE,
  state: HOSTILE,
  zip: HOSTILE,
  phone: HOSTILE,
  country: HOSTILE,
};
const order = {
  id: 100482,
  checkoutKey: 'ck',
  cartId: 'a'.repeat(24),
  lines: [line],
  email: 'anna@example.com',
  shippingInfo: address,
  billingInfo: null,
  shippingType: HOSTILE,
  promo: { code: HOSTILE, type: 'dollarAmount', discount: 1 },
  subtotalCents: 136_00,
  discountCents: 1_00,
  shippingCents: 0,
  taxCents: 0,
  totalCents: 135_00,
  balanceCents: 10_00,
  balanceCode: HOSTILE,
  paymentProvider: 'stripe',
  paymentReference: 'pi',
  paymentMethodDetails: { paymentMethod: 'card', detail: HOSTILE },
  pendingCaptureId: null,
  processed: false,
  trackingNumber: null,
  trackingUrl: null,
  labelUrl: null,
  shippedAt: null,
  returnRequest: null,
  createdAt: new Date('2026-11-26T12:00:00Z'),
} satisfies typeof orders.$inferSelect;

describe('a hostile value in every input of every email comes out escaped', () => {
  it('order confirmation: names, address, lines, shipping method, promo and balance codes, payment', () => {
    expectEscaped(orderConfirmationEmail(order, shop, HOSTILE, { remainingCents: 5_00 }));
  });

  it('shipped and new tracking: the tracking number and a hostile tracking link', () => {
    for (const updated of [false, true]) {
      const email = trackingEmail(order, { trackingNumber: HOSTILE, trackingUrl: 'javascript:alert(1)' }, shop, {
        updated,
      });
      expectEscaped(email);
      expect(email.html).not.toContain('href="javascript:');
      const quoted = trackingEmail(
        order,
        { trackingNumber: '1Z', trackingUrl: `https://c.example/?q=${BREAKOUT}` },
        shop,
        {
          updated,
        },
      );
      expect(quoted.html).toContain('href="https://c.example/?q=&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"');
      expect(executableMarkup(quoted.html)).toEqual([]);
    }
  });

  it('return requested: name, lines, promo code, return address, label link', () => {
    for (const international of [false, true]) {
      const email = returnRequestEmail(
        {
          order: { id: 100482, firstName: HOSTILE, lines: [line], promo: { code: HOSTILE } },
          pieces: [{ index: 0, quantity: 1 }],
          refund: { subtotalCents: 68_00, discountCents: 1_00, taxCents: 0, totalRefundCents: 67_00 },
          international,
          returnAddress: [HOSTILE],
          label: { url: `https://murashki.example/return-label/${BREAKOUT}`, ready: false },
        },
        { ...shop, supportEmail: `care+${HOSTILE}@murashki.example` },
      );
      expectEscaped(email);
    }
  });

  it('refund: store credit code, and where the money went', () => {
    const base = { order: { id: 100482, firstName: HOSTILE, lines: [line] }, pieces: [{ index: 0, quantity: 1 }] };
    expectEscaped(
      refundEmail(
        { ...base, refundCents: 68_00, method: 'store_credit', giftCode: HOSTILE, balanceCents: 68_00 },
        shop,
      ),
    );
    expectEscaped(
      refundEmail(
        {
          ...base,
          refundCents: 68_00,
          method: 'original_payment',
          paidWith: HOSTILE,
          toBalance: { code: HOSTILE, amountCents: 10_00, balanceCents: 10_00 },
        },
        shop,
      ),
    );
  });

  it('gift card: recipient, sender, message and code', () => {
    expectEscaped(
      giftCardEmail(
        { amountCents: 100_00, code: HOSTILE, recipientName: HOSTILE, senderName: HOSTILE, message: HOSTILE },
        shop,
      ),
    );
  });

  it('back in stock: title, product, colour, size and picture', () => {
    expectEscaped(
      backInStockEmail(
        {
          title: HOSTILE,
          url: HOSTILE,
          productName: HOSTILE,
          color: HOSTILE,
          size: HOSTILE,
          priceCents: 74_50,
          picture: `/uploads/${HOSTILE}.jpg`,
        },
        'a'.repeat(24),
        shop,
      ),
    );
  });

  it('newsletter: the subject (the markdown body is sanitised, tests/api/xss.test.ts)', () => {
    const email = newsletterEmail({ subject: HOSTILE, emailContent: 'Hello' }, shop)('s'.repeat(24));
    expectEscaped(email);
  });

  it('marketing: codes and the sender of a referral', () => {
    const id = 'u'.repeat(24);
    expectEscaped(welcomeEmail(shop, id, HOSTILE));
    expectEscaped(welcomeBackEmail(shop, id, HOSTILE));
    expectEscaped(referralGiftEmail(shop, id, HOSTILE, HOSTILE));
    expectEscaped(referralRewardEmail(shop, id, HOSTILE));
    // No typed input: the shop's contact is the only value.
    const hostileShop = { name: HOSTILE, publicUrl: `https://murashki.example/${BREAKOUT}`, supportEmail: HOSTILE };
    expectEscaped(welcomeOrderedBeforeEmail(hostileShop, id));
  });
});
