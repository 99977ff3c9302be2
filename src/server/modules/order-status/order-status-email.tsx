// The 'Check your order status' link the order emails carry (issue 27 item 5): the signed
// /order-status address, which opens the order's timeline with nothing to type.
import { Paragraph, TextLink } from '../orders/email-parts.js';

export const CHECK_STATUS = 'Check your order status';

export function OrderStatusLink({ href }: { href: string }) {
  return (
    <Paragraph muted>
      <TextLink href={href}>{CHECK_STATUS}</TextLink>: where your parcel is, and any return or refund, with no typing.
    </Paragraph>
  );
}

/** The plain-text line. */
export const orderStatusText = (href: string) => `${CHECK_STATUS}: ${href}`;
