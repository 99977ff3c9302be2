// The email that brings a gift card to its recipient on the day the buyer chose: who it is from, their
// message, the amount and code, and how to spend it. Every value typed by the buyer is escaped by React.
import { formatPrice } from '../../../domain/money.js';
import { css } from '../../email/css.js';
import { baseUrl, CodeLine, EmailFrame, emailTheme as t, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import { Button, Eyebrow, Panel, PanelLabel, Paragraph, Terms, Title } from '../orders/email-parts.js';

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
  const subject = `${from} sent you a ${amount} ${shop.name} gift card`;
  const intro = `${dear}${from} sent you a ${shop.name} gift card of ${amount}.`;
  const message = card.message.trim();
  const shopUrl = `${baseUrl(shop.publicUrl)}/collections`;
  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={intro}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
    >
      <Eyebrow>A gift card for you</Eyebrow>
      <Title>
        {amount} to spend at {shop.name}
      </Title>
      <Paragraph>{intro}</Paragraph>
      {message ? (
        <p
          style={css(
            `margin:0 0 24px;padding:0 0 0 16px;border-left:2px solid ${t.accent};font-family:${t.serif};font-size:19px;line-height:27px;font-style:italic;white-space:pre-line;`,
          )}
        >
          {message}
        </p>
      ) : null}
      <Panel>
        <PanelLabel>Your gift card code</PanelLabel>
        <CodeLine code={card.code} />
        <Terms>{giftCardTerms(card.amountCents)}</Terms>
      </Panel>
      <Button label="Shop the collection" href={shopUrl} />
    </EmailFrame>,
  );
  const text = textLayout({
    title: `${amount} to spend at ${shop.name}`,
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
    shopName: shop.name,
    social: shop.social,
  });
  return { subject, html, text };
}
