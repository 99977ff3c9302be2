// What the billing stage asks of the payment field on screen, whichever it is: the sandbox's card
// fields and wallet button (sandbox-payment.tsx) or Stripe's Payment Element
// (stripe-payment-element.tsx). The stage polls `isComplete()` every 200 ms (spec §5) and, on PLACE
// ORDER, calls `begin()` within the click, then `confirm` once the order's checks allow it.
import type { CardConfirmAnswer } from '../../api/http-api.js';

export type CardHandle = {
  /** The payment details are complete: a whole card, or a wallet chosen. */
  isComplete(): boolean;
  /**
   * PLACE ORDER's click, before any other work: a wallet's payment sheet (Apple Pay, Google Pay) may
   * only open within the shopper's gesture, and Stripe's deferred intent flow wants the Element
   * submitted before each confirmation.
   */
  begin?(): void;
  /**
   * Authorises the payment of `clientSecret`, the checkout's intent at the press (the field is not
   * bound to one: what was typed before the total last changed pays the new intent), with the
   * billing name from the form.
   */
  confirm(clientSecret: string, name: string): Promise<CardConfirmAnswer>;
};
