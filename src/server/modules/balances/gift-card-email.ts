// The email that brings a gift card to its recipient on the day the buyer chose: who it is from, their
// message, the amount and code, and how to spend it. Every value typed by the buyer is escaped.
import { formatPrice } from '../../../domain/money.js';
import {
  baseUrl,
  codeLine,
  emailLayout,
  emailTheme as t,
  escapeHtml,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';
import { button, eyebrow, panel, paragraph, title } from '../orders/email-parts.js';

export type GiftCardMail = {
  amountCents: number;
  code: string;
  recipientName: string;
  senderName: string;
  message: string;
};

export const giftCardTerms = (amountCents: number) =>
  `The code holds ${formatPrice(amountCents)}. Enter it in the Gift Card or Promo box at checkout: it pays your order after tax and shipping, and whatever an order does not use stays on it for the next. It does not expire.`;

export function giftCardEmail(card: GiftCardMail, shop: ShopContact): { subject: string; html: string; text: string } {
  const amount = formatPrice(card.amountCents);
  const from = card.senderName.trim() || 'Someone who thinks of you';
  const dear = card.recipientName.trim() ? `Dear ${card.recipientName.trim()}, ` : '';
  const subject = `${from} sent you a ${amount} Murashki gift card`;
  const intro = `${dear}${from} sent you a Murashki gift card of ${amount}.`;
  const message = card.message.trim();
  const shopUrl = `${baseUrl(shop.publicUrl)}/collections`;
  const bodyHtml = `${eyebrow('A gift card for you')}
${title(`${amount} to spend at Murashki`)}
${paragraph(escapeHtml(intro))}
${message ? `<p style="margin:0 0 24px;padding:0 0 0 16px;border-left:2px solid ${t.accent};font-family:${t.serif};font-size:19px;line-height:27px;font-style:italic;white-space:pre-line;">${escapeHtml(message)}</p>` : ''}
${panel(`<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${t.inkSoft};">Your gift card code</p>
${codeLine(card.code)}
<p style="margin:0;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(giftCardTerms(card.amountCents))}</p>`)}
${button('Shop the collection', shopUrl)}`;
  const html = emailLayout({
    title: subject,
    preheader: intro,
    bodyHtml,
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  const text = textLayout({
    title: `${amount} to spend at Murashki`,
    bodyText: [
      intro,
      ...(message ? ['', `“${message}”`] : []),
      '',
      `YOUR GIFT CARD CODE: ${card.code}`,
      giftCardTerms(card.amountCents),
      '',
      `Shop the collection: ${shopUrl}`,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  return { subject, html, text };
}
