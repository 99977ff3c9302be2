// Checkout's refusals and the words the shopper reads in them (spec §5 checkout rules, §7 Checkout calls).
import { BAG_CHANGED, BAG_CHANGED_CODE } from '../../../contract/checkout.js';
import { AppError } from '../../http/errors.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';

/** 402: the payment was not authorised, not for this amount, or could not be captured. */
export class PaymentRequired extends AppError {
  constructor(message: string) {
    super(402, 'payment_required', message);
  }
}

/** 409 `bag_changed`: the bag is not the one the shopper's screen showed (another tab changed it). */
export class BagChanged extends AppError {
  constructor() {
    super(409, BAG_CHANGED_CODE, BAG_CHANGED);
  }
}

/**
 * A provider's refusal as a 402 (its own message, or `message` when given); any other error as it is.
 * For `.catch(asPaymentRequired)` on a provider call.
 */
export function asPaymentRequired(err: unknown, message?: string): never {
  if (err instanceof PaymentError) throw new PaymentRequired(message ?? err.message);
  throw err;
}

export const INVALID_PROMO = 'Invalid Promo Code';
/** Issue 24 item 30: a welcome or referral code is for the email it was sent to. */
export const PROMO_OTHER_EMAIL =
  'This code was sent to another email address. Use that email address at checkout to apply it.';
/** Issue 24 item 18: the welcome code is for a first order. */
export const PROMO_FIRST_ORDER_ONLY = 'This code is for a first order, and this email address has ordered before.';
export const BALANCE_EMPTY = 'This gift card or store credit has no balance left.';
export const TOTAL_CHANGED = 'Your order total changed, please review it';
export const NOT_PAID = 'Your payment was not completed';
export const GIFT_CARD_WITH_BALANCE =
  'A gift card cannot be paid for with a gift card or store credit balance. Remove the balance, or buy the gift card in an order of its own.';
export const SESSION_GONE = 'Your session has expired, please reload the page';
export const BAG_EMPTY = 'Your bag is empty';
export const OPTION_UNKNOWN = 'This shipping option is not available for your address';
export const NOT_YOUR_PAYPAL_ORDER = 'This PayPal order does not belong to your checkout';
