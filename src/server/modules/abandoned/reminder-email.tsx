// The checkout reminder (issue 28 #4): sent once, to a shopper who asked for it at the contact step,
// when their checkout was left half-way. It shows the bag, a button that brings the bag back on any
// device (a signed link), and a way to stop these reminders (the footer and List-Unsubscribe).
import { formatPrice } from '../../../domain/money.js';
import type { OrderLine } from '../../db/schema.js';
import { baseUrl, EmailFrame, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import {
  Button,
  LinesTable,
  lineText,
  Paragraph,
  SectionHeading,
  Spacer,
  TextLink,
  Title,
} from '../orders/email-parts.js';

export type ReminderLinks = {
  /** /restore-bag?t=…: the bag back in this browser's bag. */
  bagUrl: string;
  /** /stop-reminders?t=…: the page that stops reminders. */
  stopUrl: string;
  /** POST /stopReminders/…: the one-click address (RFC 8058). */
  oneClickUrl: string;
};

export function reminderEmail(
  shop: ShopContact,
  bag: { firstName: string; lines: OrderLine[] },
  links: ReminderLinks,
): { subject: string; html: string; text: string; listUnsubscribe: string } {
  const home = baseUrl(shop.publicUrl);
  const subject = `Your ${shop.name} bag is waiting`;
  const heading = 'You left something in your bag';
  const firstName = bag.firstName.trim();
  const intro = 'you asked us to remind you if you did not finish your order. Your pieces are still here.';
  const valueCents = bag.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const stopText =
    'You get this one reminder because you ticked the box at checkout. We will not send another for this bag.';

  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={`${bag.lines.length === 1 ? 'One piece' : `${bag.lines.length} pieces`} · ${formatPrice(valueCents)}`}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
      unsubscribeUrl={links.stopUrl}
    >
      <Title>{heading}</Title>
      <Paragraph>
        {firstName ? `Dear ${firstName}, ` : ''}
        {intro}
      </Paragraph>
      <Button label="Return to your bag" href={links.bagUrl} />
      <Paragraph muted>
        The button brings your bag back on any device, phone or computer. Prices and stock are checked again when you
        order.
      </Paragraph>
      <Spacer px={8} />
      <SectionHeading>In your bag</SectionHeading>
      <LinesTable lines={bag.lines.map((line) => ({ line, quantity: line.quantity }))} home={home} />
      <Spacer px={20} />
      <Paragraph muted>
        {stopText} <TextLink href={links.stopUrl}>Stop checkout reminders</TextLink>
      </Paragraph>
    </EmailFrame>,
  );

  const text = textLayout({
    title: heading,
    bodyText: [
      `${firstName ? `Dear ${firstName}, ` : ''}${intro}`,
      '',
      `Return to your bag: ${links.bagUrl}`,
      '',
      'IN YOUR BAG',
      ...bag.lines.flatMap((line) => ['', ...lineText(line, line.quantity)]),
      '',
      stopText,
      `Stop checkout reminders: ${links.stopUrl}`,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
    unsubscribeUrl: links.stopUrl,
  });
  return { subject, html, text, listUnsubscribe: links.oneClickUrl };
}
