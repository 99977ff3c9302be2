// Coming back from a payment that left the page (issue 29): Stripe's Payment Element confirms with
// redirect 'if_required', so cards and wallets stay on the page, but a bank's check or Link may send
// the shopper away and back to the billing stage with Stripe's query parameters
// (?payment_intent=…&payment_intent_client_secret=…&redirect_status=succeeded|failed). The billing
// form is kept for this tab before paying, so the page can be as the shopper left it.
import type { AddressFields } from './shipping-info.js';

export type PaymentReturn = { clientSecret: string; authorised: boolean };

const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** Stripe's parameters on the address it sent the shopper back to, or null when there are none. */
export function paymentReturnOf(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const clientSecret = params.get('payment_intent_client_secret');
  const status = params.get('redirect_status');
  if (!clientSecret || !status) return null;
  return { clientSecret, authorised: status === 'succeeded' };
}

/** `search` without Stripe's parameters ('' when nothing else is left). */
export function withoutPaymentReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The billing stage's own address, where a payment that leaves the page sends the shopper back. */
export const billingReturnUrl = (location: Pick<Location, 'origin' | 'pathname'>) =>
  `${location.origin}${location.pathname}?stage=billing`;

/** What the billing form held when PLACE ORDER was pressed. */
export type BillingForm = { cardholderName: string; sameAsShipping: boolean; billing: AddressFields };

const BILLING_FORM_KEY = 'murashki.billingForm';

export function saveBillingForm(form: BillingForm): void {
  try {
    window.sessionStorage.setItem(BILLING_FORM_KEY, JSON.stringify(form));
  } catch {
    // Not kept: after a payment that left the page the shopper fills the billing form again.
  }
}

/** The billing form kept before paying, once (it is forgotten as it is read). */
export function takeBillingForm(): BillingForm | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(BILLING_FORM_KEY) ?? 'null') as BillingForm | null;
    window.sessionStorage.removeItem(BILLING_FORM_KEY);
    if (!stored || typeof stored.cardholderName !== 'string' || typeof stored.billing !== 'object') return null;
    return {
      cardholderName: stored.cardholderName,
      sameAsShipping: stored.sameAsShipping !== false,
      billing: stored.billing,
    };
  } catch {
    return null;
  }
}
