// Checkout stage (spec §2): the express button with its 'or' separator, then contact and shipping
// address; 'Continue to shipping' enabled by the §5 rule. Checked by the contract's own schema
// (ShippingInfoSchema, as POST /order/getShippingOptions checks it) before anything is sent: each
// problem is said by its field in the server's words, and the first such field takes the focus.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ShippingInfoSchema } from '../../../contract/checkout.js';
import type { ShippingInfoInput } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { fieldErrors } from './field-errors.js';
import { AddressBlock } from './fields.js';
import { contactReady, emailsMatch } from './shipping-info.js';
import './reminder-box.css';

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
  /** Issue 28: 'Email me a reminder if I don't finish' (unticked by default); null while the shop sends none. */
  reminder?: { checked: boolean; onChange: (checked: boolean) => void } | null;
};

/** Issue 28: the reminder box's choice, kept for this tab only (a new visit starts unticked). */
const REMIND_ME_KEY = 'murashki.remindMe';
export function loadRemindMe(): boolean {
  try {
    return window.sessionStorage.getItem(REMIND_ME_KEY) === 'yes';
  } catch {
    return false;
  }
}
export function saveRemindMe(checked: boolean): void {
  try {
    window.sessionStorage.setItem(REMIND_ME_KEY, checked ? 'yes' : 'no');
  } catch {
    // Private mode or a full store: the box still works, it just is not remembered.
  }
}

export function ContactStage({ info, onChange, onContinue, pending, error, express, expressNote, reminder }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [confirmTouched, setConfirmTouched] = useState(false);
  /** The email is checked once left (not while typed); every field once Continue was pressed. */
  const [emailChecked, setEmailChecked] = useState(false);
  const [checked, setChecked] = useState(false);
  const set = (key: keyof ShippingInfoInput) => (e: { target: { value: string } }) =>
    onChange({ ...info, [key]: e.target.value });
  const ready = contactReady(info);
  const mismatch = confirmTouched && !emailsMatch(info) ? 'The emails do not match.' : undefined;
  const problems = fieldErrors<keyof ShippingInfoInput>(ShippingInfoSchema, info);
  const errors = checked ? problems : {};
  const emailError = checked || emailChecked ? problems.email : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || pending) return;
    // Checked here, so each message sits by the field it is about and nothing is sent.
    flushSync(() => {
      setChecked(true);
      setEmailChecked(true);
    });
    // A problem of a field not on screen is left to the server's answer, which says it.
    const invalid =
      Object.keys(problems).length > 0 && form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    onContinue();
  };

  return (
    <form
      ref={form}
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
            error={errors.firstName}
            autoComplete="section-shipping shipping given-name"
            required
            className="checkout-grid__half"
          />
          <FormField
            label="Last name"
            value={info.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            autoComplete="section-shipping shipping family-name"
            className="checkout-grid__half"
          />
          <FormField
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
            error={mismatch ?? errors.emailConf}
            className="checkout-grid__half"
          />
          <FormField
            label="Phone"
            type="tel"
            value={info.phone}
            onChange={set('phone')}
            error={errors.phone}
            autoComplete="section-shipping shipping tel"
            className="checkout-grid__full"
            hint="In case the courier needs to reach you."
          />
          {reminder && (
            <div className="checkout-grid__full checkout-reminder">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={reminder.checked}
                  onChange={(e) => reminder.onChange(e.target.checked)}
                  aria-describedby="checkout-reminder-note"
                />
                <span>Email me a reminder if I don't finish</span>
              </label>
              <p id="checkout-reminder-note" className="field__hint checkout-reminder__note">
                One email, with a link that brings your bag back on any device.
              </p>
            </div>
          )}
        </div>
      </fieldset>
      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Shipping address</legend>
        <div className="checkout-grid">
          <AddressBlock value={info} onChange={onChange} autoCompleteSection="shipping" errors={errors} />
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
