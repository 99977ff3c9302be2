// The email that closes a return: the store credit code and the balance it now holds, or the notice
// that the refund went back to the card or PayPal account the order was paid with (and to the gift
// card or store credit that paid the rest of it).
import { formatPrice } from '../../../domain/money.js';
import type { OrderLine } from '../../db/schema.js';
import { baseUrl, CodeLine, EmailFrame, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import {
  Button,
  Eyebrow,
  LinesTable,
  lineText,
  Panel,
  PanelLabel,
  Paragraph,
  SectionHeading,
  Spacer,
  SupportLink,
  Terms,
  Title,
} from '../orders/email-parts.js';
import { css } from '../../email/css.js';

export type RefundEmailInput = {
  order: { id: number; firstName: string; lines: OrderLine[] };
  pieces: { index: number; quantity: number }[];
  refundCents: number;
} & (
  | { method: 'store_credit'; giftCode: string; balanceCents: number }
  | {
      method: 'original_payment';
      paidWith: string;
      toBalance?: { code: string; amountCents: number; balanceCents: number } | undefined;
    }
);

/** A balance is spent like a payment, over as many orders as it takes. */
export const storeCreditTerms = (balanceCents: number) =>
  `This code now holds ${formatPrice(balanceCents)}. Enter it at checkout: it pays your order after tax and shipping, and whatever an order does not use stays on it for the next. It does not expire.`;

export function refundEmail(
  input: RefundEmailInput,
  shop: ShopContact,
): { subject: string; html: string; text: string } {
  const { order, refundCents } = input;
  const home = baseUrl(shop.publicUrl);
  const amount = formatPrice(refundCents);
  const firstName = order.firstName.trim();
  const dear = firstName ? `Dear ${firstName}, ` : '';
  const returned = input.pieces.flatMap(({ index, quantity }) => {
    const line = order.lines[index];
    return line ? [{ line, quantity }] : [];
  });
  const credit = input.method === 'store_credit';
  const subject = credit
    ? `Your ${shop.name} store credit of ${amount}`
    : `Your refund of ${amount} for order #${order.id}`;
  const heading = credit ? 'Your store credit' : 'Your refund is on its way';
  let intro: string;
  if (input.method === 'store_credit') {
    intro = `your return of order #${order.id} arrived and has been checked. We have added ${amount} of store credit to your code: enter it in the Gift Card or Promo box at checkout.`;
  } else {
    const back = input.toBalance;
    const toPayment = refundCents - (back?.amountCents ?? 0);
    const parts: string[] = [];
    if (toPayment > 0) parts.push(`${formatPrice(toPayment)} to ${input.paidWith}`);
    if (back)
      parts.push(
        `${formatPrice(back.amountCents)} back to the gift card or store credit ${back.code} you paid with (it now holds ${formatPrice(back.balanceCents)})`,
      );
    intro = `your return of order #${order.id} arrived and has been checked. We have refunded ${parts.join(', and ')}.${
      toPayment > 0 ? ' Depending on your bank it shows on your statement within 5 to 10 business days.' : ''
    }`;
  }

  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={intro}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
    >
      <Eyebrow>Order #{order.id} · Return</Eyebrow>
      <Title>{heading}</Title>
      <Paragraph>{dear + intro}</Paragraph>
      {input.method === 'store_credit' ? (
        <Panel>
          <PanelLabel>Your code</PanelLabel>
          <CodeLine code={input.giftCode} />
          <Terms>{storeCreditTerms(input.balanceCents)}</Terms>
        </Panel>
      ) : null}
      {credit ? <Button label="Shop the collection" href={`${home}/collections`} /> : null}
      <Spacer px={4} />
      <SectionHeading>You returned</SectionHeading>
      <LinesTable lines={returned} home={home} />
      <Paragraph>
        <strong style={css('font-weight:600;')}>
          {credit ? 'Store credit' : 'Refunded'}: {amount}
        </strong>
      </Paragraph>
      <Paragraph muted>
        Questions? Write to us at <SupportLink email={shop.supportEmail} /> with your order number.
      </Paragraph>
    </EmailFrame>,
  );
  const text = textLayout({
    title: heading,
    bodyText: [
      dear + intro,
      ...(input.method === 'store_credit'
        ? [
            '',
            `YOUR CODE: ${input.giftCode}`,
            storeCreditTerms(input.balanceCents),
            '',
            `Shop the collection: ${home}/collections`,
          ]
        : []),
      '',
      'YOU RETURNED',
      ...returned.flatMap(({ line, quantity }) => ['', ...lineText(line, quantity)]),
      '',
      `${credit ? 'Store credit' : 'Refunded'}: ${amount}`,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
  });
  return { subject, html, text };
}
