// Form pieces of the checkout: a labelled select, the address block (country first, a states
// dropdown for the US, spec §9), and the red alert boxes.
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { isUsCountry } from '../../../domain/geo.js';
import { COUNTRIES, US_STATES } from '../../../domain/regions.js';
import { FormField } from '../../ui/form-field.js';
import type { AddressFields } from './shipping-info.js';
import { withCountry } from './shipping-info.js';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };

export function SelectField({ label, id, className, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={['field', 'field--select', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className="field__label">
        {label}
      </label>
      <select id={selectId} className="field__input field__select" {...select}>
        {children}
      </select>
    </div>
  );
}

/** Country, Address, Apartment, City, State, Zip: the same block for shipping, billing and the PayPal dialog. */
export function AddressBlock<
  T extends Pick<AddressFields, 'country' | 'address' | 'address2' | 'city' | 'state' | 'zip'>,
>({
  value,
  onChange,
  disabled,
  autoCompleteSection,
  errors,
}: {
  value: T;
  onChange: (next: T) => void;
  disabled?: boolean;
  /** What the contract's schema says of each field, once checked (see field-errors.ts). */
  errors?: Partial<Record<keyof AddressFields, string>> | undefined;
  /** 'shipping' or 'billing', so autofill keeps the two addresses apart. */
  autoCompleteSection: string;
}) {
  const us = isUsCountry(value.country);
  const set = (key: keyof T) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const ac = (token: string) => `section-${autoCompleteSection} ${autoCompleteSection} ${token}`;
  return (
    <>
      <SelectField
        label="Country"
        value={value.country}
        onChange={(event) => onChange(withCountry(value, event.target.value))}
        autoComplete={ac('country')}
        disabled={disabled}
        className="checkout-grid__full"
      >
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Address"
        value={value.address}
        onChange={set('address')}
        error={errors?.address}
        autoComplete={ac('address-line1')}
        required
        disabled={disabled}
        className="checkout-grid__full"
      />
      <FormField
        label="Apartment, suite"
        value={value.address2}
        onChange={set('address2')}
        error={errors?.address2}
        autoComplete={ac('address-line2')}
        disabled={disabled}
        className="checkout-grid__full"
      />
      <FormField
        label="City"
        value={value.city}
        onChange={set('city')}
        error={errors?.city}
        autoComplete={ac('address-level2')}
        required
        disabled={disabled}
        className="checkout-grid__city"
      />
      {us ? (
        <SelectField
          label="State"
          value={value.state}
          onChange={set('state')}
          autoComplete={ac('address-level1')}
          required
          disabled={disabled}
          className="checkout-grid__state"
        >
          <option value="">Select…</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <FormField
          label="State"
          value={value.state}
          onChange={set('state')}
          autoComplete={ac('address-level1')}
          required
          disabled={disabled}
          hint="State, province or region"
          error={errors?.state}
          className="checkout-grid__state"
        />
      )}
      <FormField
        label="Zip"
        value={value.zip}
        onChange={set('zip')}
        error={errors?.zip}
        autoComplete={ac('postal-code')}
        inputMode={us ? 'numeric' : 'text'}
        required
        disabled={disabled}
        className="checkout-grid__zip"
      />
    </>
  );
}

/** A red box with a title and a dismiss button (spec §8 'Payment Error'). */
export function ErrorBox({
  title,
  children,
  onDismiss,
}: {
  title: string;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  const titleId = useId();
  return (
    <div className="checkout-error" role="alert" aria-labelledby={titleId}>
      <div className="checkout-error__body">
        <p id={titleId} className="checkout-error__title">
          {title}
        </p>
        <p className="checkout-error__text">{children}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          className="checkout-error__dismiss"
          aria-label={`Dismiss ${title.toLowerCase()}`}
          onClick={onDismiss}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** A one-line message for a failed checkout call: the server's own words for a 4xx. */
export { bagErrorMessage as checkoutErrorMessage } from '../bag/use-cart.js';
