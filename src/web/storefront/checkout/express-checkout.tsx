// The express checkout on the contact stage (spec §2, §4): PayPal's own buttons, or with the sandbox
// (no keys configured) our PayPal button; and what it says once PayPal has answered.
import type { ReactNode } from 'react';
import type { CheckoutConfig } from '../../api/http-api.js';
import { PaypalButtons } from './paypal-buttons.js';
import type { PaypalApproval } from './use-checkout-payment.js';
import type { usePaypalExpress } from './use-paypal-express.js';

type Express = ReturnType<typeof usePaypalExpress>;

/** The express button for `config`, or null when the express provider has no button here. */
export function expressButton(config: CheckoutConfig | null, express: Express, pending: boolean): ReactNode {
  if (config?.express === 'paypal') {
    return (
      <PaypalButtons
        clientId={config.paypalClientId}
        sdkUrl={config.paypalSdkUrl}
        disabled={pending}
        createOrder={express.createOrder}
        onApprove={express.onApprove}
        onError={express.onError}
      />
    );
  }
  if (config?.express === 'sandbox') {
    return (
      <button
        type="button"
        className="paypal-button"
        onClick={express.startSandbox}
        disabled={express.starting || pending}
        aria-busy={express.starting || undefined}
      >
        <span className="visually-hidden">Check out with </span>
        <span className="paypal-mark" aria-hidden="true">
          <b>Pay</b>Pal
        </span>
        <span className="visually-hidden">PayPal</span>
      </button>
    );
  }
  return null;
}

/** What the express checkout says: its progress or error, then who approved and the way back to a card. */
export function ExpressNote({
  express,
  paypal,
  onPayByCard,
}: {
  express: Express;
  paypal: PaypalApproval | null;
  onPayByCard: () => void;
}) {
  const { message } = express;
  return (
    <>
      {message && (
        <p
          className={message.error ? 'checkout-inline-error' : 'express__status'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {paypal && !message && (
        <p className="express__status" role="status">
          PayPal approved for {paypal.email}.{' '}
          <button type="button" className="checkout-link" onClick={onPayByCard}>
            Pay with a card instead
          </button>
        </p>
      )}
    </>
  );
}
