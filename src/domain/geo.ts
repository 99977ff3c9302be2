// The address rules of spec §4/§5. No reference data here: the money rules import this file,
// and the storefront's first load should not carry the country list (see regions.ts).

// Spec §4/§5 accept these spellings as well as the ISO code, so older orders and typed-in
// countries still count as the US.
const US_SPELLINGS = new Set(['us', 'usa', 'united states', 'united states of america']);

export function isUsCountry(country: string): boolean {
  return US_SPELLINGS.has(country.trim().toLowerCase());
}

/** 5 digits, optionally '-' and 4 more (ZIP+4). */
export function isUsZip(zip: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(zip.trim());
}

/** Spec §5 US address test: a US country and a US zip. Tax and the $100 free shipping depend on it. */
export function isUsAddress(address: { country: string; zip: string }): boolean {
  return isUsCountry(address.country) && isUsZip(address.zip);
}

/** Spec §5: a zip of at least 5 characters for the US, at least 4 elsewhere. */
export function zipLengthOk(country: string, zip: string): boolean {
  return zip.trim().length >= (isUsCountry(country) ? 5 : 4);
}

export type CheckoutContact = {
  firstName: string;
  email: string;
  address: string;
  city: string;
  zip: string;
  state: string;
  country: string;
};

/** Spec §5: the checkout continue buttons are enabled only when this holds. */
export function checkoutContactComplete(info: CheckoutContact): boolean {
  const required = [info.firstName, info.email, info.address, info.city, info.zip, info.state];
  return required.every((value) => value.trim() !== '') && zipLengthOk(info.country, info.zip);
}
