// PayPal express checkout (spec §7 /paypal/*): a PayPal order for the bag, the payer and address
// PayPal approved, its amount kept to the server's total, and the approval check. The capture itself
// happens in placeOrder, once the order exists. PayPal's own wire shape is the route's business.
import type { ShippingInfo } from '../../../contract/checkout.js';
import type { Totals } from '../../../domain/money.js';
import { Conflict, Invalid } from '../../http/errors.js';
import type { ExpressAddress, ExpressAmount } from '../../providers/payment/express-provider.js';
import {
  asPaymentRequired,
  BAG_EMPTY,
  NOT_YOUR_PAYPAL_ORDER,
  OPTION_UNKNOWN,
  PaymentRequired,
} from './checkout-errors.js';
import { checkoutRepository } from './checkout-repository.js';
import { checkShippingInfo } from './checkout-rules.js';
import type { CheckoutDeps, CheckoutSession } from './checkout-session.js';
import { paymentHoldsRepository } from './payment-holds.js';
import { price, totalsInDollars, type PricingReads } from './pricing.js';

/** PayPal is asked for what is due; the balance counts as a discount in its breakdown (which must add up). */
export const expressAmount = (t: Totals): ExpressAmount => ({
  totalCents: t.dueCents,
  itemsCents: t.subtotalCents,
  discountCents: t.discountCents + t.balanceCents,
  shippingCents: t.shippingCents,
  taxCents: t.taxCents,
});

/** The payer and the address PayPal approved for the shopper's PayPal order. */
export type ExpressApproval = {
  payer: { givenName: string; surname: string; email: string };
  shipping: ExpressAddress;
};

type ExpressDeps = Pick<CheckoutDeps, 'db' | 'clock' | 'payments'> & { pricing: PricingReads };

function ownOrder(session: CheckoutSession, orderId: string): void {
  if (orderId !== session.data.paypalOrderId) throw new Invalid(NOT_YOUR_PAYPAL_ORDER);
}

/** The PayPal calls of one service. */
export function paypalExpress(deps: ExpressDeps) {
  const { db, clock, payments, pricing } = deps;
  const repo = checkoutRepository(db);
  const holds = paymentHoldsRepository(db);

  return {
    /** POST /paypal/createOrder: a PayPal order for the bag (shipping and tax follow once known). */
    async createOrder(session: CheckoutSession): Promise<string> {
      const { id: sessionId, data } = session;
      const [bag, promo, balance] = await Promise.all([
        pricing.readBag(sessionId),
        pricing.sessionPromo(session, data.shippingInfo?.email),
        pricing.sessionBalance(session),
      ]);
      if (bag.live.length === 0 || !bag.cartId) throw new Invalid(BAG_EMPTY);
      const { totals } = price({ lines: bag.live, promo, balance });
      if (totals.dueCents === 0) throw new Conflict('There is nothing to pay: place the order without payment');
      const { id } = await payments.express
        .createOrder({ amount: expressAmount(totals), idempotencyKey: bag.cartId })
        .catch(asPaymentRequired);
      await holds.note(
        { id, provider: payments.express.name, method: 'paypal', sessionId, checkoutKey: bag.cartId },
        clock(),
      );
      await repo.patchSession(sessionId, { paypalOrderId: id });
      return id;
    },

    /** POST /paypal/getAuthorizationDetails: the payer and address PayPal approved. */
    async approval(session: CheckoutSession, orderId: string): Promise<ExpressApproval> {
      ownOrder(session, orderId);
      const order = await payments.express.getOrder(orderId).catch(asPaymentRequired);
      if (order.status !== 'APPROVED' || !order.payer || !order.shipping)
        throw new Conflict('PayPal has not approved this order yet');
      return { payer: order.payer, shipping: order.shipping };
    },

    /** POST /paypal/updateShippingAndTaxes: keeps the address and option, sets PayPal's amount to the server's total. */
    async updateShippingAndTaxes(
      session: CheckoutSession,
      body: { shippingInfo: ShippingInfo; shippingOptionSelected: string; orderId: string },
    ) {
      ownOrder(session, body.orderId);
      const info = body.shippingInfo;
      checkShippingInfo(info);
      const { bag, promo, options, taxRate, balance, freeShipping } = await pricing.pricingInputs(session, info);
      if (bag.live.length === 0) throw new Invalid(BAG_EMPTY);
      const { totals, option } = price({
        lines: bag.live,
        promo,
        info,
        options,
        type: body.shippingOptionSelected,
        taxRate,
        balance,
        freeShipping,
      });
      if (!option) throw new Invalid(OPTION_UNKNOWN);
      await payments.express.updateAmount(body.orderId, expressAmount(totals)).catch(asPaymentRequired);
      await repo.patchSession(session.id, { shippingInfo: info, shippingType: option.type });
      return totalsInDollars(totals);
    },

    /** POST /paypal/capture: only checks approval; the capture happens in placeOrder, once the order exists. */
    async checkApproved(session: CheckoutSession, orderId: string) {
      ownOrder(session, orderId);
      const order = await payments.express.getOrder(orderId).catch(asPaymentRequired);
      if (order.status !== 'APPROVED' && order.status !== 'COMPLETED')
        throw new PaymentRequired('PayPal has not approved this payment');
      return { ok: true as const };
    },
  };
}
