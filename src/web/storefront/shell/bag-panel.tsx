// The shopping bag side panel (spec §2): the bag's lines with minus / quantity / plus, Subtotal and
// 'Proceed to Checkout'; when empty, 'Your shopping bag is empty' and 'Continue shopping'.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartLine } from '../../../contract/cart.js';
import { addToCart, removeFromCart, takeBagNotices } from '../../api/http-api.js';
import { Button, ButtonLink } from '../../ui/button.js';
import { Drawer } from '../../ui/drawer.js';
import { BagIcon } from '../../ui/icons.js';
import { BagLine, QuantityStepper } from '../bag/bag-line.js';
import { lineKey, pieceCount, subtotalOf, useBagChange, useCart } from '../bag/use-cart.js';
import { formatPrice } from '../catalog/format-price.js';

const PANEL_ID = 'bag-panel';

/** The line's selection, as the product page would send it, for the plus button. */
const selectionOf = (line: CartLine) => ({
  url: line.url,
  product_type: line.product_type,
  product_name: line.product_name,
  color: line.color,
  colorIndex: line.colorIndex,
  size: line.size,
  sizeIndex: line.sizeIndex,
});

export function BagPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { lines, loaded } = useCart();
  const { run, pending, error } = useBagChange();
  const count = pieceCount(lines);
  const removed = useBagNotices(open && loaded, count);

  const less = async (line: CartLine) => {
    const done = await run(() => removeFromCart({ index: line.index }));
    // The last piece took its line and the focused button with it: keep focus in the panel.
    if (done && line.quantity === 1) document.getElementById(PANEL_ID)?.focus();
  };

  const footer =
    lines.length > 0 ? (
      <div className="bag-summary">
        <p className="bag-summary__row">
          <span>Subtotal</span>
          <span className="bag-summary__amount" data-testid="bag-subtotal">
            {formatPrice(subtotalOf(lines))}
          </span>
        </p>
        <p className="bag-summary__note">Shipping, taxes and promo codes are applied at checkout.</p>
        <ButtonLink to="/cart/checkout" block onClick={onClose}>
          Proceed to Checkout
        </ButtonLink>
      </div>
    ) : undefined;

  return (
    <>
      <Drawer
        id={PANEL_ID}
        side="right"
        open={open}
        onClose={onClose}
        label="Shopping bag"
        title={
          <>
            Shopping bag
            {count > 0 && <span className="bag-panel__count"> ({count})</span>}
          </>
        }
        closeLabel="Close bag"
        footer={footer}
      >
        {error && (
          <p className="bag-alert" role="alert">
            {error}
          </p>
        )}
        {removed.length > 0 && (
          <div className="bag-notice" role="status">
            <p>
              {removed.length === 1
                ? 'This piece is no longer available and was taken out of your bag:'
                : 'These pieces are no longer available and were taken out of your bag:'}
            </p>
            <ul>
              {removed.map((piece) => (
                <li key={piece}>{piece}</li>
              ))}
            </ul>
          </div>
        )}
        {lines.length > 0 ? (
          <ul className="bag-lines" aria-label="Pieces in your bag" aria-busy={pending || undefined}>
            {lines.map((line) => (
              <BagLine
                key={lineKey(line)}
                line={line}
                onOpen={onClose}
                controls={(describedBy) => (
                  <QuantityStepper
                    line={line}
                    describedBy={describedBy}
                    disabled={pending}
                    onLess={() => void less(line)}
                    onMore={() => void run(() => addToCart([selectionOf(line)]))}
                  />
                )}
              />
            ))}
          </ul>
        ) : (
          <div className="bag-empty">
            <span className="bag-empty__icon">
              <BagIcon />
            </span>
            <p className="bag-empty__text">Your shopping bag is empty</p>
            <Button
              variant="secondary"
              onClick={() => {
                onClose();
                void navigate('/collections');
              }}
            >
              Continue shopping
            </Button>
          </div>
        )}
      </Drawer>
      <BagAnnouncer count={count} loaded={loaded} />
    </>
  );
}

/**
 * Pieces the shop took out of the bag because they left the catalog (deleted, hidden, that colour or
 * size withdrawn), asked for whenever the open bag's count changes and kept on screen until the
 * panel closes: the server answers each piece once.
 */
function useBagNotices(active: boolean, count: number): string[] {
  const [removed, setRemoved] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` is the trigger, not read: each change of the open bag's count asks the server again.
  useEffect(() => {
    if (!active) {
      setRemoved([]);
      return;
    }
    // An answer arriving after a change is still kept: the server has already cleared what it said.
    takeBagNotices()
      .then(({ removed: more }) => {
        if (more.length > 0) setRemoved((seen) => [...new Set([...seen, ...more])]);
      })
      .catch(() => {}); // the notes stay on the server when unread: the next opening asks again
  }, [active, count]);
  return removed;
}

/** Says the new number of pieces when it changes (not at load), wherever focus is. */
function BagAnnouncer({ count, loaded }: { count: number; loaded: boolean }) {
  const [message, setMessage] = useState('');
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (previous.current !== null && previous.current !== count) {
      setMessage(count === 0 ? 'Your bag is now empty' : `${count} ${count === 1 ? 'item' : 'items'} in your bag`);
    }
    previous.current = count;
  }, [count, loaded]);
  return (
    <p className="visually-hidden" role="status">
      {message}
    </p>
  );
}
