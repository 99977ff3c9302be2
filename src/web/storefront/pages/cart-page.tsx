// /cart/{step}: only checkout and success exist; any other step goes to /cart/checkout (spec §2).
import { Navigate, useParams } from 'react-router';
import { SimplePage } from './simple-page.js';

const CART_STEPS = ['checkout', 'success'];

/** Where an invalid step redirects; used by the server (302) and in the browser alike. */
export function cartRedirect(step: string | undefined): string | undefined {
  return step !== undefined && CART_STEPS.includes(step) ? undefined : '/cart/checkout';
}

export function CartPage() {
  const { step } = useParams();
  const redirect = cartRedirect(step);
  if (redirect) return <Navigate to={redirect} replace />;
  if (step === 'success') {
    return <SimplePage title="Thank you for your order!" metaTitle="Order placed" continueShopping />;
  }
  return <SimplePage eyebrow="Secure checkout" title="Checkout" />;
}
