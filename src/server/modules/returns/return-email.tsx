// The return confirmation email (spec §2 return popup: "a confirmation email with shipping
// instructions was sent to the email on the order"): the pieces being returned, the refund they
// bring (shipping is not refunded), and how to send them back: with the link to a prepaid return
// label for a US order (the shipping-returns page promises one), with customs steps for an
// international order (spec §4).
import { formatPrice } from '../../../domain/money.js';
import { RETURN_REQUESTED_TITLE, type Refund } from '../../../domain/returns.js';
import type { OrderLine } from '../../db/schema.js';
import { css } from '../../email/css.js';
import { baseUrl, EmailFrame, emailTheme as t, Table, textLayout, type ShopContact } from '../../email/layout.js';
import { renderEmail } from '../../email/render.js';
import {
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
  SumTable,
  sumTableText,
  SupportLink,
  Title,
  type SumRow,
} from '../orders/email-parts.js';

export type ReturnEmailInput = {
  order: { id: number; firstName: string; lines: OrderLine[]; promo: { code: string } | null };
  /** The pieces of this request, by order line. */
  pieces: { index: number; quantity: number }[];
  refund: Refund;
  international: boolean;
  /** Where the parcel goes, one line of the address each (a US order: the address on its label). */
  returnAddress: string[];
  /**
   * A US order's prepaid return label: the shop's link to it, and whether it was bought (when the
   * carrier failed, the link buys it when opened, and the email says so).
   */
  label?: { url: string; ready: boolean };
};

export const RETURN_LABEL_BUTTON = 'Print your return label';

function labelStep(label: NonNullable<ReturnEmailInput['label']>, supportEmail: string): string {
  return label.ready
    ? 'Print your prepaid return label (the button below) and stick it on the parcel, over any old labels. Return postage is on us.'
    : `Your prepaid return label could not be made just now. It will be ready at the link below within the hour: open it then, print it and stick it on the parcel. If it is still not there, write to us at ${supportEmail} and we will send it. Return postage is on us.`;
}

/** The steps of sending a return back: with a US order's prepaid label; international parcels also go through customs. */
function steps(
  orderId: number,
  international: boolean,
  label: ReturnEmailInput['label'],
  supportEmail: string,
): string[] {
  const list = [
    'Pack the pieces unworn and unwashed, with all their tags attached. Briefs, thongs and bodysuits need their hygiene liner in place.',
    `Put a note with your order number #${orderId} inside the parcel, so we know it is yours.`,
    ...(label
      ? [
          labelStep(label, supportEmail),
          'Hand the parcel to the carrier named on the label, at any of its drop-off points. The label is tracked: we see the parcel on its way.',
        ]
      : [
          'Send the parcel to the address below with a tracked service, and keep the tracking number until your refund arrives.',
        ]),
  ];
  if (international) {
    list.push(
      'On the customs form, describe the contents as "Returned goods" and give the amount you paid, so that no import duty is charged on the way back.',
      'Return postage and any duties are yours to pay and are not refunded.',
    );
  }
  return list;
}

function refundRows(refund: Refund, promoCode: string | undefined): SumRow[] {
  const rows: SumRow[] = [{ label: 'Items', value: formatPrice(refund.subtotalCents) }];
  if (refund.discountCents > 0)
    rows.push({
      label: promoCode ? `Discount (${promoCode})` : 'Discount',
      value: `−${formatPrice(refund.discountCents)}`,
    });
  if (refund.taxCents > 0) rows.push({ label: 'Tax', value: formatPrice(refund.taxCents) });
  rows.push({ label: 'Your refund', value: formatPrice(refund.totalRefundCents), strong: true });
  return rows;
}

export function returnRequestEmail(
  input: ReturnEmailInput,
  shop: ShopContact,
): { subject: string; html: string; text: string } {
  const { order, refund, international } = input;
  const home = baseUrl(shop.publicUrl);
  const subject = `Your return for ${shop.name} order #${order.id}`;
  const firstName = order.firstName.trim();
  const returned = input.pieces.flatMap(({ index, quantity }) => {
    const line = order.lines[index];
    return line ? [{ line, quantity }] : [];
  });
  const rows = refundRows(refund, order.promo?.code?.trim() || undefined);
  const refundNote =
    // The owner chooses store credit or the original payment when refunding: the email promises neither.
    'Shipping is not refunded. Once your parcel reaches our studio we check it and refund you within 5 business days, as store credit or to your original payment; we email you when it is done.';
  const intro = 'thank you for letting us know. Here is how to send your pieces back.';

  const stepList = steps(order.id, international, input.label, shop.supportEmail);
  const html = renderEmail(
    <EmailFrame
      title={subject}
      preheader={`How to send back ${returned.length === 1 ? 'your piece' : 'your pieces'} from order #${order.id}, and your refund of ${formatPrice(refund.totalRefundCents)}.`}
      publicUrl={shop.publicUrl}
      supportEmail={shop.supportEmail}
      shopName={shop.name}
      social={shop.social}
    >
      <Eyebrow>Order #{order.id} · Return</Eyebrow>
      <Title>{RETURN_REQUESTED_TITLE}</Title>
      <Paragraph>
        {firstName ? `Dear ${firstName}, ` : ''}
        {intro}
      </Paragraph>
      <Spacer px={10} />
      <SectionHeading>How to send it back</SectionHeading>
      <Panel>
        <Table width="100%">
          {stepList.map((step, i) => (
            <tr key={step}>
              <td
                valign="top"
                width="28"
                style={css(
                  `padding:0 0 12px;font-family:${t.serif};font-size:19px;line-height:22px;color:${t.accent};`,
                )}
              >
                {i + 1}
              </td>
              <td valign="top" style={css('padding:0 0 12px;')}>
                {step}
              </td>
            </tr>
          ))}
        </Table>
        <PanelLabel margin="8px 0 6px">{international ? 'International returns to' : 'Returns to'}</PanelLabel>
        <p style={css(`margin:0;font-family:${t.serif};font-size:19px;line-height:26px;color:${t.charcoal};`)}>
          <Lines lines={input.returnAddress} />
        </p>
      </Panel>
      {input.label ? <Button label={RETURN_LABEL_BUTTON} href={input.label.url} /> : null}
      <SectionHeading>You are returning</SectionHeading>
      <LinesTable lines={returned} home={home} />
      <SumTable rows={rows} />
      <Paragraph muted>{refundNote}</Paragraph>
      <Paragraph muted>
        Questions about your return? Write to us at <SupportLink email={shop.supportEmail} /> with your order number.
      </Paragraph>
    </EmailFrame>,
  );

  const text = textLayout({
    title: RETURN_REQUESTED_TITLE,
    bodyText: [
      `${firstName ? `Dear ${firstName}, ` : ''}${intro}`,
      `Order number: #${order.id}`,
      '',
      'HOW TO SEND IT BACK',
      ...stepList.map((step, i) => `${i + 1}. ${step}`),
      '',
      ...(input.label ? [`${RETURN_LABEL_BUTTON}: ${input.label.url}`, ''] : []),
      international ? 'International returns to:' : 'Returns to:',
      ...input.returnAddress.map((l) => `  ${l}`),
      '',
      'YOU ARE RETURNING',
      ...returned.flatMap(({ line, quantity }) => ['', ...lineText(line, quantity)]),
      '',
      ...sumTableText(rows),
      '',
      refundNote,
    ].join('\n'),
    publicUrl: shop.publicUrl,
    supportEmail: shop.supportEmail,
    shopName: shop.name,
    social: shop.social,
  });
  return { subject, html, text };
}
