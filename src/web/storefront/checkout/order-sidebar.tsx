// The checkout's sidebar on every stage (spec §2): bag lines with a quantity badge on the
// thumbnail, the promo box ('Gift Card or Promo', 'Apply Promo'; 'Invalid Promo Code' or the server's
// reason), and Subtotal, Discount, Shipping, Tax, Total; with a gift card or store credit applied, what
// it pays, what stays on it, and what is left to pay. Beside the stage on desktop; on phones at the
// top of the page as a compact bar with the total that opens to the lines, promo box and totals
// (SPEC-NOTES "/cart/{step}"). It opens by itself when it has news (a code the server removed).
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CartLine } from '../../../contract/cart.js';
import { formatMoney as formatCents } from '../../../domain/money.js';
import { ApiError, type AppliedBalance, type CheckoutPromo } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { lineDetails } from '../bag/bag-line.js';
import { lineKey } from '../bag/use-cart.js';
import { balancePaysCents, type SidebarTotals } from './sidebar-totals.js';

export type { SidebarTotals };

export const PROMO_UNCHECKED = 'We could not check the code. Please check your connection and try again.';

type Props = {
  lines: readonly CartLine[];
  totals: SidebarTotals;
  /** The numbers are being refreshed from the server. */
  updating: boolean;
  promo: CheckoutPromo | null;
  /** The gift card or store credit applied (the server's numbers), if any. */
  balance?: AppliedBalance | null | undefined;
  /** Why a code applied earlier is gone, if the server dropped it. */
  notice: string | null;
  /** A write of the promo box (apply, remove) is running: its buttons wait. */
  busy: boolean;
  /** true when applied; false or the server's reason when refused; null when not sent (another write runs). */
  onApplyPromo: (code: string) => Promise<boolean | string | null>;
  onRemovePromo: () => Promise<void>;
  onRemoveBalance?: (() => Promise<void>) | undefined;
  /** Back to the shopping-bag view, to change the pieces. */
  onEditBag?: () => void;
  /** The stage on screen: a refused code's message belongs to the stage it was typed on. */
  stage?: string;
};

export function OrderSidebar({
  lines,
  totals,
  updating,
  promo,
  balance,
  notice,
  busy,
  onApplyPromo,
  onRemovePromo,
  onRemoveBalance,
  onEditBag,
  stage,
}: Props) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  /** Phones only (CSS): whether the summary under the bar is open. */
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  useEffect(() => {
    if (notice) setOpen(true);
  }, [notice]);
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  const balanceCents = balancePaysCents(totals.totalCents, balance);
  /** What is left to pay by card or PayPal once a balance is spent. */
  const dueCents = totals.totalCents - balanceCents;
  // Issue 24 item 19: 'Invalid Promo Code' does not follow the shopper to the next stage, nor the refused code.
  // Adjusted while rendering (no effect): the stage it was typed on is remembered with it.
  const [messageStage, setMessageStage] = useState(stage);
  if (messageStage !== stage) {
    setMessageStage(stage);
    if (message !== null) {
      setMessage(null);
      setCode('');
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !code.trim()) return;
    setMessage(null);
    try {
      const applied = await onApplyPromo(code.trim());
      if (applied === null) return;
      if (applied === true) setCode('');
      else setMessage(typeof applied === 'string' ? applied : 'Invalid Promo Code');
    } catch (err) {
      // Only the server's refusal means the code is wrong; a lost connection or a server fault does not.
      setMessage(err instanceof ApiError && err.status < 500 ? 'Invalid Promo Code' : PROMO_UNCHECKED);
    }
  };

  return (
    <aside className="checkout-sidebar" aria-labelledby="checkout-sidebar-title">
      <button
        type="button"
        className="checkout-sidebar__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        <span className="checkout-sidebar__toggle-label">
          {open ? 'Hide' : 'Show'} order summary
          <span className="checkout-sidebar__toggle-count">
            {' '}
            · {pieces} {pieces === 1 ? 'piece' : 'pieces'}
          </span>
        </span>
        <span className="checkout-sidebar__toggle-total" data-testid="summary-bar-total">
          {formatCents(dueCents)}
        </span>
      </button>
      <div className="checkout-sidebar__body" id={bodyId} data-open={open}>
        <div className="checkout-sidebar__head">
          <h3 id="checkout-sidebar-title" className="checkout-sidebar__title">
            Order summary
          </h3>
          {onEditBag && (
            <button type="button" className="checkout-link" onClick={onEditBag}>
              Edit bag
            </button>
          )}
        </div>
        <ul className="checkout-sidebar__lines">
          {lines.map((line) => (
            <li key={lineKey(line)} className="summary-line">
              <span className="summary-line__thumb">
                {line.pictures[0] ? (
                  <ShopPicture picture={line.pictures[0]} alt="" width={600} height={900} sizes="64px" />
                ) : (
                  <span className="shop-picture" />
                )}
                <span className="summary-line__badge" aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span className="summary-line__text">
                <span className="summary-line__title">{line.title}</span>
                <span className="summary-line__details">
                  {lineDetails(line)}
                  <span className="visually-hidden">, quantity {line.quantity}</span>
                </span>
              </span>
              <span className="summary-line__price">{formatCents(Math.round(line.price * 100) * line.quantity)}</span>
            </li>
          ))}
        </ul>

        <form className="promo-box" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
          <div className="promo-box__row">
            <FormField
              label="Gift Card or Promo"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setMessage(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'promo-box-message' : undefined}
              className="promo-box__field"
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={busy || !code.trim()}
              aria-busy={busy || undefined}
              className="promo-box__apply"
            >
              Apply Promo
            </Button>
          </div>
          <p id="promo-box-message" role="alert" className="field__error promo-box__message">
            {message ?? notice}
          </p>
          {promo && (
            <p className="promo-box__applied">
              <span>
                Code <strong>{promo.code}</strong> applied
              </span>
              <button
                type="button"
                className="checkout-link"
                disabled={busy}
                onClick={() => void onRemovePromo()}
                aria-label={`Remove promo code ${promo.code}`}
              >
                Remove
              </button>
            </p>
          )}
          {balance && (
            <p className="promo-box__applied" data-testid="balance-applied">
              <span>
                {balance.kind === 'gift_card' ? 'Gift card' : 'Store credit'} <strong>{balance.code}</strong> applied
              </span>
              {onRemoveBalance && (
                <button
                  type="button"
                  className="checkout-link"
                  disabled={busy}
                  onClick={() => void onRemoveBalance()}
                  aria-label={`Remove ${balance.code}`}
                >
                  Remove
                </button>
              )}
            </p>
          )}
        </form>

        <dl className="checkout-totals" aria-busy={updating || undefined} data-testid="checkout-totals">
          <div className="checkout-totals__row">
            <dt>Subtotal</dt>
            <dd data-testid="total-subtotal">{formatCents(totals.subtotalCents)}</dd>
          </div>
          {totals.discountCents > 0 && (
            <div className="checkout-totals__row checkout-totals__row--discount">
              <dt>Discount{promo ? ` (${promo.code})` : ''}</dt>
              <dd data-testid="total-discount">−{formatCents(totals.discountCents)}</dd>
            </div>
          )}
          <div className="checkout-totals__row">
            <dt>Shipping</dt>
            <dd data-testid="total-shipping">
              {totals.shippingCents === null ? (
                <abbr title="Not known yet">—</abbr>
              ) : totals.shippingCents === 0 ? (
                'free'
              ) : (
                formatCents(totals.shippingCents)
              )}
            </dd>
          </div>
          <div className="checkout-totals__row">
            <dt>Tax</dt>
            <dd data-testid="total-tax">
              {totals.taxCents === null ? <abbr title="Not known yet">—</abbr> : formatCents(totals.taxCents)}
            </dd>
          </div>
          <div className="checkout-totals__row checkout-totals__row--total">
            <dt>Total</dt>
            <dd data-testid="total-total">
              <span className="checkout-totals__currency">USD</span> {formatCents(totals.totalCents)}
            </dd>
          </div>
          {balance && (
            <>
              <div className="checkout-totals__row checkout-totals__row--discount">
                <dt>
                  {balance.kind === 'gift_card' ? 'Gift card' : 'Store credit'} ({balance.code})
                </dt>
                <dd data-testid="total-balance">−{formatCents(balanceCents)}</dd>
              </div>
              <div className="checkout-totals__row checkout-totals__row--note">
                <dt>Left on the code after this order</dt>
                <dd data-testid="balance-remaining">
                  {formatCents(Math.max(0, Math.round(balance.available * 100) - totals.totalCents))}
                </dd>
              </div>
              <div className="checkout-totals__row checkout-totals__row--total">
                <dt>To pay</dt>
                <dd data-testid="total-due">
                  <span className="checkout-totals__currency">USD</span> {formatCents(dueCents)}
                </dd>
              </div>
            </>
          )}
        </dl>
        {(totals.shippingCents === null || totals.taxCents === null) && (
          <p className="checkout-totals__note">
            Shipping and tax are calculated once we know your address and delivery.
          </p>
        )}
      </div>
    </aside>
  );
}
