// Stripe's Payment Element (issue 29), shown on the billing stage when Stripe keys are set: cards,
// and the wallets the shopper's browser offers (Apple Pay, Google Pay) and Link, in Stripe's iframes.
// Stripe.js (`@stripe/stripe-js`) is loaded here only, when this field first shows: never in the
// storefront's first load. The Element is bound to the checkout's PaymentIntent (its client secret):
// a new intent (the total changed) mounts a new Element. PLACE ORDER submits the Element within the
// click (a wallet's sheet opens then), and the payment is confirmed with the billing name from the
// form and redirect 'if_required': cards and wallets stay on the page; a payment that must leave it
// comes back to the billing stage (payment-return.ts). docs/decisions/043.
import type { Appearance, Stripe, StripeElements, StripePaymentElement as PaymentElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
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

/** What the checkout already knows of the payer, so the Element and Link need not ask again. */
export type PayerDefaults = { email: string; phone: string; country: string; zip: string };

type Props = {
  ref: Ref<CardHandle>;
  publishableKey: string;
  clientSecret: string;
  defaults: PayerDefaults;
  /** A payment that left the page and came back (Stripe's query parameters), if any. */
  returned: PaymentReturn | null;
  disabled: boolean;
};

const asAnswer = (error: { message?: string; code?: string; type?: string }, fallback: string): CardConfirmAnswer => ({
  error: { message: error.message ?? fallback, ...(error.code ? { code: error.code } : {}), type: error.type },
});

export function StripePaymentElement({ ref, publishableKey, clientSecret, defaults, returned, disabled }: Props) {
  const mountNode = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const element = useRef<PaymentElement | null>(null);
  const complete = useRef(false);
  const submission = useRef<ReturnType<StripeElements['submit']> | null>(null);
  const defaultsNow = useRef(defaults);
  defaultsNow.current = defaults;
  const [error, setError] = useState<string | null>(() => (returned && !returned.authorised ? RETURN_FAILED : null));
  const [ready, setReady] = useState(false);
  /** This intent was authorised on the page the shopper came back from: PLACE ORDER completes it. */
  const [authorisedReturn, setAuthorisedReturn] = useState(
    () => returned?.authorised === true && returned.clientSecret === clientSecret,
  );
  /** The Element shows unless PLACE ORDER is to complete a payment already authorised. */
  const elementShown = !(authorisedReturn && returned?.clientSecret === clientSecret);
  const authorisedNow = useRef(!elementShown);
  authorisedNow.current = !elementShown;

  useEffect(() => {
    let cancelled = false;
    complete.current = false;
    setReady(false);
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(publishableKey);
      if (cancelled) return;
      if (!loaded) throw new Error('Stripe.js is not available in this browser.');
      stripe.current = loaded;
      if (!elementShown || !mountNode.current) {
        setReady(true);
        return;
      }
      const group = loaded.elements({ clientSecret, appearance: APPEARANCE });
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
    })().catch((err: unknown) => {
      if (!cancelled) setError(err instanceof Error ? err.message : 'The payment form could not be loaded.');
    });
    return () => {
      cancelled = true;
      element.current?.destroy();
      element.current = null;
      elements.current = null;
      submission.current = null;
    };
  }, [publishableKey, clientSecret, elementShown]);

  useEffect(() => {
    element.current?.update({ readOnly: disabled });
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      isComplete: () => authorisedNow.current || complete.current,
      begin: () => {
        // Within PLACE ORDER's click: the Element checks its fields and a wallet opens its sheet.
        if (elements.current && !authorisedNow.current) submission.current = elements.current.submit();
      },
      confirm: async (secret, name) => {
        const loaded = stripe.current;
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
        const submitted = await (submission.current ?? group.submit());
        submission.current = null;
        if (submitted.error) return asAnswer(submitted.error, 'Please check your payment details.');
        // The Element is bound to this intent (a new secret mounts a new Element), so `secret` is its own.
        const result = await loaded.confirmPayment({
          elements: group,
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
