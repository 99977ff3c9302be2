// PLACE ORDER (spec §4): the card is confirmed (or PayPal's approval or a total of 0 stands in), then
// POST /placeOrder with the bag the screen showed; on success the stored shipping info is cleared and
// the browser goes to /cart/success. One order per click: a second click while one runs sends nothing.
// A refusal is said: the bag changed in another window (409 bag_changed, line by line), a declined or
// timed-out card, or the server's reason; the total is then repriced for the next try. The bag
// changing under the page (another window) is said too, and reprices the order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartLine } from '../../../contract/cart.js';
import { BAG_CHANGED_CODE } from '../../../contract/values/checkout.js';
import { bagChanges, bagVersion } from '../../../domain/bag-version.js';
import { formatMoney as formatCents, toCents } from '../../../domain/money.js';
import { ApiError, type CheckoutPromo, placeOrder, type ShippingInfoInput, stageCheck } from '../../api/http-api.js';
import { cartQuery } from '../../api/queries.js';
import { lineKey, refreshCart } from '../bag/use-cart.js';
import type { PlaceOrderInput } from './billing-stage.js';
import { SKIP_PAYMENT_SECRET } from './constants.js';
import { checkoutErrorMessage } from './fields.js';
import { billingInfoOf, clearShippingInfo } from './shipping-info.js';
import type { PaypalApproval } from './use-checkout-payment.js';

export const PAYMENT_TIMED_OUT =
  'Your payment session timed out and nothing was charged. Please press PLACE ORDER again.';

const describeLine = (l: CartLine) => `${l.title} (${[l.color, `size ${l.size}`].filter(Boolean).join(', ')})`;
/**
 * Issue 24 item 1: what the shopper reads when the bag changed in another window, line by line; null
 * when nothing the page shows changed.
 */
export function bagChangedMessage(before: readonly CartLine[], after: readonly CartLine[]): string | null {
  const changes = bagChanges(before, after).map((c) => {
    const line = c.line as CartLine;
    if (c.kind === 'added') return `${describeLine(line)} was added`;
    if (c.kind === 'removed') return `${describeLine(line)} was removed`;
    if (c.kind === 'quantity') return `${describeLine(line)} is now ${line.quantity} pieces`;
    return `${describeLine(line)} now costs ${formatCents(toCents(line.price))}`;
  });
  if (changes.length === 0) return null;
  return `Your bag changed in another window: ${changes.join('; ')}. Your order summary is up to date; please check it before you place your order.`;
}

type Options = {
  info: ShippingInfoInput;
  lines: CartLine[];
  shippingType: string | null;
  clientSecret: string | null;
  paypal: PaypalApproval | null;
  promo: CheckoutPromo | null;
  setPromo: (next: CheckoutPromo | null, byShopper: boolean, why?: string) => void;
  /** Brings the totals and the payment up to date (a failed order releases its payment). */
  reprice: (promo: CheckoutPromo | null) => Promise<void>;
};

type Attempt = { input: PlaceOrderInput; shownLines: CartLine[]; shippingType: string };

export function usePlaceOrder({ info, lines, shippingType, clientSecret, paypal, promo, setPromo, reprice }: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paymentError, setPaymentError] = useState<string | null>(null);
  /** The bag changed under this page (another window): what changed, until the next order attempt. */
  const [bagNotice, setBagNotice] = useState<string | null>(null);
  const bagNoticeRef = useRef<HTMLParagraphElement>(null);
  const running = useRef(false);

  // The shopper pressed PLACE ORDER at the foot of the form: the news is brought into view.
  useEffect(() => {
    if (bagNotice) bagNoticeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [bagNotice]);

  /** Spec §4: the stored shipping info is cleared and the browser goes to /cart/success. */
  const showOrderPlaced = async () => {
    clearShippingInfo();
    await navigate('/cart/success');
    void queryClient.invalidateQueries({ queryKey: cartQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['checkout'] });
  };

  /** true once placed; false when the card said no (already said on screen). */
  const attempt = async ({ input, shownLines, shippingType }: Attempt): Promise<boolean> => {
    const billingInfo = billingInfoOf(input.cardholderName, input.sameAsShipping, info, input.billing);
    let additionalInfo: { paymentIntentId?: string; paypalOrderId?: string } = {};
    if (paypal) {
      additionalInfo = { paypalOrderId: paypal.orderId };
    } else if (clientSecret !== SKIP_PAYMENT_SECRET) {
      if (!clientSecret || !input.card) throw new ApiError(400, 'The card field is not ready yet.');
      const name = input.cardholderName.trim() || `${info.firstName} ${info.lastName}`.trim();
      const result = await input.card.confirm(clientSecret, name);
      if (result.error) {
        if (result.error.code === 'payment_intent_unexpected_state' || result.error.code === 'resource_missing') {
          // The payment was released meanwhile (a long pause on this page): a fresh one, then PLACE ORDER again.
          setPaymentError(PAYMENT_TIMED_OUT);
          await reprice(promo);
        } else {
          setPaymentError(result.error.message);
        }
        return false;
      }
      additionalInfo = { paymentIntentId: result.paymentIntent.id };
    }
    await placeOrder({
      shippingInfo: info,
      billingInfo,
      shippingType,
      promo,
      additionalInfo,
      bagVersion: bagVersion(shownLines),
    });
    return true;
  };

  const refused = async (err: unknown, { shownLines }: Attempt) => {
    // The answer may be what was lost, not the order: the server knows whether this checkout ended
    // in an order, and then the shopper sees it like any other.
    const answer = await stageCheck('billing').catch(() => null);
    if ((!(err instanceof ApiError) || err.status >= 500) && answer?.validStep === 'success') {
      await showOrderPlaced();
      return;
    }
    if (err instanceof ApiError && err.code === BAG_CHANGED_CODE) {
      // Every line and total on screen is reloaded, and the shopper reads what changed before trying again.
      await refreshCart(queryClient);
      const now = queryClient.getQueryData(cartQuery().queryKey) ?? shownLines;
      setBagNotice(bagChangedMessage(shownLines, now) ?? err.message);
    } else {
      setPaymentError(checkoutErrorMessage(err));
    }
    // The server may have dropped the code meanwhile (its date or uses ran out): the sidebar and
    // the bag view follow, and say so.
    const nextPromo = answer ? answer.promo : promo;
    if (answer && promo && !answer.promo) setPromo(null, false, answer.promoNotice);
    // A failed order releases its card authorisation, and its total may have changed: the next try
    // needs fresh options and a fresh payment (or PayPal's amount brought up to date).
    await reprice(nextPromo);
  };

  // The callbacks are awaited: the button says 'Placing your order…' until the outcome is on screen.
  const mutation = useMutation({
    mutationFn: attempt,
    onSuccess: async (placed) => {
      if (placed) await showOrderPlaced();
    },
    onError: refused,
  });

  const place = async (input: PlaceOrderInput) => {
    if (running.current || !shippingType) return;
    running.current = true;
    setPaymentError(null);
    setBagNotice(null);
    try {
      // The bag this screen shows: the server refuses to take payment for any other.
      await mutation.mutateAsync({ input, shownLines: lines, shippingType });
    } catch {
      // Said on screen by `refused`.
    } finally {
      running.current = false;
    }
  };

  // The bag changed: everything priced from it follows. The stages have no bag controls, so a change
  // seen here came from another window, and it is said.
  const bagKey = lines.map((l) => `${lineKey(l)}×${l.quantity}×${l.price}`).join(',');
  const pricedBag = useRef(bagKey);
  const pricedLines = useRef(lines);
  const bagChanged = useEffectEvent(() => {
    const before = pricedLines.current;
    pricedLines.current = lines;
    const message = before.length > 0 ? bagChangedMessage(before, lines) : null;
    if (message) setBagNotice(message);
    if (lines.length > 0) void reprice(promo);
  });
  useEffect(() => {
    if (pricedBag.current === bagKey) return;
    pricedBag.current = bagKey;
    bagChanged();
  }, [bagKey]);

  return {
    place,
    submitting: mutation.isPending,
    paymentError,
    clearPaymentError: () => setPaymentError(null),
    bagNotice,
    bagNoticeRef,
  };
}
