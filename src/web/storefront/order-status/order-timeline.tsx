// The order's timeline on /order-status: the steps it has reached, with dates, the carrier's tracking
// link and the refund, then the step still to come, and what is in the order.
import type { OrderStatusAnswer, OrderStatusStep } from '../../../contract/order-status.js';
import { formatPrice } from '../catalog/format-price.js';

const dateOf = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso)) : null;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const HEADLINES: Record<OrderStatusAnswer['status'], string> = {
  placed: 'We are preparing your order',
  shipped: 'Your order is on its way',
  return_requested: 'We are expecting your return',
  refund_pending: 'Your refund is on its way',
  refunded: 'Your refund is complete',
};

function StepBody({ step }: { step: OrderStatusStep }) {
  switch (step.kind) {
    case 'placed':
      return <h3 className="timeline__title">Placed</h3>;
    case 'shipped':
      return (
        <>
          <h3 className="timeline__title">Shipped</h3>
          {step.trackingNumber && (
            <p className="timeline__detail">
              {step.carrier ? `${step.carrier} · ` : ''}
              {step.trackingUrl ? (
                <a href={step.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {step.trackingNumber}
                  <span className="visually-hidden"> (track your parcel, opens the carrier's site)</span>
                </a>
              ) : (
                step.trackingNumber
              )}
            </p>
          )}
        </>
      );
    case 'return_requested':
      return (
        <>
          <h3 className="timeline__title">Return requested</h3>
          <p className="timeline__detail">
            {step.pieces === 1 ? '1 piece' : `${step.pieces} pieces`} on the way back to us
            {step.trackingNumber ? ' · ' : ''}
            {step.trackingNumber &&
              (step.trackingUrl ? (
                <a href={step.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {step.trackingNumber}
                </a>
              ) : (
                step.trackingNumber
              ))}
          </p>
        </>
      );
    case 'refund_pending':
      return (
        <>
          <h3 className="timeline__title">Refund under way</h3>
          <p className="timeline__detail">Your return arrived; the refund is being made.</p>
        </>
      );
    case 'refunded':
      return (
        <>
          <h3 className="timeline__title">Refunded</h3>
          <p className="timeline__detail">
            {formatPrice(step.amount)} to {step.method === 'Store credit' ? 'store credit' : step.method}
          </p>
        </>
      );
  }
}

export function OrderTimeline({ order }: { order: OrderStatusAnswer }) {
  const reached = order.steps;
  const shipped = reached.some((s) => s.kind === 'shipped');
  return (
    <section className="order-status" aria-labelledby="order-status-title">
      <p className="eyebrow">Order #{order.orderId}</p>
      <h2 id="order-status-title" className="order-status__headline" tabIndex={-1}>
        {HEADLINES[order.status]}
      </h2>
      <p className="order-status__destination">
        To {[order.destination.city, countryName(order.destination.country)].filter(Boolean).join(', ')} ·{' '}
        {formatPrice(order.total)}
      </p>
      <ol className="timeline">
        {reached.map((step) => (
          <li key={step.kind} className="timeline__step timeline__step--done">
            <span className="timeline__marker" aria-hidden="true" />
            <div>
              <StepBody step={step} />
              {'at' in step && step.at && (
                <p className="timeline__date">
                  <time dateTime={step.at}>{dateOf(step.at)}</time>
                </p>
              )}
            </div>
          </li>
        ))}
        {!shipped && (
          <li className="timeline__step timeline__step--next">
            <span className="timeline__marker" aria-hidden="true" />
            <div>
              <h3 className="timeline__title">Shipped</h3>
              <p className="timeline__detail">Next: we will email you the tracking as soon as it leaves our studio.</p>
            </div>
          </li>
        )}
      </ol>
      <h3 className="order-status__lines-title">In your order</h3>
      <ul className="order-status__lines">
        {order.lines.map((line) => (
          <li key={`${line.url}|${line.product_name}|${line.color}|${line.size}`}>
            <span className="order-status__line-title">{line.title}</span>
            <span className="order-status__line-meta">
              {[line.product_name, line.color, line.size && `Size ${line.size}`].filter(Boolean).join(' · ')}
              {line.quantity > 1 ? ` · × ${line.quantity}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
