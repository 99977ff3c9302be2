// Checkout stage (spec §2): the express button with its 'or' separator, then contact and shipping
// address; 'Continue to shipping' enabled by the §5 rule.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isEmail, MESSAGES } from '../../../domain/marketing.js';
import type { ShippingInfoInput } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { AddressBlock } from './fields.js';
import { contactReady, emailsMatch } from './shipping-info.js';

type Props = {
  info: ShippingInfoInput;
  onChange: (info: ShippingInfoInput) => void;
  onContinue: () => void;
  pending: boolean;
  error: string | null;
  /** The express button, or null when the express provider has no button here. */
  express: ReactNode;
  /** A note once PayPal has approved. */
  expressNote: ReactNode;
};

export function ContactStage({ info, onChange, onContinue, pending, error, express, expressNote }: Props) {
  const emailId = useId();
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [emailChecked, setEmailChecked] = useState(false);
  const set = (key: keyof ShippingInfoInput) => (e: { target: { value: string } }) =>
    onChange({ ...info, [key]: e.target.value });
  const ready = contactReady(info);
  const mismatch = confirmTouched && !emailsMatch(info) ? 'The emails do not match.' : undefined;
  const emailError = emailChecked && !isEmail(info.email) ? MESSAGES.invalidEmail : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || pending) return;
    // Checked here, by the server's own pattern, so the message sits by the field it is about.
    setEmailChecked(true);
    if (!isEmail(info.email)) {
      document.getElementById(emailId)?.focus();
      return;
    }
    onContinue();
  };

  return (
    <form
      className="checkout-form"
      onSubmit={submit}
      noValidate
      aria-describedby={ready ? undefined : 'contact-required-note'}
    >
      {express && (
        <div className="express">
          <p className="express__label">Express checkout</p>
          {express}
          {expressNote}
          {/* The lines either side are drawn by CSS; the word is read as it is. */}
          <p className="express__or">
            <span>or</span>
          </p>
        </div>
      )}
      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Contact</legend>
        <div className="checkout-grid">
          <FormField
            label="First name"
            value={info.firstName}
            onChange={set('firstName')}
            autoComplete="section-shipping shipping given-name"
            required
            className="checkout-grid__half"
          />
          <FormField
            label="Last name"
            value={info.lastName}
            onChange={set('lastName')}
            autoComplete="section-shipping shipping family-name"
            className="checkout-grid__half"
          />
          <FormField
            id={emailId}
            label="Email"
            type="email"
            value={info.email}
            onChange={set('email')}
            onBlur={() => info.email.trim() && setEmailChecked(true)}
            autoComplete="email"
            required
            error={emailError}
            className="checkout-grid__half"
          />
          <FormField
            label="Confirm email"
            type="email"
            value={info.emailConf ?? ''}
            onChange={set('emailConf')}
            onBlur={() => setConfirmTouched(true)}
            autoComplete="email"
            error={mismatch}
            className="checkout-grid__half"
          />
          <FormField
            label="Phone"
            type="tel"
            value={info.phone}
            onChange={set('phone')}
            autoComplete="section-shipping shipping tel"
            className="checkout-grid__full"
            hint="In case the courier needs to reach you."
          />
        </div>
      </fieldset>
      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Shipping address</legend>
        <div className="checkout-grid">
          <AddressBlock value={info} onChange={onChange} autoCompleteSection="shipping" />
        </div>
      </fieldset>
      {error && (
        <p className="checkout-inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="checkout-actions">
        <Button
          type="submit"
          disabled={!ready || pending}
          aria-busy={pending || undefined}
          className="checkout-actions__primary"
        >
          {pending ? 'Just a moment…' : 'Continue to shipping'}
        </Button>
        {!ready && (
          <p id="contact-required-note" className="checkout-actions__note">
            First name, email, address, city, state and zip are required.
          </p>
        )}
      </div>
    </form>
  );
}
