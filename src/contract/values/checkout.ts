// Checkout's values (spec §7 Checkout), Zod-free for the browser; the schemas are in ../checkout.ts.

/** The steps of /cart/{step}, in order. */
export const CHECKOUT_STEPS = ['checkout', 'shipping', 'billing', 'success'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** POST /api/getClientSecret's answer when the total is 0: nothing to pay by card. */
export const SKIP_PAYMENT = 'SKIP_PAYMENT';

/**
 * Optional on /api/getClientSecret and /placeOrder (not in spec §7): the version of the bag the
 * screen showed (src/domain/bag-version.ts). When it is not the bag's version now, the call answers
 * 409 `bag_changed` and nothing is authorised or charged for lines the shopper did not see.
 */
export const BAG_CHANGED_CODE = 'bag_changed';
export const BAG_CHANGED = 'Your bag changed in another window. Please check your order before you pay.';

/** A gift card or store credit applied at checkout. */
export const BALANCE_KINDS = ['store_credit', 'gift_card'] as const;
/** The card and express (PayPal) providers the browser may talk to. */
export const CARD_PROVIDERS = ['sandbox', 'stripe'] as const;
export const EXPRESS_PROVIDERS = ['sandbox', 'paypal'] as const;

/**
 * Issue 29: the Stripe payment method types a checkout's PaymentIntent allows (with manual capture),
 * and so what the Payment Element offers: cards, with the wallets that pay by card (Apple Pay,
 * Google Pay) wherever the shopper's browser has them, and Link.
 */
export const STRIPE_PAYMENT_METHOD_TYPES = ['card', 'link'] as const;
/** The sandbox's wallet button (issue 29): the name its payments carry, e.g. 'Visa •••• 4242 (Sandbox Pay)'. */
export const SANDBOX_WALLET_NAME = 'Sandbox Pay';
