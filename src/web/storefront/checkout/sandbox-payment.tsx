// The sandbox's payment field (no Stripe keys), shaped like Stripe's Payment Element: a wallet above
// the card fields. 'Pay with sandbox wallet' chooses the sandbox wallet, as choosing Apple Pay or
// Google Pay in the Element does: the card fields give way to what the wallet holds, PLACE ORDER is
// enabled, and pressing it pays through POST /sandbox/card/wallet ('Visa •••• 4242 (Sandbox Pay)',
// the billing name from the form). 'Pay by card instead' goes back to the card fields; nothing was
// authorised before PLACE ORDER, so nothing needs releasing. docs/decisions/043.
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { SANDBOX_WALLET_NAME } from '../../../contract/values/checkout.js';
import { confirmSandboxWallet } from '../../api/http-api.js';
import { SandboxCardFields } from './card-fields.js';
import type { CardHandle } from './payment-handle.js';

/** What the sandbox wallet holds, as a wallet's sheet shows the card it will pay with. */
export const SANDBOX_WALLET_CARD_LABEL = 'Visa •••• 4242';

export function SandboxPayment({ ref, disabled }: { ref: Ref<CardHandle>; disabled: boolean }) {
  const [wallet, setWallet] = useState(false);
  const byWallet = useRef(wallet);
  byWallet.current = wallet;
  const card = useRef<CardHandle>(null);
  const payByCard = useRef<HTMLButtonElement>(null);
  const walletButton = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      isComplete: () => byWallet.current || (card.current?.isComplete() ?? false),
      confirm: (clientSecret, name) =>
        byWallet.current
          ? confirmSandboxWallet({ clientSecret, name })
          : card.current
            ? card.current.confirm(clientSecret, name)
            : Promise.resolve({ error: { message: 'The card field is not ready yet.' } }),
    }),
    [],
  );

  const chooseWallet = () => {
    setWallet(true);
    // The button gives way to the wallet's card: the focus follows to what replaced it.
    requestAnimationFrame(() => payByCard.current?.focus());
  };
  const chooseCard = () => {
    setWallet(false);
    requestAnimationFrame(() => walletButton.current?.focus());
  };

  if (wallet) {
    return (
      <div className="sandbox-wallet sandbox-wallet--chosen" role="group" aria-label={SANDBOX_WALLET_NAME}>
        <p className="sandbox-wallet__card">
          <WalletMark />
          <span>
            <span className="sandbox-wallet__name">{SANDBOX_WALLET_NAME}</span>
            <span className="sandbox-wallet__detail">{SANDBOX_WALLET_CARD_LABEL}</span>
          </span>
        </p>
        <p className="checkout-muted sandbox-wallet__note">
          Your wallet pays when you press PLACE ORDER.{' '}
          <button ref={payByCard} type="button" className="checkout-link" onClick={chooseCard} disabled={disabled}>
            Pay by card instead
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="sandbox-wallet">
      <button
        ref={walletButton}
        type="button"
        className="sandbox-wallet__button"
        onClick={chooseWallet}
        disabled={disabled}
      >
        <WalletMark />
        Pay with sandbox wallet
      </button>
      <p className="express__or sandbox-wallet__or">or pay by card</p>
      <SandboxCardFields ref={card} disabled={disabled} />
    </div>
  );
}

/** A plain wallet glyph: a card tucked into a wallet. */
function WalletMark() {
  return (
    <svg className="sandbox-wallet__mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5V17a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 1 4 7.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <circle cx="16.5" cy="13.5" r="1.1" fill="currentColor" />
    </svg>
  );
}
