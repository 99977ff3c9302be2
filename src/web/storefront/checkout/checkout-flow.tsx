// The checkout stages of /cart/checkout (spec §2, §4): checkout → shipping → billing, with the
// order sidebar. Loaded lazily by the cart page, in the browser only, so none of it is in the
// storefront's first load. The parts: the stage machine and the URL (use-checkout-stage), the
// shipping options and the payment (use-checkout-payment), the promo box's writes
// (use-checkout-promo), PayPal's express checkout (use-paypal-express), PLACE ORDER
// (use-place-order) and the sidebar's numbers (sidebar-totals); GET /checkout/summary has the last
// word on the totals.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CheckoutConfig, ShippingInfoInput } from '../../api/http-api.js';
import { checkoutConfigQuery, checkoutSummaryQuery } from '../../api/queries.js';
import { useCart } from '../bag/use-cart.js';
import { BillingStage } from './billing-stage.js';
import { CheckoutSteps, STAGE_HEADINGS } from './checkout-steps.js';
import { ContactStage, loadRemindMe, saveRemindMe } from './contact-stage.js';
import { ExpressNote, expressButton } from './express-checkout.js';
import { checkoutErrorMessage } from './fields.js';
import { OrderSidebar } from './order-sidebar.js';
import { PaypalSandboxDialog } from './paypal-dialog.js';
import { ShippingStage } from './shipping-stage.js';
import { loadShippingInfo, saveShippingInfo } from './shipping-info.js';
import { dueCents, sidebarTotals } from './sidebar-totals.js';
import { useCheckoutPayment } from './use-checkout-payment.js';
import { useCheckoutPromoState, usePromoWrites } from './use-checkout-promo.js';
import { type Stage, useCheckoutStage } from './use-checkout-stage.js';
import { usePaypalExpress } from './use-paypal-express.js';
import { usePlaceOrder } from './use-place-order.js';
import './checkout.css';

export { promoDropped } from './use-checkout-promo.js';
export { stageFromQuery } from './use-checkout-stage.js';
export { EXPRESS_TO_SHIPPING_MS } from './use-paypal-express.js';
export { bagChangedMessage } from './use-place-order.js';

/** With no /checkout/config answer the shop runs its sandboxes (no keys configured). */
const SANDBOX_CONFIG: CheckoutConfig = {
  card: 'sandbox',
  publishableKey: 'sandbox',
  express: 'sandbox',
  paypalClientId: 'sandbox',
  paypalSdkUrl: '',
};

export default function CheckoutFlow({ onEditBag }: { onEditBag?: () => void }) {
  const { lines } = useCart();
  const configQuery = useQuery(checkoutConfigQuery());
  const config = configQuery.data ?? (configQuery.isError ? SANDBOX_CONFIG : null);
  const summary = useQuery(checkoutSummaryQuery());
  const [info, setInfoState] = useState<ShippingInfoInput>(loadShippingInfo);
  const setInfo = (next: ShippingInfoInput) => {
    setInfoState(next);
    saveShippingInfo(next);
  };

  // Issue 28 (abandoned checkouts): 'Email me a reminder if I don't finish', offered while the owner sends them.
  const [remindMe, setRemindMeState] = useState(loadRemindMe);
  const setRemindMe = (next: boolean) => {
    setRemindMeState(next);
    saveRemindMe(next);
  };
  const offerReminder = config?.reminders === true;

  const { promo, notice: promoNotice, setPromo } = useCheckoutPromoState();
  // The hooks lean on one another: `prepare` and `goBack` name `payment` and `order`, set further down;
  // they run only after this render (in an effect or a handler), when both exist.
  const flow = useCheckoutStage({
    onPromo: setPromo,
    prepare: (target, withPromo, current) => payment.prepareStage(target, withPromo, current),
  });
  /** Change links and the steps list: back to a stage already prepared; a payment error stays behind. */
  const goBack = (target: Stage) => {
    order.clearPaymentError();
    flow.goBack(target);
  };
  const payment = useCheckoutPayment({
    info,
    lines,
    stage: flow.stage,
    onRepriceFailed: (err) => {
      goBack('shipping');
      flow.setError(checkoutErrorMessage(err));
    },
  });
  const writes = usePromoWrites({ promo, setPromo, reprice: payment.totalsChanged });
  const order = usePlaceOrder({
    info,
    lines,
    shippingType: payment.shippingType,
    clientSecret: payment.clientSecret,
    paypal: payment.paypal,
    promo,
    setPromo,
    reprice: payment.totalsChanged,
  });

  const continueToShipping = (from: ShippingInfoInput = info) =>
    void flow.runStep(async () => {
      await payment.toShipping(from, offerReminder ? remindMe : undefined);
      await flow.advance('shipping');
    });
  const continueToPayment = () =>
    void flow.runStep(async () => {
      await payment.toBilling(promo);
      await flow.advance('billing');
    });
  const express = usePaypalExpress({ info, setInfo, setPaypal: payment.setPaypal, continueToShipping });

  const { stage, view } = flow;
  const server = summary.data;
  const totals = sidebarTotals({
    stage: view,
    server,
    selectedOption: payment.selectedOption,
    lines,
    promo,
    address: info,
    taxRate: payment.taxRate,
  });

  return (
    <div className="checkout-flow">
      <CheckoutSteps view={view} ready={stage !== null} onBack={goBack} />
      <div className="checkout-flow__layout">
        <div className="checkout-flow__stage" data-stage={view}>
          <h3 ref={flow.headingRef} tabIndex={-1} className="checkout-flow__heading">
            {STAGE_HEADINGS[view]}
          </h3>
          {order.bagNotice && (
            <p ref={order.bagNoticeRef} className="checkout-notice" role="alert" data-testid="bag-changed">
              {order.bagNotice}
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
              onContinue={() => continueToShipping()}
              reminder={offerReminder ? { checked: remindMe, onChange: setRemindMe } : null}
              pending={flow.pending}
              error={flow.error}
              express={expressButton(config, express, flow.pending)}
              expressNote={
                <ExpressNote express={express} paypal={payment.paypal} onPayByCard={() => payment.setPaypal(null)} />
              }
            />
          )}
          {stage === 'shipping' && (
            <ShippingStage
              info={info}
              options={payment.options}
              selected={payment.shippingType}
              onSelect={payment.setShippingType}
              onBack={() => goBack('checkout')}
              onContinue={continueToPayment}
              pending={flow.pending}
              error={flow.error}
            />
          )}
          {stage === 'billing' && (
            <BillingStage
              info={info}
              method={payment.selectedOption}
              config={config ?? SANDBOX_CONFIG}
              clientSecret={payment.clientSecret}
              paypalOrderId={payment.paypal?.orderId ?? null}
              paypalEmail={payment.paypal?.email ?? null}
              totalCents={dueCents(totals.totalCents, server?.appliedBalance)}
              onChangeContact={() => goBack('checkout')}
              onChangeMethod={() => goBack('shipping')}
              onPlaceOrder={order.place}
              submitting={order.submitting}
              repricing={payment.repricing}
              paymentError={order.paymentError}
              onDismissError={order.clearPaymentError}
            />
          )}
          {flow.error && stage === 'billing' && (
            <p className="checkout-inline-error" role="alert">
              {flow.error}
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
          busy={writes.busy}
          onApplyPromo={writes.applyPromo}
          onRemovePromo={writes.removePromo}
          onRemoveBalance={writes.removeBalance}
          onEditBag={onEditBag}
          stage={view}
        />
      </div>
      {/* Mounted only while open: closed, its fields would sit in the page under the same labels. */}
      {express.dialog.open && (
        <PaypalSandboxDialog
          open={express.dialog.open}
          orderId={express.dialog.orderId}
          info={info}
          error={express.dialog.error}
          onClose={express.closeDialog}
          onApprove={express.approveInDialog}
        />
      )}
    </div>
  );
}
