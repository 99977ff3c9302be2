// What placing an order passes from step to step (place-order.ts): the shopper's input, the payment
// they claim, the server's price, the verified payment and the order made, with what undoes it.
import type { BillingInfo, ShippingInfo } from '../../../contract/checkout.js';
import type { Totals } from '../../../domain/money.js';
import type { CheckoutShippingOption as ProviderOption } from '../../providers/shipping/shipping-provider.js';
import type { BalanceRow } from '../balances/balances-repository.js';
import type { BagLine } from '../cart/cart-service.js';
import type { IssuedReward } from '../marketing/referral-reward.js';
import type { OrderRow, PromotionRow } from './checkout-repository.js';

export type PlaceOrderInput = {
  shippingInfo: ShippingInfo;
  billingInfo?: BillingInfo | undefined;
  shippingType: string;
  additionalInfo: { paymentIntentId?: string | undefined; paypalOrderId?: string | undefined };
  /** The version of the bag the browser showed (optional; see checkBagVersion). */
  bagVersion?: string | undefined;
};

/** How the shopper says they paid. */
export type PaymentClaim = { kind: 'card'; id: string } | { kind: 'paypal'; id: string } | { kind: 'none' };

/** A bag that may become an order: its cart and its lines, all on offer. */
export type OrderableBag = { cartId: string; live: BagLine[] };

/** Everything an order is made of, priced by the server. */
export type PricedCheckout = {
  cartId: string;
  lines: BagLine[];
  shippingInfo: ShippingInfo;
  billingInfo: BillingInfo | undefined;
  option: ProviderOption;
  promo: PromotionRow | undefined;
  /** The gift card or store credit paying part of the total (totals.balanceCents of it). */
  balance: BalanceRow | undefined;
  totals: Totals;
};

/** A payment checked against the server's total, ready to be captured once the order exists. */
export type VerifiedPayment = {
  provider: 'sandbox' | 'stripe' | 'paypal' | 'none';
  method: 'card' | 'paypal' | 'none';
  /** Card intent id / PayPal order id; undefined when nothing is paid. */
  id: string | undefined;
  detail: string;
};

/** An order just committed, with what undoes it if its payment cannot be captured. */
export type PlacedOrder = {
  order: OrderRow;
  taken: { sizeId: number; quantity: number }[];
  promoId: number | undefined;
  /** What this order spent from a balance, so that an undone order gives it back. */
  spent: { balanceId: number; amountCents: number } | undefined;
  /** The held order confirmation. */
  emailId: number;
  /** The referral sender's $20 code and its held email, when the order used a friend's gift card. */
  reward: IssuedReward | undefined;
  /** The order took the last piece of a size. */
  soldOut: boolean;
  /** Gift cards the order sold: their balances and held emails, undone with the order. */
  giftCards: { balanceId: number; emailId: number }[];
};
