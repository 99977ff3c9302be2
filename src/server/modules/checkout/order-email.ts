// The order confirmation email (spec §3 Order): what was bought, what it cost, where it goes, and
// how to start a return. Every value from the order is escaped: names, addresses and titles are
// typed by people.
import type { orders, OrderLine } from '../../db/schema.js';
import { formatPrice } from '../../../domain/money.js';
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
  eyebrow,
  lineRowHtml,
  linesTable,
  lineText,
  sectionHeading,
  rule,
  spacer,
  sumTableHtml,
  sumTableText,
  title,
  type SumRow,
} from '../orders/email-parts.js';

type Order = typeof orders.$inferSelect;

const THANK_YOU = 'Thank you for your order!';

/** How the order was paid, in the shopper's words: the card as described, or 'PayPal (payer@…)'. */
export function paymentText(order: Pick<Order, 'paymentMethodDetails'>): string {
  const method = order.paymentMethodDetails?.paymentMethod;
  const detail = order.paymentMethodDetails?.detail?.trim() ?? '';
  if (method === 'paypal') return detail ? `PayPal (${detail})` : 'PayPal';
  return method === 'none' ? '' : detail;
}

/** What a gift card or store credit paid: the balance left on its code after this order. */
export type PaidFromBalance = { remainingCents: number };

/**
 * `shippingMethod`: the option as the checkout described it ('Standard (3–5 business days)'); the
 * stored key otherwise. `paidFromBalance`: the order was partly or wholly paid from a balance.
 */
export function orderConfirmationEmail(
  order: Order,
  shop: ShopContact,
  shippingMethod = order.shippingType,
  paidFromBalance?: PaidFromBalance,
): { subject: string; html: string; text: string } {
  const subject = `Your Murashki order #${order.id}`;
  const home = baseUrl(shop.publicUrl);
  const returnUrl = `${home}/return-form?orderId=${encodeURIComponent(String(order.id))}`;
  const summary = summaryRows(order, paidFromBalance);

  const html = emailLayout({
    title: subject,
    preheader: `Order #${order.id} is confirmed: ${itemCount(order.lines)}, ${formatPrice(order.totalCents)} in total.`,
    bodyHtml: bodyHtml(order, home, returnUrl, summary, shop.supportEmail, shippingMethod),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  const text = textLayout({
    title: THANK_YOU,
    bodyText: bodyText(order, returnUrl, summary, shippingMethod),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
  });
  return { subject, html, text };
}

function summaryRows(order: Order, paidFromBalance: PaidFromBalance | undefined): SumRow[] {
  const rows: SumRow[] = [{ label: 'Subtotal', value: formatPrice(order.subtotalCents) }];
  if (order.discountCents > 0) {
    const code = order.promo?.code?.trim();
    rows.push({ label: code ? `Discount (${code})` : 'Discount', value: `−${formatPrice(order.discountCents)}` });
  }
  rows.push({ label: 'Shipping', value: order.shippingCents === 0 ? 'Free' : formatPrice(order.shippingCents) });
  rows.push({ label: 'Tax', value: formatPrice(order.taxCents) });
  rows.push({ label: 'Total', value: formatPrice(order.totalCents), strong: true });
  if (order.balanceCents > 0) {
    const code = order.balanceCode ?? '';
    rows.push({
      label: `Paid with gift card / store credit${code ? ` (${code})` : ''}`,
      value: `−${formatPrice(order.balanceCents)}`,
    });
    rows.push({
      label: 'Charged to your payment',
      value: formatPrice(order.totalCents - order.balanceCents),
      strong: true,
    });
    if (paidFromBalance)
      rows.push({
        label: `Balance left on ${code || 'your code'}`,
        value: formatPrice(paidFromBalance.remainingCents),
      });
  }
  return rows;
}

function itemCount(lines: readonly OrderLine[]): string {
  const n = lines.reduce((sum, line) => sum + line.quantity, 0);
  return n === 1 ? '1 item' : `${n} items`;
}

// ---------- HTML ----------

function bodyHtml(
  order: Order,
  home: string,
  returnUrl: string,
  summary: SumRow[],
  supportEmail: string,
  shippingMethod: string,
): string {
  const firstName = order.shippingInfo.firstName.trim();
  const greeting = firstName ? `Dear ${escapeHtml(firstName)}, we` : 'We';
  const muted = `color:${t.inkSoft};`;

  const intro = `${eyebrow(`Order #${order.id}`)}
${title(THANK_YOU)}
<p style="margin:0 0 34px;">${greeting}’ve received your order and are preparing it with care. Your order number is <strong style="font-weight:600;">#${escapeHtml(order.id)}</strong>.</p>`;

  const address = addressLines(order.shippingInfo).map(escapeHtml).join('<br>');
  const payment = paymentText(order);
  const detailCell = (heading: string, content: string) =>
    `<p style="margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;${muted}">${escapeHtml(heading)}</p>
<p style="margin:0 0 22px;font-size:14px;line-height:22px;">${content}</p>`;

  const details = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr>
  <td class="m-stack" width="50%" valign="top" style="padding:0 16px 0 0;">
${detailCell('Shipping to', address)}
  </td>
  <td class="m-stack" width="50%" valign="top" style="padding:0;">
${detailCell('Shipping method', escapeHtml(shippingMethod))}
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
${linesTable(order.lines.map((line) => lineRowHtml(line, line.quantity, home)).join('\n'))}
${sumTableHtml(summary)}
${sectionHeading('Delivery & payment')}
${rule}
${spacer(18)}
${details}
${spacer(14)}
${help}`;
}

// ---------- plain text ----------

function bodyText(order: Order, returnUrl: string, summary: SumRow[], shippingMethod: string): string {
  const firstName = order.shippingInfo.firstName.trim();
  const out: string[] = [
    `${firstName ? `Dear ${firstName}, we` : 'We'}’ve received your order and are preparing it with care.`,
    `Order number: #${order.id}`,
    '',
    'YOUR ORDER',
  ];
  for (const line of order.lines) out.push('', ...lineText(line, line.quantity));
  out.push('', ...sumTableText(summary));
  out.push('', 'SHIPPING TO', ...addressLines(order.shippingInfo));
  out.push('', `Shipping method: ${shippingMethod}`);
  const payment = paymentText(order);
  if (payment) out.push(`Payment: ${payment}`);
  out.push('', 'NOT QUITE RIGHT?', `Start a return: ${returnUrl}`);
  return out.join('\n');
}
