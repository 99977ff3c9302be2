// The checkout stages of /cart/checkout (spec §2, §4): checkout → shipping → billing, with the
// order sidebar. Loaded lazily by the cart page, in the browser only, so none of it is in the
// storefront's first load. The stage lives in the URL (?stage=shipping|billing; none is the contact
// stage), so a reload, a shared link and back/forward land on it; the server's POST /stageCheck has
// the last word on how far the shopper may go; GET /checkout/summary has the last word on the totals.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CartLine } from '../../../contract/cart.js';
import { BAG_CHANGED_CODE } from '../../../contract/values/checkout.js';
import { bagChanges, bagVersion } from '../../../domain/bag-version.js';
import { isUsAddress } from '../../../domain/geo.js';
import { computeTotals, formatMoney as formatCents, toCents } from '../../../domain/money.js';
import {
  ApiError,
  applyPromo,
  removeBalance,
  approveSandboxPaypal,
  createPaypalOrder,
  getClientSecret,
  getPaypalAuthorization,
  getShippingOptions,
  getTaxRate,
  placeOrder,
  stageCheck,
  updatePaypalShipping,
  type CheckoutConfig,
  type CheckoutPromo,
  type CheckoutStage,
  type SandboxPaypalApproval,
  type ShippingInfoInput,
  type ShippingOption,
} from '../../api/http-api.js';
import { cartQuery, checkoutConfigQuery, checkoutPromoQuery, checkoutSummaryQuery } from '../../api/queries.js';
import { totalsPromo } from '../bag/bag-subtotal.js';
import { lineKey, refreshCart, useCart } from '../bag/use-cart.js';
import { BillingStage, type PlaceOrderInput } from './billing-stage.js';
import { PaypalButtons } from './paypal-buttons.js';
import { SKIP_PAYMENT_SECRET } from './constants.js';
import { ContactStage } from './contact-stage.js';
import { checkoutErrorMessage } from './fields.js';
import { OrderSidebar, type SidebarTotals } from './order-sidebar.js';
import { PaypalSandboxDialog } from './paypal-dialog.js';
import { ShippingStage } from './shipping-stage.js';
import {
  billingInfoOf,
  clearShippingInfo,
  loadShippingInfo,
  loadShippingType,
  saveShippingInfo,
  saveShippingType,
} from './shipping-info.js';
import './checkout.css';

type Stage = Exclude<CheckoutStage, 'success'>;
const RANK: Record<CheckoutStage, number> = { checkout: 0, shipping: 1, billing: 2, success: 3 };
const STEPS: { stage: Stage; label: string; heading: string }[] = [
  { stage: 'checkout', label: 'Information', heading: 'Your details' },
  { stage: 'shipping', label: 'Shipping', heading: 'Delivery' },
  { stage: 'billing', label: 'Payment', heading: 'Payment' },
];
export const promoDropped = (code: string) => `Code ${code} does not apply to this order, so it was removed.`;

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

/** Spec §4: after an express approval the form fills, then moves on to shipping after 500 ms. */
export const EXPRESS_TO_SHIPPING_MS = 500;

/** The stage a `?stage=` value asks for; anything else is the contact stage. */
export const stageFromQuery = (value: string | null): Stage =>
  value === 'shipping' || value === 'billing' ? value : 'checkout';
const searchOf = (stage: Stage) => (stage === 'checkout' ? '' : `?stage=${stage}`);

/** With no /checkout/config answer the shop runs its sandboxes (no keys configured). */
const SANDBOX_CONFIG: CheckoutConfig = {
  card: 'sandbox',
  publishableKey: 'sandbox',
  express: 'sandbox',
  paypalClientId: 'sandbox',
  paypalSdkUrl: '',
};

export default function CheckoutFlow({ onEditBag }: { onEditBag?: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { lines } = useCart();
  const configQuery = useQuery(checkoutConfigQuery());
  const config = configQuery.data ?? (configQuery.isError ? SANDBOX_CONFIG : null);
  const summary = useQuery(checkoutSummaryQuery());

  const [searchParams] = useSearchParams();
  const urlStage = stageFromQuery(searchParams.get('stage'));
  const urlStageNow = useRef(urlStage);
  urlStageNow.current = urlStage;
  const [info, setInfoState] = useState<ShippingInfoInput>(loadShippingInfo);
  /** The stage on screen; null while a stage asked for by the URL is being checked and prepared. */
  const [stage, setStage] = useState<Stage | null>(urlStage === 'checkout' ? 'checkout' : null);
  const [options, setOptions] = useState<ShippingOption[]>([]);
  const [shippingType, setShippingTypeState] = useState<string | null>(null);
  const [taxRate, setTaxRate] = useState(0);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [promo, setPromoState] = useState<CheckoutPromo | null>(null);
  const [promoNotice, setPromoNotice] = useState<string | null>(null);
  const [paypal, setPaypal] = useState<{ orderId: string; email: string } | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; orderId: string | null; error: string | null }>({
    open: false,
    orderId: null,
    error: null,
  });
  const [expressPending, setExpressPending] = useState(false);
  const [expressMessage, setExpressMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [repricing, setRepricing] = useState(false);
  /** The bag changed under this page (another window): what changed, until the next order attempt. */
  const [bagNotice, setBagNotice] = useState<string | null>(null);
  /** One repricing at a time: a second waits for the first (one payment intent per attempt). */
  const repricingRun = useRef<Promise<unknown>>(Promise.resolve());
  const bagNoticeBox = useRef<HTMLParagraphElement>(null);
  // The shopper pressed PLACE ORDER at the foot of the form: the news is brought into view.
  useEffect(() => {
    if (bagNotice) bagNoticeBox.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [bagNotice]);
  const submittingNow = useRef(false);
  const stageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** A stage the buttons have already checked and prepared: the URL change that follows just shows it. */
  const prepared = useRef<Stage | null>(null);
  const entering = useRef(0);
  const started = useRef(false);

  const promoNow = useRef<CheckoutPromo | null>(null);
  /**
   * The bag view above shows the same promo (its crossed-out Subtotal). A code the server drops by
   * itself (another email than the one it was sent to, its uses or date run out) is said, not lost
   * without a word; one the shopper removes is not.
   */
  const setPromo = (next: CheckoutPromo | null, byShopper = false, why?: string) => {
    const before = promoNow.current;
    promoNow.current = next;
    if (next) setPromoNotice(null);
    // The server's reason (e.g. the code was sent to another email) says more than ours.
    else if (why && !byShopper) setPromoNotice(why);
    else if (before && !byShopper) setPromoNotice(promoDropped(before.code));
    setPromoState(next);
    queryClient.setQueryData(checkoutPromoQuery().queryKey, next);
  };
  const setInfo = (next: ShippingInfoInput) => {
    setInfoState(next);
    saveShippingInfo(next);
  };
  const setShippingType = (type: string | null) => {
    setShippingTypeState(type);
    saveShippingType(type);
  };
  /** The first of `preferred` on offer in `list`, or null. */
  const offered = (list: readonly ShippingOption[], ...preferred: (string | null)[]) =>
    preferred.find((t) => t !== null && list.some((o) => o.type === t)) ?? null;
  const refreshSummary = () => queryClient.invalidateQueries({ queryKey: checkoutSummaryQuery().queryKey });
  const selectedOption = options.find((o) => o.type === shippingType) ?? null;

  /** Puts `target` in the URL (a new history entry unless `replace`). */
  const go = (target: Stage, replace = false) => {
    void navigate({ search: searchOf(target) }, { replace });
  };

  /** Shows a stage the caller has checked and prepared, through the URL. */
  const show = (target: Stage) => {
    if (target === urlStageNow.current) {
      prepared.current = null;
      setStage(target);
      return;
    }
    prepared.current = target;
    go(target);
  };

  /**
   * Entering a stage from the URL (first load, reload, a link, back/forward): the server says which
   * step is valid and a step beyond it is replaced by it (spec §4); shipping fetches its options again,
   * billing also its payment (the same intent for the same cart) with the remembered shipping method.
   */
  const enter = async (target: Stage, first: boolean, current: () => boolean) => {
    if (target === 'checkout') {
      setStage('checkout');
      setPending(false);
      if (first) {
        stageCheck('checkout')
          .then((answer) => {
            if (current()) setPromo(answer.promo, false, answer.promoNotice);
          })
          .catch(() => undefined);
      }
      return;
    }
    setPending(true);
    try {
      const answer = await stageCheck(target);
      if (!current()) return;
      setPromo(answer.promo, false, answer.promoNotice);
      if (answer.validStep !== 'success' && RANK[answer.validStep] < RANK[target]) {
        go(answer.validStep, true);
        return;
      }
      const list = target === 'shipping' || options.length === 0 ? await getShippingOptions(info) : options;
      if (!current()) return;
      setOptions(list);
      const chosen = offered(list, shippingType, loadShippingType());
      setShippingType(chosen ?? list[0]?.type ?? null);
      if (target === 'billing') {
        // Without a remembered method there is nothing to pay for yet: choose it on shipping.
        if (!chosen) {
          go('shipping', true);
          return;
        }
        await preparePayment(list, chosen, answer.promo);
        if (!current()) return;
        void refreshSummary();
      }
      setStage(target);
    } catch (err) {
      if (!current()) return;
      setError(checkoutErrorMessage(err));
      go(target === 'billing' ? 'shipping' : 'checkout', true);
    } finally {
      if (current()) setPending(false);
    }
  };

  // The URL's stage changed (or the checkout opened): show it, checking it first unless prepared.
  useEffect(() => {
    const run = ++entering.current;
    const first = !started.current;
    started.current = true;
    if (prepared.current === urlStage) {
      prepared.current = null;
      setStage(urlStage);
      return;
    }
    prepared.current = null;
    if (!first) moved.current = true;
    void enter(urlStage, first, () => run === entering.current);
    // Only the URL drives this; `enter` reads the state of the render that changed it.
  }, [urlStage]);

  // Focus follows the shopper from stage to stage.
  useEffect(() => {
    if (!moved.current) return;
    const heading = stageHeading.current;
    heading?.focus({ preventScroll: true });
    heading?.closest('.checkout-flow')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [stage]);

  /** Moves to `target` unless the server's furthest valid step is before it (spec §4). */
  const advance = async (target: Stage) => {
    let next: Stage = target;
    try {
      const answer = await stageCheck(target);
      setPromo(answer.promo, false, answer.promoNotice);
      if (RANK[answer.validStep] < RANK[target] && answer.validStep !== 'success') next = answer.validStep;
    } catch {
      // The server answers again on the next call; do not strand the shopper meanwhile.
    }
    moved.current = true;
    setError(null);
    show(next);
  };

  /** Change links and the steps list: back to a stage already prepared, as a new history entry. */
  const goBack = (target: Stage) => {
    moved.current = true;
    setError(null);
    setPaymentError(null);
    show(target);
  };

  const continueToShipping = async (from: ShippingInfoInput = info) => {
    setPending(true);
    setError(null);
    try {
      const list = await getShippingOptions(from);
      setOptions(list);
      setShippingType(offered(list, shippingType, loadShippingType()) ?? list[0]?.type ?? null);
      setClientSecret(null);
      void refreshSummary();
      await advance('shipping');
    } catch (err) {
      setError(checkoutErrorMessage(err));
    } finally {
      setPending(false);
    }
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

  const refreshOptions = async () => {
    const list = await getShippingOptions(info);
    setOptions(list);
    return list;
  };

  const continueToPayment = async () => {
    setPending(true);
    setError(null);
    try {
      await preparePayment(options, shippingType, promo);
      void refreshSummary();
      await advance('billing');
    } catch (err) {
      setError(checkoutErrorMessage(err));
      if (err instanceof ApiError && err.status === 409) {
        void refreshSummary();
        void refreshOptions().catch(() => undefined);
      }
    } finally {
      setPending(false);
    }
  };

  /**
   * What the order costs changed (a promo, the bag, a refused order): the summary, the options (free
   * shipping) and, on billing, the payment itself: a fresh card intent, or PayPal's amount.
   */
  const totalsChanged = async (withPromo: CheckoutPromo | null) => {
    const previous = repricingRun.current;
    const run = repriceAfter(previous, withPromo);
    repricingRun.current = run;
    await run;
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
      goBack('shipping');
      setError(checkoutErrorMessage(err));
    } finally {
      setRepricing(false);
    }
  };

  const promoChanged = async (next: CheckoutPromo | null) => {
    setPromo(next, true);
    await totalsChanged(next);
  };

  // The bag changed: everything priced from it follows. The stages have no bag controls, so a change
  // seen here came from another window, and it is said.
  const bagKey = lines.map((l) => `${lineKey(l)}×${l.quantity}×${l.price}`).join(',');
  const pricedBag = useRef(bagKey);
  const pricedLines = useRef(lines);
  useEffect(() => {
    if (pricedBag.current === bagKey) return;
    pricedBag.current = bagKey;
    const before = pricedLines.current;
    pricedLines.current = lines;
    const message = before.length > 0 ? bagChangedMessage(before, lines) : null;
    if (message) setBagNotice(message);
    if (lines.length > 0) void totalsChanged(promo);
    // Only a changed bag drives this; `totalsChanged` reads the state of the render that changed it.
  }, [bagKey]);

  const onApplyPromo = async (code: string): Promise<boolean | string> => {
    const answer = await applyPromo(code);
    if (!answer.success) return answer.message ?? false;
    await promoChanged(answer.promo);
    return true;
  };

  const onRemoveBalance = async () => {
    try {
      await removeBalance();
    } finally {
      await totalsChanged(promo);
    }
  };

  const onRemovePromo = async () => {
    try {
      await applyPromo('');
      await promoChanged(null);
    } catch {
      void refreshSummary();
    }
  };

  // ---- Express (PayPal) ----
  const startPaypal = async () => {
    setExpressMessage(null);
    setExpressPending(true);
    try {
      const orderId = await createPaypalOrder();
      setDialog({ open: true, orderId, error: null });
    } catch (err) {
      setExpressMessage({ text: checkoutErrorMessage(err), error: true });
    } finally {
      setExpressPending(false);
    }
  };

  /** The payer approved PayPal order `orderID`: the form fills from PayPal's answer, then on to shipping. */
  const paypalApproved = async (orderID: string) => {
    const details = await getPaypalAuthorization(orderID);
    const shipping = details.purchase_units[0]?.shipping;
    const email = details.payer.email_address;
    const filled: ShippingInfoInput = {
      ...info,
      firstName: details.payer.name.given_name,
      lastName: details.payer.name.surname,
      email,
      emailConf: email,
      ...(shipping && {
        address: shipping.address.address_line_1,
        address2: shipping.address.address_line_2 ?? '',
        city: shipping.address.admin_area_2,
        state: shipping.address.admin_area_1,
        zip: shipping.address.postal_code,
        country: shipping.address.country_code,
      }),
    };
    setInfo(filled);
    setPaypal({ orderId: orderID, email });
    setExpressMessage({ text: 'PayPal approved. Taking you to shipping…', error: false });
    window.setTimeout(() => {
      setExpressMessage(null);
      void continueToShipping(filled);
    }, EXPRESS_TO_SHIPPING_MS);
  };

  /** The sandbox orders already approved: a retry after a failed next step only goes on from there. */
  const sandboxApproved = useRef(new Set<string>());
  /** The sandbox's own approval dialog (the stand-in for PayPal's window). */
  const approvePaypal = async (approval: SandboxPaypalApproval) => {
    try {
      if (!sandboxApproved.current.has(approval.orderID)) {
        await approveSandboxPaypal(approval);
        sandboxApproved.current.add(approval.orderID);
      }
      await paypalApproved(approval.orderID);
      setDialog({ open: false, orderId: null, error: null });
    } catch (err) {
      setDialog((d) => ({ ...d, error: checkoutErrorMessage(err) }));
    }
  };

  // ---- Place the order ----
  /** Spec §4: the stored shipping info is cleared and the browser goes to /cart/success. */
  const showOrderPlaced = async () => {
    clearShippingInfo();
    await navigate('/cart/success');
    void queryClient.invalidateQueries({ queryKey: cartQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['checkout'] });
  };

  const onPlaceOrder = async (input: PlaceOrderInput) => {
    if (submittingNow.current || !shippingType) return;
    submittingNow.current = true;
    setSubmitting(true);
    setPaymentError(null);
    setBagNotice(null);
    // The bag this screen shows: the server refuses to take payment for any other.
    const shownLines = lines;
    try {
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
            setPaymentError('Your payment session timed out and nothing was charged. Please press PLACE ORDER again.');
            await totalsChanged(promo);
          } else {
            setPaymentError(result.error.message);
          }
          return;
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
      await showOrderPlaced();
    } catch (err) {
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
      await totalsChanged(nextPromo);
    } finally {
      submittingNow.current = false;
      setSubmitting(false);
    }
  };

  // ---- Totals: the server's numbers; computeTotals until they arrive ----
  /** What the page shows: the stage, or while it is being entered the one the URL asks for. */
  const view: Stage = stage ?? urlStage;
  const server = summary.data;
  let totals: SidebarTotals;
  if (server) {
    const serverShipping = toCents(server.shipping);
    const shippingCents =
      view === 'checkout' ? null : view === 'shipping' && selectedOption ? toCents(selectedOption.amt) : serverShipping;
    totals = {
      subtotalCents: toCents(server.subtotal),
      discountCents: toCents(server.discount),
      shippingCents,
      // The tax is known with the address: not on the contact stage.
      taxCents: view === 'checkout' ? null : toCents(server.tax),
      totalCents:
        toCents(server.total) - serverShipping + (shippingCents ?? 0) - (view === 'checkout' ? toCents(server.tax) : 0),
    };
  } else {
    const local = computeTotals({
      lines: lines.map((l) => ({ unitPriceCents: toCents(l.price), quantity: l.quantity })),
      promo: totalsPromo(promo),
      shipping:
        view !== 'checkout' && selectedOption ? { feeCents: toCents(selectedOption.amt), isFirstOption: false } : null,
      address: { country: info.country, zip: info.zip },
      taxRate: view === 'checkout' ? 0 : Math.min(0.99, Math.max(0, taxRate)),
    });
    totals = {
      subtotalCents: local.subtotalCents,
      discountCents: local.discountCents,
      shippingCents: view !== 'checkout' && selectedOption ? local.shippingCents : null,
      taxCents: view === 'checkout' ? null : local.taxCents,
      totalCents: local.totalCents,
    };
  }

  const step = STEPS.find((s) => s.stage === view)!;

  let express: ReactNode = null;
  if (config?.express === 'paypal') {
    express = (
      <PaypalButtons
        clientId={config.paypalClientId}
        sdkUrl={config.paypalSdkUrl}
        disabled={pending}
        createOrder={async () => {
          setExpressMessage(null);
          return createPaypalOrder();
        }}
        onApprove={async (orderID) => {
          try {
            await paypalApproved(orderID);
          } catch (err) {
            setExpressMessage({ text: checkoutErrorMessage(err), error: true });
          }
        }}
        onError={(text) => setExpressMessage({ text, error: true })}
      />
    );
  } else if (config?.express === 'sandbox') {
    express = (
      <button
        type="button"
        className="paypal-button"
        onClick={() => void startPaypal()}
        disabled={expressPending || pending}
        aria-busy={expressPending || undefined}
      >
        <span className="visually-hidden">Check out with </span>
        <span className="paypal-mark" aria-hidden="true">
          <b>Pay</b>Pal
        </span>
        <span className="visually-hidden">PayPal</span>
      </button>
    );
  }

  const expressNote = (
    <>
      {expressMessage && (
        <p
          className={expressMessage.error ? 'checkout-inline-error' : 'express__status'}
          role={expressMessage.error ? 'alert' : 'status'}
        >
          {expressMessage.text}
        </p>
      )}
      {paypal && !expressMessage && (
        <p className="express__status" role="status">
          PayPal approved for {paypal.email}.{' '}
          <button type="button" className="checkout-link" onClick={() => setPaypal(null)}>
            Pay with a card instead
          </button>
        </p>
      )}
    </>
  );

  return (
    <div className="checkout-flow">
      <ol className="checkout-steps" aria-label="Checkout steps">
        {STEPS.map((s) => {
          const rank = RANK[s.stage];
          const current = s.stage === view;
          const done = rank < RANK[view];
          return (
            <li
              key={s.stage}
              className="checkout-steps__item"
              data-state={current ? 'current' : done ? 'done' : 'todo'}
              aria-current={current ? 'step' : undefined}
            >
              {done && stage !== null ? (
                <button type="button" className="checkout-steps__link" onClick={() => goBack(s.stage)}>
                  {s.label}
                </button>
              ) : (
                <span>{s.label}</span>
              )}
            </li>
          );
        })}
      </ol>
      <div className="checkout-flow__layout">
        <div className="checkout-flow__stage" data-stage={view}>
          <h3 ref={stageHeading} tabIndex={-1} className="checkout-flow__heading">
            {step.heading}
          </h3>
          {bagNotice && (
            <p ref={bagNoticeBox} className="checkout-notice" role="alert" data-testid="bag-changed">
              {bagNotice}
            </p>
          )}
          {stage === null && (
            <div className="checkout-stage__loading" aria-busy="true">
              <span className="visually-hidden">Loading this step</span>
            </div>
          )}
          {stage === 'checkout' && (
            <ContactStage
              info={info}
              onChange={setInfo}
              onContinue={() => void continueToShipping()}
              pending={pending}
              error={error}
              express={express}
              expressNote={expressNote}
            />
          )}
          {stage === 'shipping' && (
            <ShippingStage
              info={info}
              options={options}
              selected={shippingType}
              onSelect={setShippingType}
              onBack={() => goBack('checkout')}
              onContinue={() => void continueToPayment()}
              pending={pending}
              error={error}
            />
          )}
          {stage === 'billing' && (
            <BillingStage
              info={info}
              method={selectedOption}
              config={config ?? SANDBOX_CONFIG}
              clientSecret={clientSecret}
              paypalOrderId={paypal?.orderId ?? null}
              paypalEmail={paypal?.email ?? null}
              totalLabel={formatCents(
                Math.max(0, totals.totalCents - Math.round((server?.appliedBalance?.available ?? 0) * 100)),
              )}
              onChangeContact={() => goBack('checkout')}
              onChangeMethod={() => goBack('shipping')}
              onPlaceOrder={onPlaceOrder}
              submitting={submitting}
              repricing={repricing}
              paymentError={paymentError}
              onDismissError={() => setPaymentError(null)}
            />
          )}
          {error && stage === 'billing' && (
            <p className="checkout-inline-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <OrderSidebar
          lines={lines}
          totals={totals}
          updating={summary.isFetching}
          promo={promo}
          balance={server?.appliedBalance ?? null}
          notice={promoNotice}
          onApplyPromo={onApplyPromo}
          onRemovePromo={onRemovePromo}
          onRemoveBalance={onRemoveBalance}
          onEditBag={onEditBag}
          stage={view}
        />
      </div>
      {/* Mounted only while open: closed, its fields would sit in the page under the same labels. */}
      {dialog.open && (
        <PaypalSandboxDialog
          open={dialog.open}
          orderId={dialog.orderId}
          info={info}
          error={dialog.error}
          onClose={() => setDialog({ open: false, orderId: null, error: null })}
          onApprove={approvePaypal}
        />
      )}
    </div>
  );
}
