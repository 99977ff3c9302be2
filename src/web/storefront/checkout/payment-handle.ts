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
   * only open within the shopper's gesture.
   */
  begin?(): void;
  /** Authorises the payment of `clientSecret`, with the billing name from the form. */
  confirm(clientSecret: string, name: string): Promise<CardConfirmAnswer>;
};
