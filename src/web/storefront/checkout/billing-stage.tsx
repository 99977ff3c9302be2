// Billing stage (spec §2): the summary with shipping method and fee, the billing address (or the
// shipping one), cardholder name and card, PLACE ORDER; or 'Complete order with PayPal' after an
// express approval. The card field is Stripe's Payment Element with Stripe keys (cards, wallets,
// Link), else the sandbox's card fields with its wallet button (issue 29). PLACE ORDER is enabled
// only when the payment details are complete (polled every 200 ms, spec §5) or the total is 0
// ('SKIP_PAYMENT'). The billing info is checked by the contract's own schema (BillingInfoSchema, as
// POST /placeOrder checks it) before the card is charged: each problem is said by its field in the
// server's words, and nothing is sent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { BillingInfoSchema } from '../../../contract/checkout.js';
import { formatMoney } from '../../../domain/money.js';
import { SKIP_PAYMENT_SECRET } from './constants.js';
import type { BillingInfoInput, CheckoutConfig, ShippingInfoInput, ShippingOption } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { fieldErrors } from './field-errors.js';
import { AddressBlock, ErrorBox } from './fields.js';
import type { CardHandle } from './payment-handle.js';
import { paymentReturnOf, saveBillingForm, takeBillingForm, withoutPaymentReturn } from './payment-return.js';
import { ReviewSummary } from './review-summary.js';
import { SandboxPayment } from './sandbox-payment.js';
import { billingInfoOf, billingReady, EMPTY_ADDRESS, type AddressFields } from './shipping-info.js';
import { StripePaymentElement } from './stripe-payment-element.js';

export const CARD_POLL_MS = 200;

export type PlaceOrderInput = {
  cardholderName: string;
  sameAsShipping: boolean;
  billing: AddressFields;
  card: CardHandle | null;
};

type Props = {
  info: ShippingInfoInput;
  method: ShippingOption | null;
  config: CheckoutConfig;
  clientSecret: string | null;
  paypalOrderId: string | null;
  paypalEmail: string | null;
  /** What the shopper pays now, in cents (the total less a gift card or credit applied): shown, and the Payment Element's amount. */
  totalCents: number;
  onChangeContact: () => void;
  onChangeMethod: () => void;
  onPlaceOrder: (input: PlaceOrderInput) => Promise<void>;
  submitting: boolean;
  /** The order's total changed and its payment is being brought up to date. */
  repricing: boolean;
  paymentError: string | null;
  onDismissError: () => void;
};

export function BillingStage(props: Props) {
  const { info, method, config, clientSecret, paypalOrderId, submitting, paymentError } = props;
  const totalLabel = formatMoney(props.totalCents);
  // A payment that left the page came back here (issue 29): the form is as the shopper left it.
  const [returned] = useState(() => paymentReturnOf(window.location.search));
  const [kept] = useState(() => (returned ? takeBillingForm() : null));
  const [sameAsShipping, setSameAsShipping] = useState(kept?.sameAsShipping ?? true);
  const [billing, setBilling] = useState<AddressFields>(
    () => kept?.billing ?? { ...EMPTY_ADDRESS, country: info.country || 'US' },
  );
  const [cardholderName, setCardholderName] = useState(
    () => kept?.cardholderName ?? `${info.firstName} ${info.lastName}`.trim(),
  );
  useEffect(() => {
    if (!returned) return;
    // Stripe's parameters leave the address: a reload is not a second return.
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${withoutPaymentReturn(search)}${hash}`);
  }, [returned]);
  const card = useRef<CardHandle>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** Every field is checked once PLACE ORDER was pressed. */
  const [checked, setChecked] = useState(false);
  const problems = fieldErrors<keyof BillingInfoInput>(
    BillingInfoSchema,
    billingInfoOf(cardholderName, sameAsShipping, info, billing),
  );
  const errors = checked ? problems : {};

  const stripeMode = config.card === 'stripe' && config.publishableKey !== 'sandbox' && config.publishableKey !== '';
  const skipPayment = clientSecret === SKIP_PAYMENT_SECRET;
  const byPaypal = paypalOrderId !== null;
  const needsCard = !byPaypal && !skipPayment;

  // Spec §5: the card field's completeness is polled every 200 ms.
  useEffect(() => {
    if (!needsCard) return;
    const check = () => setCardComplete(card.current?.isComplete() ?? false);
    check();
    const timer = window.setInterval(check, CARD_POLL_MS);
    return () => window.clearInterval(timer);
  }, [needsCard]);

  const billingOk = sameAsShipping || billingReady(billing);
  const canPlace =
    !submitting &&
    !props.repricing &&
    billingOk &&
    (byPaypal || skipPayment || (cardComplete && clientSecret !== null));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPlace) return;
    flushSync(() => setChecked(true));
    // A problem of a field not on screen is left to the server's answer, which says it.
    const invalid =
      Object.keys(problems).length > 0 && form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    const paying = needsCard ? card.current : null;
    // Within the click: a wallet's sheet may only open now (the Payment Element's submit).
    paying?.begin?.();
    if (stripeMode && paying) saveBillingForm({ cardholderName, sameAsShipping, billing });
    void props.onPlaceOrder({ cardholderName, sameAsShipping, billing, card: card.current });
  };

  return (
    <form ref={form} className="checkout-form" onSubmit={submit} noValidate>
      <ReviewSummary
        info={info}
        method={method}
        onChangeContact={props.onChangeContact}
        onChangeMethod={props.onChangeMethod}
      />

      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Billing address</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={sameAsShipping}
            onChange={(e) => setSameAsShipping(e.target.checked)}
            disabled={submitting}
          />
          <span>Use shipping address as billing address</span>
        </label>
        {!sameAsShipping && (
          <div className="checkout-grid checkout-grid--billing">
            <FormField
              label="First name"
              value={billing.firstName}
              onChange={(e) => setBilling({ ...billing, firstName: e.target.value })}
              error={errors.firstName}
              autoComplete="section-billing billing given-name"
              required
              className="checkout-grid__half"
            />
            <FormField
              label="Last name"
              value={billing.lastName}
              onChange={(e) => setBilling({ ...billing, lastName: e.target.value })}
              error={errors.lastName}
              autoComplete="section-billing billing family-name"
              className="checkout-grid__half"
            />
            <AddressBlock
              value={billing}
              onChange={setBilling}
              autoCompleteSection="billing"
              disabled={submitting}
              errors={errors}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Payment</legend>
        {byPaypal ? (
          <p className="checkout-muted paypal-approved">
            <span className="paypal-mark" aria-hidden="true">
              <b>Pay</b>Pal
            </span>
            Approved{props.paypalEmail ? ` for ${props.paypalEmail}` : ''}. Your PayPal account is charged when you
            complete the order.
          </p>
        ) : skipPayment ? (
          <p className="checkout-muted">Your total is {totalLabel}: no payment is needed.</p>
        ) : (
          <div className="checkout-grid">
            <FormField
              label="Cardholder name"
              value={cardholderName}
              onChange={(e) => setCardholderName(e.target.value)}
              error={errors.cardholderName}
              autoComplete="cc-name"
              disabled={submitting}
              className="checkout-grid__full"
            />
            <div className="checkout-grid__full">
              {!stripeMode ? (
                <SandboxPayment ref={card} disabled={submitting} />
              ) : clientSecret ? (
                // One Element for the stage, not one per intent: a new total updates its amount and
                // keeps what the shopper typed (docs/decisions/043).
                <StripePaymentElement
                  ref={card}
                  publishableKey={config.publishableKey}
                  clientSecret={clientSecret}
                  amountCents={props.totalCents}
                  defaults={{ email: info.email, phone: info.phone, country: info.country, zip: info.zip }}
                  returned={returned}
                  disabled={submitting}
                />
              ) : (
                <div className="stripe-payment__element" aria-busy="true">
                  <span className="visually-hidden">Loading the payment form</span>
                </div>
              )}
            </div>
          </div>
        )}
      </fieldset>

      {paymentError && (
        <ErrorBox title="Payment Error" onDismiss={props.onDismissError}>
          {paymentError}
        </ErrorBox>
      )}

      <div className="checkout-actions checkout-actions--place">
        <p className="checkout-actions__total">
          <span>Total</span> <strong>{totalLabel}</strong>
        </p>
        <Button
          type="submit"
          disabled={!canPlace}
          aria-busy={submitting || undefined}
          className="checkout-actions__primary"
          block
        >
          {submitting ? 'Placing your order…' : byPaypal ? 'Complete order with PayPal' : 'PLACE ORDER'}
        </Button>
      </div>
    </form>
  );
}
