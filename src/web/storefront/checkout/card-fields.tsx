// The card field of the billing stage behind one handle: the sandbox's three inputs (card number,
// MM / YY, CVC; their values go to POST /sandbox/card/confirm) or Stripe's Card Element
// (https://js.stripe.com/v3, confirmCardPayment). The billing stage polls `isComplete()` every
// 200 ms (spec §5) and calls `confirm` on PLACE ORDER.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { confirmSandboxCard, type CardConfirmAnswer } from '../../api/http-api.js';
import { FormField } from '../../ui/form-field.js';
import { loadScript } from './load-script.js';
import {
  cardComplete,
  cvcComplete,
  digitsOf,
  expiryComplete,
  formatCardNumber,
  formatExpiry,
  numberComplete,
  cardLength,
  type CardValues,
} from './card.js';

export type CardHandle = {
  isComplete(): boolean;
  confirm(clientSecret: string, name: string): Promise<CardConfirmAnswer>;
};

export function SandboxCardFields({ ref, disabled }: { ref: Ref<CardHandle>; disabled: boolean }) {
  const [card, setCard] = useState<CardValues>({ number: '', exp: '', cvc: '' });
  const [touched, setTouched] = useState<Record<keyof CardValues, boolean>>({ number: false, exp: false, cvc: false });
  const current = useRef(card);
  current.current = card;

  useImperativeHandle(
    ref,
    () => ({
      isComplete: () => cardComplete(current.current),
      confirm: (clientSecret, name) =>
        confirmSandboxCard({
          clientSecret,
          cardNumber: digitsOf(current.current.number),
          exp: current.current.exp.replace(/\s/g, ''),
          cvc: current.current.cvc.trim(),
          name,
        }),
    }),
    [],
  );

  const digits = digitsOf(card.number);
  const numberError =
    touched.number && digits.length > 0 && !numberComplete(card.number)
      ? digits.length < cardLength(digits)
        ? 'Your card number is incomplete.'
        : 'Your card number is invalid.'
      : undefined;
  const expError =
    touched.exp && card.exp && !expiryComplete(card.exp)
      ? "Your card's expiration date is incomplete or in the past."
      : undefined;
  const cvcError =
    touched.cvc && card.cvc && !cvcComplete(card.cvc) ? "Your card's security code is incomplete." : undefined;
  const blur = (key: keyof CardValues) => () => setTouched((t) => ({ ...t, [key]: true }));

  return (
    <div className="card-fields">
      <FormField
        label="Card number"
        value={card.number}
        onChange={(e) => setCard((c) => ({ ...c, number: formatCardNumber(e.target.value) }))}
        onBlur={blur('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={19}
        disabled={disabled}
        error={numberError}
        className="card-fields__number"
      />
      <FormField
        label="MM / YY"
        value={card.exp}
        onChange={(e) => {
          const raw = e.target.value;
          // Deleting the separator deletes the month's last digit's partner, not nothing.
          const next = raw.endsWith(' /') ? raw.slice(0, -2) : raw;
          setCard((c) => ({ ...c, exp: formatExpiry(next) }));
        }}
        onBlur={blur('exp')}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM / YY"
        maxLength={7}
        disabled={disabled}
        error={expError}
      />
      <FormField
        label="CVC"
        value={card.cvc}
        onChange={(e) => setCard((c) => ({ ...c, cvc: digitsOf(e.target.value).slice(0, 4) }))}
        onBlur={blur('cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        maxLength={4}
        disabled={disabled}
        error={cvcError}
      />
      <p className="card-fields__note">Test mode: use 4242 4242 4242 4242, any future date and any CVC.</p>
    </div>
  );
}

// ---- Stripe (publishableKey other than 'sandbox') ----

type StripeCardElement = {
  mount(node: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { complete: boolean; error?: { message: string } }) => void): void;
};
type StripeJs = {
  elements(): { create(type: 'card', options: unknown): StripeCardElement };
  confirmCardPayment(
    secret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string } } },
  ): Promise<CardConfirmAnswer>;
};
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

function loadStripeJs(): Promise<void> {
  return loadScript('https://js.stripe.com/v3', () => Boolean(window.Stripe), 'Stripe.js could not be loaded');
}

export function StripeCardField({ ref, publishableKey }: { ref: Ref<CardHandle>; publishableKey: string }) {
  const mountNode = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeJs | null>(null);
  const element = useRef<StripeCardElement | null>(null);
  const complete = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !window.Stripe || !mountNode.current) return;
        stripe.current = window.Stripe(publishableKey);
        const card = stripe.current.elements().create('card', {
          hidePostalCode: true,
          style: {
            base: {
              fontFamily: 'Jost, system-ui, sans-serif',
              fontSize: '16px',
              color: '#2a2522',
              '::placeholder': { color: '#7a6f68' },
            },
          },
        });
        card.on('change', (e) => {
          complete.current = e.complete;
          setError(e.error?.message ?? null);
        });
        card.mount(mountNode.current);
        element.current = card;
        setReady(true);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'The card field could not be loaded.'));
    return () => {
      cancelled = true;
      element.current?.destroy();
      element.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      isComplete: () => complete.current,
      confirm: async (clientSecret, name) => {
        if (!stripe.current || !element.current) return { error: { message: 'The card field is not ready yet.' } };
        return stripe.current.confirmCardPayment(clientSecret, {
          payment_method: { card: element.current, billing_details: { name } },
        });
      },
    }),
    [],
  );

  return (
    <div className="field">
      <span className="field__label" id="stripe-card-label">
        Card
      </span>
      <div
        ref={mountNode}
        className="stripe-card"
        role="group"
        aria-labelledby="stripe-card-label"
        aria-busy={!ready || undefined}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
