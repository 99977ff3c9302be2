// The checkout's shipping info as the browser keeps it: restored from and saved to localStorage
// (spec §4: cleared after a successful order), and the §5 rule for the continue buttons.
import { checkoutContactComplete, isUsCountry } from '../../../domain/geo.js';
import type { BillingInfoInput, ShippingInfoInput } from '../../api/http-api.js';

export const SHIPPING_INFO_KEY = 'murashki.shippingInfo';

export const EMPTY_SHIPPING_INFO: ShippingInfoInput = {
  firstName: '',
  lastName: '',
  email: '',
  emailConf: '',
  phone: '',
  country: 'US',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
};

export type AddressFields = Pick<
  ShippingInfoInput,
  'firstName' | 'lastName' | 'phone' | 'country' | 'address' | 'address2' | 'city' | 'state' | 'zip'
>;

export const EMPTY_ADDRESS: AddressFields = {
  firstName: '',
  lastName: '',
  phone: '',
  country: 'US',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
};

export function loadShippingInfo(): ShippingInfoInput {
  try {
    const stored = JSON.parse(window.localStorage.getItem(SHIPPING_INFO_KEY) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return EMPTY_SHIPPING_INFO;
    const info = { ...EMPTY_SHIPPING_INFO };
    for (const key of Object.keys(info) as (keyof ShippingInfoInput)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'string') info[key] = value;
    }
    return info;
  } catch {
    return EMPTY_SHIPPING_INFO;
  }
}

export function saveShippingInfo(info: ShippingInfoInput): void {
  try {
    window.localStorage.setItem(SHIPPING_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode or a full store: the form still works, it just is not remembered.
  }
}

export function clearShippingInfo(): void {
  try {
    window.localStorage.removeItem(SHIPPING_INFO_KEY);
    window.sessionStorage.removeItem(SHIPPING_TYPE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The chosen shipping method, kept for this tab so billing can be prepared again after a reload. */
export const SHIPPING_TYPE_KEY = 'murashki.shippingType';

export function loadShippingType(): string | null {
  try {
    return window.sessionStorage.getItem(SHIPPING_TYPE_KEY);
  } catch {
    return null;
  }
}

export function saveShippingType(type: string | null): void {
  try {
    if (type === null) window.sessionStorage.removeItem(SHIPPING_TYPE_KEY);
    else window.sessionStorage.setItem(SHIPPING_TYPE_KEY, type);
  } catch {
    // Not remembered: after a reload billing falls back to shipping.
  }
}

/** 'Confirm email', when given, must match. */
export const emailsMatch = (info: ShippingInfoInput) =>
  !info.emailConf?.trim() || info.emailConf.trim().toLowerCase() === info.email.trim().toLowerCase();

/** Spec §5: firstName, email, address, city, zip and state filled, zip long enough; and matching emails. */
export const contactReady = (info: ShippingInfoInput) => checkoutContactComplete(info) && emailsMatch(info);

/** A billing address is usable with the same rule, less the email. */
export const billingReady = (address: AddressFields) => checkoutContactComplete({ ...address, email: 'x' });

/** Switching between the US and elsewhere swaps the state dropdown for a text field: the old value no longer fits. */
export function withCountry<T extends { country: string; state: string }>(value: T, country: string): T {
  return isUsCountry(value.country) === isUsCountry(country) ? { ...value, country } : { ...value, country, state: '' };
}

export function billingInfoOf(
  cardholderName: string,
  sameAsShipping: boolean,
  shipping: ShippingInfoInput,
  billing: AddressFields,
): BillingInfoInput {
  const source = sameAsShipping ? shipping : billing;
  return {
    cardholderName: cardholderName.trim(),
    firstName: source.firstName,
    lastName: source.lastName,
    phone: source.phone,
    country: source.country,
    address: source.address,
    address2: source.address2,
    city: source.city,
    state: source.state,
    zip: source.zip,
  };
}
