// To the shop's owners: a shopper disputed an order's payment with Stripe or PayPal, or a dispute
// closed. Transactional, no unsubscribe link; React escapes every value.
import { formatMoney } from '../../../domain/money.js';
import type { ProviderDispute } from '../../db/schema.js';
import { baseUrl, EmailFrame, type ShopContact, textLayout } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Button, Eyebrow, Paragraph, Title } from '../orders/email-parts.js';

export type DisputeEmailInput = {
  orderId: number;
  provider: 'Stripe' | 'PayPal';
  dispute: ProviderDispute;
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const OUTCOME_WORDS = {
  won: 'It was decided in the shop’s favour: the money stays with the shop.',
  lost: 'It was decided in the shopper’s favour: the money went back to them.',
  closed: 'It closed without a decision for either side (for example, the shopper withdrew it).',
} as const;

export function disputeEmail(shop: ShopContact, { orderId, provider, dispute }: DisputeEmailInput) {
  const amount = formatMoney(dispute.amountCents);
  const subject = dispute.open
    ? `Order #${orderId}: the payment is disputed at ${provider}`
    : `Order #${orderId}: the ${provider} dispute is closed`;
  const lines = dispute.open
    ? [
        `A shopper disputed the payment of order #${orderId} with ${provider}: ${amount}, reason “${dispute.reason}”.`,
        dispute.dueBy
          ? `Answer it in ${provider}’s dashboard by ${day(dispute.dueBy)}, with the order’s tracking and any messages; without an answer the shopper wins it.`
          : `Answer it in ${provider}’s dashboard with the order’s tracking and any messages; without an answer the shopper wins it.`,
        'The order is marked as disputed in the back office.',
      ]
    : [
        `The dispute of ${amount} on order #${orderId} (reason “${dispute.reason}”) is closed at ${provider}.`,
        OUTCOME_WORDS[dispute.outcome ?? 'closed'],
      ];
  const url = `${baseUrl(shop.publicUrl)}/admin?tab=orders`;
  const frame = { publicUrl: shop.publicUrl, supportEmail: shop.supportEmail, shopName: shop.name };
  return {
    subject,
    html: renderEmail(
      <EmailFrame {...frame} title={subject} preheader={lines[0] ?? subject}>
        <Eyebrow>Payment dispute</Eyebrow>
        <Title>{subject}</Title>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Button label="Open the orders" href={url} />
      </EmailFrame>,
    ),
    text: textLayout({ ...frame, title: subject, bodyText: [...lines, '', `Open the orders: ${url}`].join('\n') }),
  };
}
