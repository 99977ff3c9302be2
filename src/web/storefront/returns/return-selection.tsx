// The order's pieces under 'Select items you'd like to return', each with its checkbox (spec §2):
// type, title (to its product page), preview, size, colour, price. 'Request Return' appears with
// the first piece selected.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OrderDetailsAnswer, ReturnPiece } from '../../../contract/returns.js';
import { ARRIVING_MS, ORDER_NOT_SHIPPED, RETURN_ALREADY_REFUNDED } from '../../../domain/returns.js';
import { ApiError, requestReturn } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { productPath } from '../bag/bag-line.js';
import { formatPrice } from '../catalog/format-price.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { useShopInfo } from '../shell/use-shop-info.js';
import './return-selection.css';

type Props = { orderId: number; order: OrderDetailsAnswer; onRequested: () => void };

const keyOf = (p: ReturnPiece) => `${p.index}:${p.piece}`;

/** Why this piece cannot be selected, if that is about the piece (an unshipped order says so once, above). */
function tagOf(piece: ReturnPiece): string | undefined {
  if (piece.return_requested) return 'Return requested';
  if (piece.is_final_sale) return 'Final sale';
  return undefined;
}

export function ReturnSelection({ orderId, order, onRequested }: Props) {
  const headingId = useId();
  const noticeId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (key: string) => {
    setError(null);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };

  const submit = async () => {
    // Pieces of one line are alike: the request counts them per line.
    const perLine = new Map<number, number>();
    for (const piece of order.orderData)
      if (selected.has(keyOf(piece))) perLine.set(piece.index, (perLine.get(piece.index) ?? 0) + 1);
    setPending(true);
    setError(null);
    try {
      await requestReturn({
        creditSelected: false,
        orderId,
        items: [...perLine].map(([index, quantity]) => ({ index, quantity })),
        international: order.international,
      });
      onRequested();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500 ? err.message : 'We could not send your request. Please try again.',
      );
      setPending(false);
    }
  };

  const count = selected.size;
  const shown = count > 0;
  const actions = useRef<HTMLDivElement>(null);
  const [arriving, setArriving] = useState(false);
  useLayoutEffect(() => {
    if (!shown) return;
    setArriving(true);
    // The piece just ticked stays in sight above the bar that now covers the bottom of the screen.
    const row = document.activeElement?.closest('.return-pieces > li');
    const bar = actions.current?.getBoundingClientRect();
    if (row && bar) {
      const hidden = row.getBoundingClientRect().bottom - bar.top;
      if (hidden > 0) window.scrollBy({ top: hidden + 16 });
    }
  }, [shown]);
  useEffect(() => {
    if (!arriving) return;
    const timer = setTimeout(() => setArriving(false), ARRIVING_MS);
    return () => clearTimeout(timer);
  }, [arriving]);

  const { supportEmail } = useShopInfo();
  return (
    <section className="return-selection" aria-labelledby={headingId}>
      <header className="return-selection__head">
        <p className="eyebrow">Order #{orderId}</p>
        <h2 id={headingId} className="return-selection__title">
          Select items you'd like to return
        </h2>
        {(!order.shipped || order.refunded) && (
          <p id={noticeId} className="return-selection__notice">
            {order.shipped ? (
              <>
                {RETURN_ALREADY_REFUNDED} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </>
            ) : (
              ORDER_NOT_SHIPPED
            )}
          </p>
        )}
      </header>

      <ul className="return-pieces">
        {order.orderData.map((piece) => (
          <PieceRow
            key={keyOf(piece)}
            piece={piece}
            tag={tagOf(piece)}
            disabledBy={order.shipped && !order.refunded ? undefined : noticeId}
            checked={selected.has(keyOf(piece))}
            onToggle={() => toggle(keyOf(piece))}
          />
        ))}
      </ul>

      {error && (
        <p className="lookup-message" role="alert">
          {error}
        </p>
      )}

      {shown && (
        <div ref={actions} className={arriving ? 'return-actions return-actions--arriving' : 'return-actions'}>
          <p className="return-actions__count" aria-live="polite">
            {count === 1 ? '1 item selected' : `${count} items selected`}
          </p>
          <Button
            onClick={() => void submit()}
            disabled={pending}
            aria-busy={pending || undefined}
            className="return-actions__submit"
          >
            Request Return
          </Button>
        </div>
      )}

      <p className="return-selection__policy">
        Unworn pieces with their tags can be returned within 30 days of delivery; final-sale pieces cannot. Shipping is
        not refunded. <Link to="/info/shipping-returns">Shipping &amp; Returns</Link>
      </p>
    </section>
  );
}

type PieceRowProps = {
  piece: ReturnPiece;
  /** 'Final sale', 'Return requested': the piece cannot be selected. */
  tag: string | undefined;
  /** The id of the notice that says why nothing can be selected (an order not shipped yet). */
  disabledBy: string | undefined;
  checked: boolean;
  onToggle: () => void;
};

function PieceRow({ piece, tag, disabledBy, checked, onToggle }: PieceRowProps) {
  const id = useId();
  const type = piece.product_name || piece.product_type;
  const blocked = tag !== undefined || disabledBy !== undefined;
  return (
    <li className="return-piece" data-blocked={blocked || undefined} data-checked={checked || undefined}>
      <input
        id={`${id}-check`}
        type="checkbox"
        className="return-piece__check"
        checked={checked}
        disabled={blocked}
        onChange={onToggle}
        aria-labelledby={`${id}-type ${id}-title ${id}-details`}
        aria-describedby={tag ? `${id}-tag` : disabledBy}
      />
      <label htmlFor={`${id}-check`} className="return-piece__picture">
        {piece.picture ? (
          <ShopPicture picture={piece.picture} alt="" width={600} height={900} sizes="96px" />
        ) : (
          <span className="shop-picture" />
        )}
      </label>
      <div className="return-piece__body">
        <p id={`${id}-type`} className="return-piece__type">
          {type}
        </p>
        {piece.item_removed ? (
          <p id={`${id}-title`} className="return-piece__title">
            {piece.title} <span className="return-piece__gone">(no longer in the shop)</span>
          </p>
        ) : (
          <Link id={`${id}-title`} className="return-piece__title" to={productPath(piece.url)}>
            {piece.title}
          </Link>
        )}
        <label htmlFor={`${id}-check`} id={`${id}-details`} className="return-piece__details">
          {piece.color} · Size&nbsp;{piece.size}
        </label>
        {tag && (
          <p id={`${id}-tag`} className="return-piece__tag">
            {tag}
          </p>
        )}
      </div>
      <p className="return-piece__price">{formatPrice(piece.price)}</p>
    </li>
  );
}
