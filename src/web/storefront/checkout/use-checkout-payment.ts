// What the order is paid with and what it costs to send: the shipping options for the address and
// the one chosen (kept for this tab), the tax rate, and the payment prepared for the total (a card
// intent's client secret, or the PayPal order's amount brought up to date). Any change to what the
// order costs reprices it here, one repricing at a time (one payment intent per attempt).
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CartLine } from '../../../contract/cart.js';
import { BAG_CHANGED_CODE } from '../../../contract/values/checkout.js';
import { bagVersion } from '../../../domain/bag-version.js';
import { isUsAddress } from '../../../domain/geo.js';
import {
  ApiError,
  type CheckoutPromo,
  getClientSecret,
  getShippingOptions,
  getTaxRate,
  type ShippingInfoInput,
  type ShippingOption,
  updatePaypalShipping,
} from '../../api/http-api.js';
import { cartQuery, checkoutSummaryQuery } from '../../api/queries.js';
import { loadShippingType, saveShippingType } from './shipping-info.js';
import type { Stage } from './use-checkout-stage.js';

/** The server's error code for a refused change (src/server/http/errors.ts `Conflict`). */
const CONFLICT_CODE = 'conflict';
/**
 * The total the browser offered is not the server's (the bag, a promo or the options changed
 * meanwhile): 'conflict' or 'bag_changed'. The sidebar and the options are read again.
 */
export const isRepriceNeeded = (err: unknown) =>
  err instanceof ApiError && (err.code === CONFLICT_CODE || err.code === BAG_CHANGED_CODE);

/** The first of `preferred` on offer in `list`, or null. */
const offered = (list: readonly ShippingOption[], ...preferred: (string | null)[]) =>
  preferred.find((t) => t !== null && list.some((o) => o.type === t)) ?? null;

/** A PayPal order the payer approved (express checkout): it pays instead of a card. */
export type PaypalApproval = { orderId: string; email: string };

type Options = {
  info: ShippingInfoInput;
  lines: readonly CartLine[];
  /** The stage on screen, as the render that asked for a repricing saw it. */
  stage: Stage | null;
  /** Repricing failed: the shopper goes back to shipping and reads why. */
  onRepriceFailed: (err: unknown) => void;
};

export function useCheckoutPayment({ info, lines, stage, onRepriceFailed }: Options) {
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<ShippingOption[]>([]);
  const [shippingType, setShippingTypeState] = useState<string | null>(null);
  const [taxRate, setTaxRate] = useState(0);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [paypal, setPaypal] = useState<PaypalApproval | null>(null);
  const [repricing, setRepricing] = useState(false);
  /** One repricing at a time: a second waits for the first (one payment intent per attempt). */
  const repricingRun = useRef<Promise<unknown>>(Promise.resolve());

  const setShippingType = (type: string | null) => {
    setShippingTypeState(type);
    saveShippingType(type);
  };
  const refreshSummary = () => queryClient.invalidateQueries({ queryKey: checkoutSummaryQuery().queryKey });
  const selectedOption = options.find((o) => o.type === shippingType) ?? null;

  /** The options for `from`, the chosen one kept if still offered (else the remembered one, else the first). */
  const loadOptions = async (from: ShippingInfoInput, remindMe?: boolean) => {
    const list = await getShippingOptions(from, remindMe);
    setOptions(list);
    const chosen = offered(list, shippingType, loadShippingType());
    setShippingType(chosen ?? list[0]?.type ?? null);
    return { list, chosen };
  };

  const refreshOptions = async () => {
    const list = await getShippingOptions(info);
    setOptions(list);
    return list;
  };

  /** Tax rate (US zips only), then the card's client secret or the PayPal order's new amount. */
  const preparePayment = async (
    list: readonly ShippingOption[],
    type: string | null,
    withPromo: CheckoutPromo | null,
  ) => {
    const option = list.find((o) => o.type === type);
    if (!option) throw new ApiError(400, 'Choose a shipping option');
    const rate = isUsAddress(info) ? (await getTaxRate(info.zip.trim().slice(0, 5))).taxRate : 0;
    setTaxRate(rate);
    if (paypal) {
      await updatePaypalShipping({
        shippingInfo: info,
        shippingOptionSelected: option.type,
        orderId: paypal.orderId,
        promo: withPromo,
      });
      setClientSecret(null);
    } else {
      const shown = queryClient.getQueryData(cartQuery().queryKey) ?? lines;
      setClientSecret(
        await getClientSecret({
          taxRate: rate,
          shippingFee: option.amt,
          shippingType: option.type,
          bagVersion: bagVersion(shown),
        }),
      );
    }
  };

  /**
   * Shipping or billing entered from the URL: shipping reads its options again, billing too when it
   * has none, and prepares its payment with the remembered method; without one, shipping instead.
   */
  const prepareStage = async (
    target: 'shipping' | 'billing',
    withPromo: CheckoutPromo | null,
    current: () => boolean,
  ): Promise<Stage | null> => {
    const list = target === 'shipping' || options.length === 0 ? await getShippingOptions(info) : options;
    if (!current()) return null;
    setOptions(list);
    const chosen = offered(list, shippingType, loadShippingType());
    setShippingType(chosen ?? list[0]?.type ?? null);
    if (target === 'billing') {
      // Without a remembered method there is nothing to pay for yet: choose it on shipping.
      if (!chosen) return 'shipping';
      await preparePayment(list, chosen, withPromo);
      if (!current()) return null;
      void refreshSummary();
    }
    return null;
  };

  /** 'Continue to shipping': the options for the address; the payment is prepared afresh on billing. */
  const toShipping = async (from: ShippingInfoInput, remindMe?: boolean) => {
    await loadOptions(from, remindMe);
    setClientSecret(null);
    void refreshSummary();
  };

  /** 'Continue to payment': the payment for the chosen method; on a changed total, fresh numbers. */
  const toBilling = async (withPromo: CheckoutPromo | null) => {
    try {
      await preparePayment(options, shippingType, withPromo);
      void refreshSummary();
    } catch (err) {
      if (isRepriceNeeded(err)) {
        void refreshSummary();
        void refreshOptions().catch(() => undefined);
      }
      throw err;
    }
  };

  const repriceAfter = async (previous: Promise<unknown>, withPromo: CheckoutPromo | null) => {
    await previous.catch(() => undefined);
    // Until the payment matches the new total, PLACE ORDER waits.
    setRepricing(true);
    try {
      await refreshSummary();
      if (stage !== 'shipping' && stage !== 'billing') return;
      const list = await refreshOptions();
      if (stage === 'billing') await preparePayment(list, shippingType, withPromo);
      void refreshSummary();
    } catch (err) {
      onRepriceFailed(err);
    } finally {
      setRepricing(false);
    }
  };
  /**
   * What the order costs changed (a promo, the bag, a refused order): the summary, the options (free
   * shipping) and, on billing, the payment itself: a fresh card intent, or PayPal's amount.
   */
  const totalsChanged = async (withPromo: CheckoutPromo | null) => {
    const run = repriceAfter(repricingRun.current, withPromo);
    repricingRun.current = run;
    await run;
  };

  return {
    options,
    shippingType,
    setShippingType,
    selectedOption,
    taxRate,
    clientSecret,
    paypal,
    setPaypal,
    repricing,
    refreshSummary,
    prepareStage,
    toShipping,
    toBilling,
    totalsChanged,
  };
}
