// The email that closes a return: the store credit code (single use, for the refund amount), or the
// notice that the refund went back to the card or PayPal account the order was paid with.
import { formatPrice } from '../../../domain/money.js';
import type { OrderLine } from '../../db/schema.js';
import { baseUrl, codeLine, emailLayout, emailTheme as t, escapeHref, escapeHtml, textLayout, type ShopContact } from '../../email/layout.js';
import { button, eyebrow, lineRowHtml, linesTable, lineText, panel, paragraph, sectionHeading, spacer, title } from '../orders/email-parts.js';

export type RefundEmailInput = {
  order: { id: number; firstName: string; lines: OrderLine[] };
  pieces: { index: number; quantity: number }[];
  refundCents: number;
} & ({ method: 'store_credit'; giftCode: string } | { method: 'original_payment'; paidWith: string });

export const storeCreditTerms = (refundCents: number) =>
  `${formatPrice(refundCents)} off one order, with this email address at checkout. It does not expire; any amount left over on that order is not kept.`;

export function refundEmail(input: RefundEmailInput, shop: ShopContact): { subject: string; html: string; text: string } {
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
  const subject = credit ? `Your Murashki store credit of ${amount}` : `Your refund of ${amount} for order #${order.id}`;
  const heading = credit ? 'Your store credit' : 'Your refund is on its way';
  const intro = credit
    ? `your return of order #${order.id} arrived and has been checked. Here is your store credit of ${amount}: enter the code in the Gift Card or Promo box at checkout.`
    : `your return of order #${order.id} arrived and has been checked. We have refunded ${amount} to ${input.method === 'original_payment' ? input.paidWith : ''}. Depending on your bank it shows on your statement within 5 to 10 business days.`;

  const codeHtml =
    input.method === 'store_credit'
      ? panel(`<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${t.inkSoft};">Your code</p>
${codeLine(input.giftCode)}
<p style="margin:0;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(storeCreditTerms(refundCents))}</p>`)
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

  const html = emailLayout({ title: subject, preheader: intro, bodyHtml, publicUrl: shop.publicUrl, supportEmail: shop.supportEmail });
  const text = textLayout({
    title: heading,
    bodyText: [
      dear + intro,
      ...(input.method === 'store_credit' ? ['', `YOUR CODE: ${input.giftCode}`, storeCreditTerms(refundCents), '', `Shop the collection: ${home}/collections`] : []),
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
