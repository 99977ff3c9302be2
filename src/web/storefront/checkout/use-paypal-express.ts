// Express checkout with PayPal (spec §4): the payer approves a PayPal order (PayPal's own buttons, or
// the sandbox's approval dialog when no keys are configured), the contact form fills from PayPal's
// answer, and after EXPRESS_TO_SHIPPING_MS the checkout moves on to shipping.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  approveSandboxPaypal,
  createPaypalOrder,
  getPaypalAuthorization,
  type SandboxPaypalApproval,
  type ShippingInfoInput,
} from '../../api/http-api.js';
import { checkoutErrorMessage } from './fields.js';
import type { PaypalApproval } from './use-checkout-payment.js';

/** Spec §4: after an express approval the form fills, then moves on to shipping after 500 ms. */
export const EXPRESS_TO_SHIPPING_MS = 500;

export type ExpressMessage = { text: string; error: boolean };
type Dialog = { open: boolean; orderId: string | null; error: string | null };
const CLOSED: Dialog = { open: false, orderId: null, error: null };

type Options = {
  info: ShippingInfoInput;
  setInfo: (info: ShippingInfoInput) => void;
  setPaypal: (approval: PaypalApproval) => void;
  /** On to shipping with the filled form. */
  continueToShipping: (from: ShippingInfoInput) => void;
};

export function usePaypalExpress({ info, setInfo, setPaypal, continueToShipping }: Options) {
  const [message, setMessage] = useState<ExpressMessage | null>(null);
  const [dialog, setDialog] = useState<Dialog>(CLOSED);
  /** The sandbox orders already approved: a retry after a failed next step only goes on from there. */
  const sandboxApproved = useRef(new Set<string>());
  const toShipping = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(toShipping.current), []);

  /** The payer approved PayPal order `orderID`: the form fills from PayPal's answer, then on to shipping. */
  const approved = async (orderID: string) => {
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
    setMessage({ text: 'PayPal approved. Taking you to shipping…', error: false });
    toShipping.current = window.setTimeout(() => {
      setMessage(null);
      continueToShipping(filled);
    }, EXPRESS_TO_SHIPPING_MS);
  };

  /** The sandbox's PayPal button: a PayPal order, then our approval dialog in place of PayPal's window. */
  const start = useMutation({
    mutationFn: createPaypalOrder,
    onMutate: () => setMessage(null),
    onSuccess: (orderId) => setDialog({ open: true, orderId, error: null }),
    onError: (err) => setMessage({ text: checkoutErrorMessage(err), error: true }),
  });

  /** The sandbox's own approval dialog (the stand-in for PayPal's window). */
  const approveInDialog = async (approval: SandboxPaypalApproval) => {
    try {
      if (!sandboxApproved.current.has(approval.orderID)) {
        await approveSandboxPaypal(approval);
        sandboxApproved.current.add(approval.orderID);
      }
      await approved(approval.orderID);
      setDialog(CLOSED);
    } catch (err) {
      setDialog((d) => ({ ...d, error: checkoutErrorMessage(err) }));
    }
  };

  return {
    message,
    dialog,
    closeDialog: () => setDialog(CLOSED),
    approveInDialog,
    /** The sandbox button. */
    startSandbox: () => start.mutate(),
    starting: start.isPending,
    /** PayPal's own buttons. */
    createOrder: async () => {
      setMessage(null);
      return createPaypalOrder();
    },
    onApprove: async (orderID: string) => {
      try {
        await approved(orderID);
      } catch (err) {
        setMessage({ text: checkoutErrorMessage(err), error: true });
      }
    },
    onError: (text: string) => setMessage({ text, error: true }),
  };
}
