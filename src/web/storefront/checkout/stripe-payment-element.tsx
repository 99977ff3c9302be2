// Stripe's Payment Element (issue 29), shown on the billing stage when Stripe keys are set: cards,
// and the wallets the shopper's browser offers (Apple Pay, Google Pay) and Link, in Stripe's iframes.
// Stripe.js (`@stripe/stripe-js`) is loaded here only, when this field first shows: never in the
// storefront's first load. Stripe's "deferred intent" flow: the Element is created for the amount the
// page shows (not for one PaymentIntent), stays mounted for the whole billing stage and follows the
// total with `elements.update({ amount })`, so a card typed in survives a gift card, a promo code or
// any repricing. PLACE ORDER submits the Element within the click (a wallet's sheet opens then), and
// the payment is confirmed with the checkout's current client secret, the billing name from the form
// and redirect 'if_required': cards and wallets stay on the page; a payment that must leave it comes
// back to the billing stage (payment-return.ts). docs/decisions/043.
import type { Appearance, Stripe, StripeElements, StripePaymentElement as PaymentElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { STRIPE_PAYMENT_METHOD_TYPES } from '../../../contract/values/checkout.js';
import type { CardConfirmAnswer } from '../../api/http-api.js';
import type { CardHandle } from './payment-handle.js';
import { billingReturnUrl, type PaymentReturn } from './payment-return.js';

/** The shop's look inside Stripe's iframes (src/web/styles/global.css). */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#2a2522',
    colorText: '#2a2522',
    colorTextSecondary: '#5f5650',
    colorTextPlaceholder: '#7a6f68',
    colorBackground: '#fffdf9',
    colorDanger: '#a3262f',
    fontFamily: 'Jost, system-ui, sans-serif',
    fontSizeBase: '15px',
    borderRadius: '0px',
  },
  rules: {
    '.Input': { border: '1px solid #cdbfae', boxShadow: 'none' },
    '.Input:hover': { borderColor: '#2a2522' },
    '.Input:focus': { borderColor: '#2a2522', boxShadow: '0 0 0 1px #2a2522' },
    '.Label': { fontSize: '11px', fontWeight: '500', letterSpacing: '0.18em', textTransform: 'uppercase' },
    '.Tab': { border: '1px solid #cdbfae', boxShadow: 'none' },
    '.Tab--selected': { borderColor: '#2a2522', boxShadow: '0 0 0 1px #2a2522' },
  },
};

const NOT_READY = 'The payment form is not ready yet. Please wait a moment and try again.';
export const RETURN_FAILED = 'Your payment was not completed. Please try again, or choose another way to pay.';
/** The total changed between the press of PLACE ORDER and the payment: nothing is paid for a total not shown. */
export const TOTAL_MOVED =
  'Your total changed while you were paying, and nothing was charged. Please check your total and press PLACE ORDER again.';
/** The currency of the shop's PaymentIntents (providers/payment/stripe-card.ts): the Element's must be the same. */
const CURRENCY = 'usd';

/** What the checkout already knows of the payer, so the Element and Link need not ask again. */
export type PayerDefaults = { email: string; phone: string; country: string; zip: string };

type Props = {
  ref: Ref<CardHandle>;
  publishableKey: string;
  /** The checkout's current PaymentIntent: confirmed at PLACE ORDER (the Element is not bound to it). */
  clientSecret: string;
  /** The total the page shows, in cents: what the Element and a wallet's sheet show. */
  amountCents: number;
  defaults: PayerDefaults;
  /** A payment that left the page and came back (Stripe's query parameters), if any. */
  returned: PaymentReturn | null;
  disabled: boolean;
};

const asAnswer = (error: { message?: string; code?: string; type?: string }, fallback: string): CardConfirmAnswer => ({
  error: { message: error.message ?? fallback, ...(error.code ? { code: error.code } : {}), type: error.type },
});

/** A whole number of cents Stripe can charge: the Element is made (and updated) only for one. */
const payableAmount = (cents: number) => Number.isSafeInteger(cents) && cents > 0;

export function StripePaymentElement({
  ref,
  publishableKey,
  clientSecret,
  amountCents,
  defaults,
  returned,
  disabled,
}: Props) {
  const mountNode = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const stripeNow = useRef<Stripe | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const element = useRef<PaymentElement | null>(null);
  const complete = useRef(false);
  /** PLACE ORDER's submission of the Element, with the amount the Element showed when it was pressed. */
  const submission = useRef<{ result: ReturnType<StripeElements['submit']>; amount: number | null } | null>(null);
  /** The amount the Element shows: set when it is made and when an update of it is applied. */
  const amountShown = useRef<number | null>(null);
  const amountNow = useRef(amountCents);
  amountNow.current = amountCents;
  const payable = payableAmount(amountCents);
  const defaultsNow = useRef(defaults);
  defaultsNow.current = defaults;
  const [error, setError] = useState<string | null>(() => (returned && !returned.authorised ? RETURN_FAILED : null));
  const [ready, setReady] = useState(false);
  /** This intent was authorised on the page the shopper came back from: PLACE ORDER completes it. */
  const [authorisedReturn, setAuthorisedReturn] = useState(
    () => returned?.authorised === true && returned.clientSecret === clientSecret,
  );
  /** The Element shows unless PLACE ORDER is to complete a payment already authorised (a new total shows it). */
  const elementShown = !(authorisedReturn && returned?.clientSecret === clientSecret);
  const authorisedNow = useRef(!elementShown);
  authorisedNow.current = !elementShown;

  // Stripe.js, once for the billing stage.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(publishableKey);
      if (cancelled) return;
      if (!loaded) throw new Error('Stripe.js is not available in this browser.');
      stripeNow.current = loaded;
      setStripe(loaded);
    })().catch((err: unknown) => {
      if (!cancelled) setError(err instanceof Error ? err.message : 'The payment form could not be loaded.');
    });
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  // One Element for the whole stage, whatever the intent: a new total updates it (below), so what the
  // shopper typed stays. Made for the amount the page shows, as the intent is made (stripe-card.ts):
  // manual capture and the same methods, or Stripe refuses to confirm the intent with it.
  useEffect(() => {
    complete.current = false;
    setReady(false);
    if (!stripe) return;
    if (!elementShown) {
      setReady(true);
      return;
    }
    if (!payable || !mountNode.current) return;
    const amount = amountNow.current;
    const group = stripe.elements({
      mode: 'payment',
      amount,
      currency: CURRENCY,
      captureMethod: 'manual',
      allowedPaymentMethodTypes: [...STRIPE_PAYMENT_METHOD_TYPES],
      appearance: APPEARANCE,
    });
    const { email, phone, country, zip } = defaultsNow.current;
    const payment = group.create('payment', {
      // The cardholder name is the form's own field (spec §2), passed when confirming.
      fields: { billingDetails: { name: 'never' } },
      defaultValues: {
        billingDetails: {
          email,
          phone,
          ...(/^[A-Z]{2}$/.test(country) ? { address: { country, postal_code: zip } } : {}),
        },
      },
      layout: { type: 'tabs', defaultCollapsed: false },
    });
    payment.on('change', (event) => {
      complete.current = event.complete;
    });
    payment.on('ready', () => setReady(true));
    payment.on('loaderror', (event) => setError(event.error.message ?? 'The payment form could not be loaded.'));
    payment.mount(mountNode.current);
    elements.current = group;
    element.current = payment;
    amountShown.current = amount;
    return () => {
      payment.destroy();
      element.current = null;
      elements.current = null;
      submission.current = null;
      amountShown.current = null;
    };
  }, [stripe, elementShown, payable]);

  // A new total (a gift card, a promo code, a repricing): the Element and the wallets show it.
  useEffect(() => {
    const group = elements.current;
    if (!group || !payable || amountShown.current === amountCents) return;
    let current = true;
    const shown = () => {
      if (current && elements.current === group) amountShown.current = amountCents;
    };
    try {
      Promise.resolve(group.update({ amount: amountCents })).then(shown, (err: unknown) =>
        setError(err instanceof Error ? err.message : 'The payment form could not show your new total.'),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The payment form could not show your new total.');
    }
    return () => {
      current = false;
    };
  }, [amountCents, payable]);

  useEffect(() => {
    element.current?.update({ readOnly: disabled });
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      isComplete: () => authorisedNow.current || complete.current,
      begin: () => {
        // Within PLACE ORDER's click: the Element checks its fields and a wallet opens its sheet.
        if (elements.current && !authorisedNow.current)
          submission.current = { result: elements.current.submit(), amount: amountShown.current };
      },
      confirm: async (secret, name) => {
        const loaded = stripeNow.current;
        if (!loaded) return { error: { message: NOT_READY } };
        if (authorisedNow.current) {
          const { paymentIntent } = await loaded.retrievePaymentIntent(secret);
          if (paymentIntent && (paymentIntent.status === 'requires_capture' || paymentIntent.status === 'succeeded'))
            return { paymentIntent: { id: paymentIntent.id, status: paymentIntent.status } };
          // Not authorised after all: the Element takes the payment afresh.
          setAuthorisedReturn(false);
          return { error: { message: RETURN_FAILED } };
        }
        const group = elements.current;
        if (!group) return { error: { message: NOT_READY } };
        const pending = submission.current ?? { result: group.submit(), amount: amountShown.current };
        submission.current = null;
        const submitted = await pending.result;
        if (submitted.error) return asAnswer(submitted.error, 'Please check your payment details.');
        // What the Element (and a wallet's sheet) showed at the press is the total the page shows now;
        // the server checks the intent's own amount against the order at /placeOrder.
        if (pending.amount !== amountNow.current) return { error: { message: TOTAL_MOVED } };
        // Deferred intent: the Element is not bound to an intent, so the current one is named here.
        const result = await loaded.confirmPayment({
          elements: group,
          clientSecret: secret,
          confirmParams: {
            return_url: billingReturnUrl(window.location),
            payment_method_data: { billing_details: { name } },
          },
          redirect: 'if_required',
        });
        if (result.error) return asAnswer(result.error, 'Your payment could not be completed.');
        return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
      },
    }),
    [],
  );

  return (
    <div className="field stripe-payment">
      <span className="field__label" id="stripe-payment-label">
        Card or wallet
      </span>
      {!elementShown ? (
        <p className="checkout-muted" role="status">
          Your payment is authorised. Press PLACE ORDER to complete your order.
        </p>
      ) : (
        <div
          ref={mountNode}
          className="stripe-payment__element"
          role="group"
          aria-labelledby="stripe-payment-label"
          aria-busy={!ready || undefined}
          data-testid="stripe-payment-element"
        />
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
