// The sandbox's card fields (no Stripe keys): card number, MM / YY and CVC with Stripe's formatting
// and "complete" rule; their values go to POST /sandbox/card/confirm, which answers Stripe's test
// cards as Stripe does. With Stripe keys the Payment Element takes their place.
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { confirmSandboxCard } from '../../api/http-api.js';
import { FormField } from '../../ui/form-field.js';
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
import type { CardHandle } from './payment-handle.js';

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
