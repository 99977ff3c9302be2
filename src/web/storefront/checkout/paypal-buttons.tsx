// PayPal's own button (its JS SDK, https://www.paypal.com/sdk/js) for the live express provider:
// the SDK asks us for the order (POST /paypal/createOrder) and tells us once the payer approved it in
// PayPal's window; the checkout then fills the form from PayPal's answer, as with the sandbox dialog.
// Capture happens on the server when the order is placed ('Complete order with PayPal').
import { useEffect, useRef, useState } from 'react';
import { loadScript } from './load-script.js';

type PaypalButtonsInstance = {
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
  isEligible(): boolean;
};
type PaypalSdk = {
  Buttons(options: {
    style: Record<string, string | number | boolean>;
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onCancel?: () => void;
    onError?: (err: unknown) => void;
  }): PaypalButtonsInstance;
};
declare global {
  interface Window {
    paypal?: PaypalSdk;
  }
}

function loadPaypalSdk(sdkUrl: string, clientId: string): Promise<void> {
  const url = new URL(sdkUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', 'USD');
  url.searchParams.set('intent', 'capture');
  url.searchParams.set('components', 'buttons');
  return loadScript(url.toString(), () => Boolean(window.paypal), 'PayPal could not be loaded. Please pay by card.');
}

type Props = {
  clientId: string;
  sdkUrl: string;
  disabled: boolean;
  /** Makes the PayPal order for the bag; answers its id. */
  createOrder: () => Promise<string>;
  onApprove: (orderID: string) => Promise<void>;
  onError: (message: string) => void;
};

export function PaypalButtons({ clientId, sdkUrl, disabled, createOrder, onApprove, onError }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  // The SDK keeps the callbacks it was given: it reads the latest ones through this ref.
  const latest = useRef({ createOrder, onApprove, onError });
  latest.current = { createOrder, onApprove, onError };

  useEffect(() => {
    let buttons: PaypalButtonsInstance | undefined;
    let cancelled = false;
    // The SDK reports a failed createOrder through onError too: the shop's own message stays.
    let reported = false;
    loadPaypalSdk(sdkUrl, clientId)
      .then(async () => {
        if (cancelled || !window.paypal || !container.current) return;
        buttons = window.paypal.Buttons({
          style: { layout: 'horizontal', color: 'gold', shape: 'rect', label: 'paypal', height: 44, tagline: false },
          createOrder: async () => {
            reported = false;
            try {
              return await latest.current.createOrder();
            } catch (err) {
              reported = true;
              latest.current.onError(err instanceof Error ? err.message : 'PayPal could not start. Please try again.');
              throw err;
            }
          },
          onApprove: (data) => latest.current.onApprove(data.orderID),
          onError: () => {
            if (!reported)
              latest.current.onError('PayPal could not complete the payment. Please try again or pay by card.');
          },
        });
        if (!buttons.isEligible()) return;
        await buttons.render(container.current);
        if (!cancelled) setLoaded(true);
      })
      .catch((err: unknown) =>
        latest.current.onError(err instanceof Error ? err.message : 'PayPal could not be loaded.'),
      );
    return () => {
      cancelled = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, sdkUrl]);

  return (
    <div
      ref={container}
      className="paypal-buttons"
      aria-busy={!loaded || undefined}
      aria-disabled={disabled || undefined}
      data-testid="paypal-buttons"
    />
  );
}
