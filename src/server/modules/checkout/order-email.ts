// The order confirmation email (spec §3 Order): what was bought, what it cost, where it goes, and
// how to start a return. Every value from the order is escaped: names, addresses and titles are
// typed by people.
import type { orders, OrderLine, Address } from '../../db/schema.js';
import { formatPrice } from '../../../domain/money.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';
import { baseUrl, emailLayout, emailTheme as t, escapeHref, escapeHtml, textLayout } from '../../email/layout.js';

type Order = typeof orders.$inferSelect;
export type ShopContact = { publicUrl: string; supportEmail: string };

const THANK_YOU = 'Thank you for your order!';

export function orderConfirmationEmail(order: Order, shop: ShopContact): { subject: string; html: string; text: string } {
  const subject = `Your Murashki order #${order.id}`;
  const home = baseUrl(shop.publicUrl);
  const returnUrl = `${home}/return-form?orderId=${encodeURIComponent(String(order.id))}`;
  const summary = summaryRows(order);

  const html = emailLayout({
    title: subject,
    preheader: `Order #${order.id} is confirmed: ${itemCount(order.lines)}, ${formatPrice(order.totalCents)} in total.`,
    bodyHtml: bodyHtml(order, home, returnUrl, summary, shop.supportEmail),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  const text = textLayout({
    title: THANK_YOU,
    bodyText: bodyText(order, returnUrl, summary),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  return { subject, html, text };
}

// ---------- shared pieces ----------

type SummaryRow = { label: string; value: string; strong?: boolean };

function summaryRows(order: Order): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: 'Subtotal', value: formatPrice(order.subtotalCents) }];
  if (order.discountCents > 0) {
    const code = order.promo?.code?.trim();
    rows.push({ label: code ? `Discount (${code})` : 'Discount', value: `−${formatPrice(order.discountCents)}` });
  }
  rows.push({ label: 'Shipping', value: order.shippingCents === 0 ? 'Free' : formatPrice(order.shippingCents) });
  rows.push({ label: 'Tax', value: formatPrice(order.taxCents) });
  rows.push({ label: 'Total', value: formatPrice(order.totalCents), strong: true });
  return rows;
}

/** As the storefront shows titles (the HTML part does it with text-transform). */
const capitalise = (s: string) => s.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
const lineTotal = (line: OrderLine) => formatPrice(line.unitPriceCents * line.quantity);
const productLabel = (line: OrderLine) => (line.productName || line.productType).trim();

function itemCount(lines: readonly OrderLine[]): string {
  const n = lines.reduce((sum, line) => sum + line.quantity, 0);
  return n === 1 ? '1 item' : `${n} items`;
}

function addressLines(a: Address): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.address,
    a.address2 ?? '',
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
  ]
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A picture's preview as an absolute http(s) URL, or null (videos, other schemes). */
function thumbnailUrl(picture: string | null, home: string): string | null {
  if (!picture || !isPlainImage(picture)) return null;
  const preview = previewOf(picture);
  if (/^https?:\/\//i.test(preview)) return preview;
  if (/^[a-z][a-z0-9+.-]*:/i.test(preview) || preview.startsWith('//')) return null;
  return `${home}/${preview.replace(/^\/+/, '')}`;
}

// ---------- HTML ----------

const eyebrow = (text: string) =>
  `<p style="margin:0 0 12px;font-family:${t.sans};font-size:11px;line-height:16px;letter-spacing:2.5px;text-transform:uppercase;color:${t.accent};">${escapeHtml(text)}</p>`;

const sectionHeading = (text: string) =>
  `<h2 style="margin:0 0 14px;font-family:${t.serif};font-size:21px;line-height:28px;font-weight:normal;color:${t.charcoal};">${escapeHtml(text)}</h2>`;

const rule = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:1px solid ${t.line};font-size:0;line-height:0;height:1px;">&nbsp;</td></tr></table>`;

function bodyHtml(order: Order, home: string, returnUrl: string, summary: SummaryRow[], supportEmail: string): string {
  const firstName = order.shippingInfo.firstName.trim();
  const greeting = firstName ? `Dear ${escapeHtml(firstName)}, we` : 'We';
  const muted = `color:${t.inkSoft};`;

  const intro = `${eyebrow(`Order #${order.id}`)}
<h1 style="margin:0 0 16px;font-family:${t.serif};font-size:34px;line-height:40px;font-weight:normal;color:${t.charcoal};">${escapeHtml(THANK_YOU)}</h1>
<p style="margin:0 0 34px;">${greeting}’ve received your order and are preparing it with care. Your order number is <strong style="font-weight:600;">#${escapeHtml(order.id)}</strong>.</p>`;

  const lines = order.lines.map((line) => lineHtml(line, home)).join('\n');

  const totals = summary
    .map((row) => {
      const pad = row.strong ? 'padding:14px 0 0;' : 'padding:4px 0;';
      const border = row.strong ? `border-top:1px solid ${t.line};` : '';
      const font = row.strong
        ? `font-family:${t.serif};font-size:22px;line-height:28px;color:${t.charcoal};`
        : `font-size:14px;line-height:22px;${muted}`;
      const spacer = row.strong ? `<tr><td colspan="2" style="height:10px;font-size:0;line-height:0;">&nbsp;</td></tr>\n` : '';
      return `${spacer}<tr>
  <td style="${pad}${border}${font}">${escapeHtml(row.label)}</td>
  <td align="right" style="${pad}${border}${font}white-space:nowrap;">${escapeHtml(row.value)}</td>
</tr>`;
    })
    .join('\n');

  const address = addressLines(order.shippingInfo).map(escapeHtml).join('<br>');
  const payment = order.paymentMethodDetails?.detail?.trim();
  const detailCell = (heading: string, content: string) =>
    `<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;${muted}">${escapeHtml(heading)}</p>
<p style="margin:0 0 22px;font-size:14px;line-height:22px;">${content}</p>`;

  const details = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr>
  <td class="m-stack" width="50%" valign="top" style="padding:0 16px 0 0;">
${detailCell('Shipping to', address)}
  </td>
  <td class="m-stack" width="50%" valign="top" style="padding:0;">
${detailCell('Shipping method', escapeHtml(order.shippingType))}
${payment ? detailCell('Payment', escapeHtml(payment)) : ''}
  </td>
</tr>
</table>`;

  const help = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${t.sand}" style="background-color:${t.sand};">
<tr><td style="padding:24px 28px;font-size:14px;line-height:22px;">
  <p style="margin:0 0 6px;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};">Not quite right?</p>
  <p style="margin:0 0 16px;${muted}">You can start a return online with your order number, or write to us at <a href="${escapeHref(`mailto:${supportEmail}`)}" style="color:${t.accent};">${escapeHtml(supportEmail)}</a>.</p>
  <table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
    <td bgcolor="${t.accent}" style="background-color:${t.accent};">
      <a href="${escapeHref(returnUrl)}" style="display:inline-block;padding:12px 26px;font-family:${t.sans};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:#ffffff;text-decoration:none;">Start a return</a>
    </td>
  </tr></table>
</td></tr>
</table>`;

  return `${intro}
${sectionHeading('Your order')}
${rule}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${lines}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:18px 0 40px;">
${totals}
</table>
${sectionHeading('Delivery & payment')}
${rule}
<div style="height:18px;line-height:18px;font-size:0;">&nbsp;</div>
${details}
<div style="height:14px;line-height:14px;font-size:0;">&nbsp;</div>
${help}`;
}

function lineHtml(line: OrderLine, home: string): string {
  const thumb = thumbnailUrl(line.picture, home);
  const productUrl = line.url ? `${home}/product/${encodeURIComponent(line.url)}` : home;
  const image = thumb
    ? `<a href="${escapeHref(productUrl)}"><img src="${escapeHref(thumb)}" width="72" height="108" alt="${escapeHtml(line.title)}" style="display:block;width:72px;height:108px;object-fit:cover;background-color:${t.sand};border:0;"></a>`
    : `<div style="width:72px;height:108px;background-color:${t.sand};">&nbsp;</div>`;
  const meta = [
    `Colour: ${escapeHtml(line.color)}`,
    `Size: ${escapeHtml(line.size)}`,
    `Qty: ${escapeHtml(line.quantity)}`,
  ]
    // Each part keeps its separator, so a narrow screen wraps between parts, never before a dot.
    .map((part, i, all) => `<span style="white-space:nowrap;">${part}${i < all.length - 1 ? '&nbsp;&nbsp;·' : ''}</span>`)
    .join('&nbsp; ');
  const each = line.quantity > 1 ? `<br><span style="font-size:12px;color:${t.inkSoft};">${escapeHtml(formatPrice(line.unitPriceCents))} each</span>` : '';

  return `<tr>
  <td width="72" valign="top" style="padding:18px 0;border-bottom:1px solid ${t.line};">${image}</td>
  <td valign="top" style="padding:18px 16px 18px 20px;border-bottom:1px solid ${t.line};">
    <a href="${escapeHref(productUrl)}" style="font-family:${t.serif};font-size:19px;line-height:24px;color:${t.charcoal};text-decoration:none;text-transform:capitalize;">${escapeHtml(line.title)}</a>
    <p style="margin:4px 0 8px;font-size:13px;line-height:20px;color:${t.inkSoft};">${escapeHtml(productLabel(line))}</p>
    <p style="margin:0;font-size:12px;line-height:18px;letter-spacing:0.3px;color:${t.inkSoft};">${meta}</p>
  </td>
  <td valign="top" align="right" style="padding:18px 0;border-bottom:1px solid ${t.line};font-size:15px;line-height:24px;white-space:nowrap;">${escapeHtml(lineTotal(line))}${each}</td>
</tr>`;
}

// ---------- plain text ----------

function bodyText(order: Order, returnUrl: string, summary: SummaryRow[]): string {
  const firstName = order.shippingInfo.firstName.trim();
  const out: string[] = [
    `${firstName ? `Dear ${firstName}, we` : 'We'}’ve received your order and are preparing it with care.`,
    `Order number: #${order.id}`,
    '',
    'YOUR ORDER',
  ];
  for (const line of order.lines) {
    out.push(
      '',
      `${capitalise(line.title)} — ${lineTotal(line)}`,
      `  ${productLabel(line)}`,
      `  Colour: ${line.color} · Size: ${line.size} · Qty: ${line.quantity}` +
        (line.quantity > 1 ? ` (${formatPrice(line.unitPriceCents)} each)` : ''),
    );
  }
  const width = Math.max(...summary.map((r) => r.label.length)) + 2;
  out.push('', ...summary.map((r) => `${(r.label + ':').padEnd(width)} ${r.value}`));
  out.push('', 'SHIPPING TO', ...addressLines(order.shippingInfo));
  out.push('', `Shipping method: ${order.shippingType}`);
  const payment = order.paymentMethodDetails?.detail?.trim();
  if (payment) out.push(`Payment: ${payment}`);
  out.push('', 'NOT QUITE RIGHT?', `Start a return: ${returnUrl}`);
  return out.join('\n');
}
