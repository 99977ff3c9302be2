// The sandbox card fields' formatting and the "complete" test Stripe's Card Element applies:
// a Luhn-valid number of its brand's length, an expiry MM / YY not in the past, a CVC of 3-4 digits.

export type CardValues = { number: string; exp: string; cvc: string };

export const digitsOf = (value: string) => value.replace(/\D/g, '');

const isAmex = (digits: string) => /^3[47]/.test(digits);
export const cardLength = (digits: string) => (isAmex(digits) ? 15 : 16);

/** '4242424242424242' → '4242 4242 4242 4242' (groups of 4; Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, cardLength(digitsOf(value)));
  if (isAmex(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' → '12 / 34'; a first digit above 1 is a one-digit month ('4' → '04 / '). */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function numberComplete(number: string): boolean {
  const digits = digitsOf(number);
  return digits.length === cardLength(digits) && luhnValid(digits);
}

export function expiryComplete(exp: string, today = new Date()): boolean {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(exp.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > today.getFullYear() || (year === today.getFullYear() && month >= today.getMonth() + 1);
}

export const cvcComplete = (cvc: string) => /^\d{3,4}$/.test(cvc.trim());

export const cardComplete = (card: CardValues) =>
  numberComplete(card.number) && expiryComplete(card.exp) && cvcComplete(card.cvc);
