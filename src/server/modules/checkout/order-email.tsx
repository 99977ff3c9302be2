// The order confirmation email (spec §3 Order): what was bought, what it cost, where it goes, and
// how to start a return. A React component: every value from the order (names, addresses and titles
// are typed by people) is escaped by React.
import type { ReactNode } from 'react';
import { formatPrice } from '../../../domain/money.js';
import type { OrderLine, orders } from '../../db/schema.js';
import { css } from '../../email/css.js';
import { baseUrl, EmailFrame, emailTheme as t, Table, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import {
  addressLines,
  Button,
  Eyebrow,
  Lines,
  LinesTable,
  lineText,
  Rule,
  SectionHeading,
  Spacer,
  SumTable,
  sumTableText,
  SupportLink,
  Title,
  type SumRow,
} from '../orders/email-parts.js';
import { OrderStatusLink, orderStatusText } from '../order-status/order-status-email.js';

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
  const subject = `Your ${shop.name} order #${order.id}`;
  const home = baseUrl(shop.publicUrl);
  const returnUrl = `${home}/return-form?orderId=${encodeURIComponent(String(order.id))}`;
  const summary = summaryRows(order, paidFromBalance);
  const statusUrl = shop.orderStatusUrl?.(order.id); // issue 27 (order status)

  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={`Order #${order.id} is confirmed: ${itemCount(order.lines)}, ${formatPrice(order.totalCents)} in total.`}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
    >
      <OrderConfirmation
        order={order}
        home={home}
        returnUrl={returnUrl}
        summary={summary}
        supportEmail={shop.supportEmail}
        shippingMethod={shippingMethod}
        statusUrl={statusUrl}
      />
    </EmailFrame>,
  );
  const text = textLayout({
    title: THANK_YOU,
    bodyText: bodyText(order, returnUrl, summary, shippingMethod, statusUrl),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
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

const muted = `color:${t.inkSoft};`;

/** A small-capitals heading over one detail of the order (where it goes, how, how it was paid). */
const Detail = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <>
    <p
      style={css(`margin:0 0 6px;font-size:11px;line-height:16px;letter-spacing:2px;text-transform:uppercase;${muted}`)}
    >
      {heading}
    </p>
    <p style={css('margin:0 0 22px;font-size:14px;line-height:22px;')}>{children}</p>
  </>
);

/** The confirmation's body: thanks, the lines, the sums, delivery and payment, and how to return. */
export function OrderConfirmation({
  order,
  home,
  returnUrl,
  summary,
  supportEmail,
  shippingMethod,
  statusUrl,
}: {
  order: Order;
  home: string;
  returnUrl: string;
  summary: SumRow[];
  supportEmail: string;
  shippingMethod: string;
  /** Issue 27: the signed order-status address. */
  statusUrl?: string;
}) {
  const firstName = order.shippingInfo.firstName.trim();
  const payment = paymentText(order);
  return (
    <>
      <Eyebrow>Order #{order.id}</Eyebrow>
      <Title>{THANK_YOU}</Title>
      <p style={css('margin:0 0 34px;')}>
        {firstName ? `Dear ${firstName}, we` : 'We'}’ve received your order and are preparing it with care. Your order
        number is <strong style={css('font-weight:600;')}>#{order.id}</strong>.
      </p>
      {statusUrl ? <OrderStatusLink href={statusUrl} /> : null}
      <SectionHeading>Your order</SectionHeading>
      <LinesTable lines={order.lines.map((line) => ({ line, quantity: line.quantity }))} home={home} />
      <SumTable rows={summary} />
      <SectionHeading>Delivery &amp; payment</SectionHeading>
      <Rule />
      <Spacer px={18} />
      <Table width="100%">
        <tr>
          <td className="m-stack" width="50%" valign="top" style={css('padding:0 16px 0 0;')}>
            <Detail heading="Shipping to">
              <Lines lines={addressLines(order.shippingInfo)} />
            </Detail>
          </td>
          <td className="m-stack" width="50%" valign="top" style={css('padding:0;')}>
            <Detail heading="Shipping method">{shippingMethod}</Detail>
            {payment ? <Detail heading="Payment">{payment}</Detail> : null}
          </td>
        </tr>
      </Table>
      <Spacer px={14} />
      <Table width="100%" bgcolor={t.sand} style={`background-color:${t.sand};`}>
        <tr>
          <td style={css('padding:24px 28px;font-size:14px;line-height:22px;')}>
            <p
              style={css(`margin:0 0 6px;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};`)}
            >
              Not quite right?
            </p>
            <p style={css(`margin:0 0 16px;${muted}`)}>
              You can start a return online with your order number, or write to us at{' '}
              <SupportLink email={supportEmail} />.
            </p>
            <Button label="Start a return" href={returnUrl} padding="12px 26px" margin="" />
          </td>
        </tr>
      </Table>
    </>
  );
}

// ---------- plain text ----------

function bodyText(
  order: Order,
  returnUrl: string,
  summary: SumRow[],
  shippingMethod: string,
  statusUrl?: string,
): string {
  const firstName = order.shippingInfo.firstName.trim();
  const out: string[] = [
    `${firstName ? `Dear ${firstName}, we` : 'We'}’ve received your order and are preparing it with care.`,
    `Order number: #${order.id}`,
    ...(statusUrl ? [orderStatusText(statusUrl)] : []),
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
