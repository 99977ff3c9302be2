// Issue 29 (payment webhooks): what Stripe or PayPal reported of an order's payment, on its card in
// the Orders tab: a tag in the header (disputed, refunded at the provider, not captured) and a note
// with the amounts beside the totals. The lines are plain functions, tested without a browser.
import type { PlacedOrder } from '../../../contract/orders.js';
import { formatDateTime } from './admin-form.js';

type ProviderPayment = NonNullable<PlacedOrder['providerPayment']>;

const dollars = (n: number) => `$${n.toFixed(2)}`;
const OUTCOME = { won: 'won', lost: 'lost', closed: 'closed' } as const;

/** The header's tag: the most pressing of what the provider reported, or none. */
export function providerPaymentTag(p: ProviderPayment | undefined): { text: string; tone: 'warning' | 'info' } | null {
  if (!p) return null;
  if (p.disputes.some((d) => d.open)) return { text: 'Disputed', tone: 'warning' };
  if (p.notCaptured) return { text: 'Not paid', tone: 'warning' };
  if (p.fullyRefunded) return { text: `Refunded at ${p.provider}`, tone: 'info' };
  if (p.refundedOutside > 0) return { text: `Part refunded at ${p.provider}`, tone: 'info' };
  return null;
}

/** The note's lines, one per thing reported. */
export function providerPaymentLines(p: ProviderPayment): string[] {
  const lines: string[] = [];
  if (p.refundedOutside > 0)
    lines.push(
      `${p.fullyRefunded ? 'Refunded in full' : 'Refunded'} ${dollars(p.refundedOutside)} in ${p.provider}’s dashboard${
        p.fullyRefunded ? ': nothing more can be refunded here' : ''
      }`,
    );
  for (const d of p.disputes)
    lines.push(
      d.open
        ? `Disputed at ${p.provider}: ${dollars(d.amount)}, ${d.reason}${d.dueBy ? ` · answer by ${formatDateTime(d.dueBy)}` : ''}`
        : `Dispute closed at ${p.provider}: ${dollars(d.amount)}, ${d.reason} · ${OUTCOME[d.outcome ?? 'closed']}`,
    );
  if (p.notCaptured)
    lines.push(
      `${p.provider} ${p.notCaptured.status === 'canceled' ? 'canceled' : 'refused'} the payment before it was captured (${p.notCaptured.message}): not paid`,
    );
  return lines;
}

export function ProviderPaymentTag({ order }: { order: PlacedOrder }) {
  const tag = providerPaymentTag(order.providerPayment);
  return tag ? <span className={`admin-tag admin-tag--${tag.tone}`}>{tag.text}</span> : null;
}

export function ProviderPaymentNote({ order }: { order: PlacedOrder }) {
  if (!order.providerPayment) return null;
  return (
    <ul className="admin-lines" aria-label={`What ${order.providerPayment.provider} reported`}>
      {providerPaymentLines(order.providerPayment).map((line) => (
        <li key={line} className="admin-table__note">
          {line}
        </li>
      ))}
    </ul>
  );
}
