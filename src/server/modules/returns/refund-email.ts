// The email that closes a return: the store credit code and the balance it now holds, or the notice
// that the refund went back to the card or PayPal account the order was paid with (and to the gift
// card or store credit that paid the rest of it).
import { formatPrice } from '../../../domain/money.js';
import type { OrderLine } from '../../db/schema.js';
import {
  baseUrl,
  codeLine,
  emailLayout,
  emailTheme as t,
  escapeHref,
  escapeHtml,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';
import {
  button,
  eyebrow,
  lineRowHtml,
  linesTable,
  lineText,
  panel,
  paragraph,
  sectionHeading,
  spacer,
  title,
} from '../orders/email-parts.js';

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
    ? `Your Murashki store credit of ${amount}`
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

  const codeHtml =
    input.method === 'store_credit'
      ? panel(`<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${t.inkSoft};">Your code</p>
${codeLine(input.giftCode)}
<p style="margin:0;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(storeCreditTerms(input.balanceCents))}</p>`)
      : '';
  const bodyHtml = `${eyebrow(`Order #${order.id} · Return`)}
${title(heading)}
${paragraph(escapeHtml(dear + intro))}
${codeHtml}
${credit ? button('Shop the collection', `${home}/collections`) : ''}
${spacer(4)}
${sectionHeading('You returned')}
${linesTable(returned.map(({ line, quantity }) => lineRowHtml(line, quantity, home)).join('\n'))}
${paragraph(`<strong style="font-weight:600;">${credit ? 'Store credit' : 'Refunded'}: ${escapeHtml(amount)}</strong>`)}
${paragraph(`Questions? Write to us at <a href="${escapeHref(`mailto:${shop.supportEmail}`)}" style="color:${t.accent};">${escapeHtml(shop.supportEmail)}</a> with your order number.`, true)}`;

  const html = emailLayout({
    title: subject,
    preheader: intro,
    bodyHtml,
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
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
  });
  return { subject, html, text };
}
