// The "on its way" email (spec §4: an order becomes processed once it has tracking): the carrier's
// tracking number and link, what is in the parcel, where it goes, and how to start a return.
import type { orders } from '../../db/schema.js';
import { css } from '../../email/css.js';
import { baseUrl, EmailFrame, emailTheme as t, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import {
  addressLines,
  Button,
  Eyebrow,
  Lines,
  LinesTable,
  lineText,
  Panel,
  PanelLabel,
  Paragraph,
  SectionHeading,
  Spacer,
  SupportLink,
  TextLink,
  Title,
} from './email-parts.js';
// Issue 27 #6: 'Write a review' for each piece.
import { ReviewInvites, reviewInvitesText } from '../reviews/review-invites-email.js';
import type { ReviewInvite } from '../reviews/review-links.js';
import { OrderStatusLink, orderStatusText } from '../order-status/order-status-email.js';

type Order = Pick<typeof orders.$inferSelect, 'id' | 'lines' | 'shippingInfo'>;
export type Tracking = { trackingNumber: string; trackingUrl: string };

/** The body: the tracking number and link, the parcel's lines, its address, and how to return. */
export function TrackingBody({
  order,
  tracking,
  heading,
  intro,
  home,
  returnUrl,
  supportEmail,
  reviews = [],
  statusUrl,
}: {
  order: Order;
  tracking: Tracking;
  heading: string;
  intro: string;
  home: string;
  returnUrl: string;
  supportEmail: string;
  reviews?: ReviewInvite[];
  /** Issue 27: the signed order-status address. */
  statusUrl?: string;
}) {
  const firstName = order.shippingInfo.firstName.trim();
  return (
    <>
      <Eyebrow>Order #{order.id}</Eyebrow>
      <Title>{heading}</Title>
      <Paragraph>
        {firstName ? `Dear ${firstName}, ` : ''}
        {intro}
      </Paragraph>
      <Panel>
        <PanelLabel>Tracking number</PanelLabel>
        <p
          style={css(
            `margin:0;font-family:${t.serif};font-size:20px;line-height:28px;color:${t.charcoal};word-break:break-all;`,
          )}
        >
          {tracking.trackingNumber}
        </p>
      </Panel>
      <Button label="Track your parcel" href={tracking.trackingUrl} />
      <Paragraph muted>
        Or copy this link into your browser:{' '}
        <TextLink href={tracking.trackingUrl} breakAll>
          {tracking.trackingUrl}
        </TextLink>
      </Paragraph>
      {statusUrl ? <OrderStatusLink href={statusUrl} /> : null}
      <Spacer px={8} />
      <SectionHeading>In your parcel</SectionHeading>
      <LinesTable lines={order.lines.map((line) => ({ line, quantity: line.quantity }))} home={home} />
      <Spacer px={28} />
      <SectionHeading>Shipping to</SectionHeading>
      <Paragraph>
        <Lines lines={addressLines(order.shippingInfo)} />
      </Paragraph>
      <Spacer px={8} />
      <ReviewInvites invites={reviews} />
      <Panel>
        <p style={css(`margin:0 0 6px;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};`)}>
          Not quite right?
        </p>
        <p style={css(`margin:0 0 16px;color:${t.inkSoft};`)}>
          You can return unworn pieces within 30 days of delivery. Start a return online with your order number, or
          write to us at <SupportLink email={supportEmail} />.
        </p>
        <Button label="Start a return" href={returnUrl} last />
      </Panel>
    </>
  );
}

export function trackingEmail(
  order: Order,
  tracking: Tracking,
  shop: ShopContact,
  options: { updated: boolean; reviews?: ReviewInvite[] },
) {
  const reviews = options.reviews ?? [];
  const home = baseUrl(shop.publicUrl);
  const returnUrl = `${home}/return-form?orderId=${encodeURIComponent(String(order.id))}`;
  const statusUrl = shop.orderStatusUrl?.(order.id); // issue 27 (order status)
  const heading = options.updated ? 'Your tracking has changed' : 'Your order is on its way';
  const subject = options.updated
    ? `New tracking for your ${shop.name} order #${order.id}`
    : `Your ${shop.name} order #${order.id} is on its way`;
  const firstName = order.shippingInfo.firstName.trim();
  const intro = options.updated
    ? 'we have new tracking details for your parcel. Please use these from now on.'
    : 'your order has left our studio, wrapped in tissue and on its way to you.';

  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={`Tracking number ${tracking.trackingNumber}`}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
    >
      <TrackingBody
        order={order}
        tracking={tracking}
        heading={heading}
        intro={intro}
        home={home}
        returnUrl={returnUrl}
        supportEmail={shop.supportEmail}
        reviews={reviews}
        statusUrl={statusUrl}
      />
    </EmailFrame>,
  );

  const text = textLayout({
    title: heading,
    bodyText: [
      `${firstName ? `Dear ${firstName}, ` : ''}${intro}`,
      `Order number: #${order.id}`,
      '',
      `Tracking number: ${tracking.trackingNumber}`,
      `Track your parcel: ${tracking.trackingUrl}`,
      ...(statusUrl ? [orderStatusText(statusUrl)] : []),
      '',
      'IN YOUR PARCEL',
      ...order.lines.flatMap((line) => ['', ...lineText(line, line.quantity)]),
      '',
      'SHIPPING TO',
      ...addressLines(order.shippingInfo),
      ...reviewInvitesText(reviews),
      '',
      'NOT QUITE RIGHT?',
      `You can return unworn pieces within 30 days of delivery. Start a return: ${returnUrl}`,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
  });
  return { subject, html, text };
}
