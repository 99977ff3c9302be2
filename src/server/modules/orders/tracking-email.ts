// The "on its way" email (spec §4: an order becomes processed once it has tracking): the carrier's
// tracking number and link, what is in the parcel, where it goes, and how to start a return.
import type { orders } from '../../db/schema.js';
import {
  baseUrl,
  emailLayout,
  emailTheme as t,
  escapeHref,
  escapeHtml,
  textLayout,
  type ShopContact,
} from '../../email/layout.js';
import {
  addressLines,
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
} from './email-parts.js';

type Order = Pick<typeof orders.$inferSelect, 'id' | 'lines' | 'shippingInfo'>;
export type Tracking = { trackingNumber: string; trackingUrl: string };

export function trackingEmail(order: Order, tracking: Tracking, shop: ShopContact, options: { updated: boolean }) {
  const home = baseUrl(shop.publicUrl);
  const returnUrl = `${home}/return-form?orderId=${encodeURIComponent(String(order.id))}`;
  const heading = options.updated ? 'Your tracking has changed' : 'Your order is on its way';
  const subject = options.updated
    ? `New tracking for your Murashki order #${order.id}`
    : `Your Murashki order #${order.id} is on its way`;
  const firstName = order.shippingInfo.firstName.trim();
  const intro = options.updated
    ? 'we have new tracking details for your parcel. Please use these from now on.'
    : 'your order has left our studio, wrapped in tissue and on its way to you.';

  const trackingBox =
    panel(`<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${t.inkSoft};">Tracking number</p>
<p style="margin:0;font-family:${t.serif};font-size:20px;line-height:28px;color:${t.charcoal};word-break:break-all;">${escapeHtml(tracking.trackingNumber)}</p>`);

  const bodyHtml = `${eyebrow(`Order #${order.id}`)}
${title(heading)}
${paragraph(`${firstName ? `Dear ${escapeHtml(firstName)}, ` : ''}${escapeHtml(intro)}`)}
${trackingBox}
${button('Track your parcel', tracking.trackingUrl)}
${paragraph(`Or copy this link into your browser: <a href="${escapeHref(tracking.trackingUrl)}" style="color:${t.accent};word-break:break-all;">${escapeHtml(tracking.trackingUrl)}</a>`, true)}
${spacer(8)}
${sectionHeading('In your parcel')}
${linesTable(order.lines.map((line) => lineRowHtml(line, line.quantity, home)).join('\n'))}
${spacer(28)}
${sectionHeading('Shipping to')}
${paragraph(addressLines(order.shippingInfo).map(escapeHtml).join('<br>'))}
${spacer(8)}
${panel(`<p style="margin:0 0 6px;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};">Not quite right?</p>
<p style="margin:0 0 16px;color:${t.inkSoft};">You can return unworn pieces within 30 days of delivery. Start a return online with your order number, or write to us at <a href="${escapeHref(`mailto:${shop.supportEmail}`)}" style="color:${t.accent};">${escapeHtml(shop.supportEmail)}</a>.</p>
${button('Start a return', returnUrl, { last: true })}`)}`;

  const html = emailLayout({
    title: subject,
    preheader: `Tracking number ${tracking.trackingNumber}`,
    bodyHtml,
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });

  const text = textLayout({
    title: heading,
    bodyText: [
      `${firstName ? `Dear ${firstName}, ` : ''}${intro}`,
      `Order number: #${order.id}`,
      '',
      `Tracking number: ${tracking.trackingNumber}`,
      `Track your parcel: ${tracking.trackingUrl}`,
      '',
      'IN YOUR PARCEL',
      ...order.lines.flatMap((line) => ['', ...lineText(line, line.quantity)]),
      '',
      'SHIPPING TO',
      ...addressLines(order.shippingInfo),
      '',
      'NOT QUITE RIGHT?',
      `You can return unworn pieces within 30 days of delivery. Start a return: ${returnUrl}`,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  return { subject, html, text };
}
