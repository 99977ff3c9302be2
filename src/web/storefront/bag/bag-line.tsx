// One line of the bag (spec §2 "Cart line"): preview thumbnail, title, style · colour · size, unit
// price, and either the panel's minus / quantity / plus or the checkout page's Remove.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '../../../contract/cart.js';
import { formatPrice } from '../catalog/format-price.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import './bag.css';

type BagLineProps = {
  line: CartLine;
  /** Called when the shopper follows the line to its product page. */
  onOpen?: () => void;
  /** The line's controls; they get the line's details as their description. */
  controls: (describedBy: string) => ReactNode;
  className?: string;
};

export const productPath = (url: string) => `/product/${encodeURIComponent(url)}`;
/** A gift card line leads back to the gift card page; a piece to its product page. */
const linePath = (line: CartLine) => (line.giftCard ? '/gift-card' : productPath(line.url));

/** A line's details under its title: style, colour and size; a gift card's amount and recipient. */
export function lineDetails(line: CartLine): string {
  const style = line.product_name || line.product_type;
  return line.giftCard
    ? `${line.size} · ${style}`
    : [style, line.color, `Size\u00a0${line.size}`].filter(Boolean).join(' · ');
}

export function BagLine({ line, onOpen, controls, className = '' }: BagLineProps) {
  const detailsId = useId();
  const picture = line.pictures[0];
  return (
    <li className={`bag-line ${className}`.trim()}>
      {/* The title link is the one in the reading and tab order; the picture repeats it for the pointer. */}
      <Link className="bag-line__picture" to={linePath(line)} onClick={onOpen} tabIndex={-1} aria-hidden="true">
        {picture ? (
          <ShopPicture picture={picture} alt="" width={600} height={900} sizes="96px" />
        ) : (
          <span className="shop-picture" />
        )}
      </Link>
      <div className="bag-line__body">
        <Link className="bag-line__title" to={linePath(line)} onClick={onOpen}>
          {line.title}
        </Link>
        <p className="bag-line__details" id={detailsId}>
          {lineDetails(line)}
        </p>
        <p className="bag-line__price">
          {formatPrice(line.price)}
          {line.quantity > 1 && (
            <span className="bag-line__total">
              {' '}
              × {line.quantity} = {formatPrice((Math.round(line.price * 100) * line.quantity) / 100)}
            </span>
          )}
        </p>
        <div className="bag-line__controls">{controls(detailsId)}</div>
      </div>
    </li>
  );
}

/** Minus / quantity / plus, for the panel. */
export function QuantityStepper({
  line,
  describedBy,
  disabled,
  onLess,
  onMore,
}: {
  line: CartLine;
  describedBy: string;
  disabled: boolean;
  onLess: () => void;
  onMore: () => void;
}) {
  return (
    <fieldset className="stepper" aria-label={`Quantity of ${line.title}`} aria-describedby={describedBy}>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Remove one ${line.title}`}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={onLess}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M2 7h10" stroke="currentColor" strokeWidth="1.25" strokeLinecap="round" />
        </svg>
      </button>
      <span className="stepper__value" data-testid="line-quantity">
        <span className="visually-hidden">Quantity </span>
        {line.quantity}
      </span>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Add one more ${line.title}`}
        aria-describedby={describedBy}
        disabled={disabled || line.giftCard !== undefined}
        onClick={onMore}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M2 7h10M7 2v10" stroke="currentColor" strokeWidth="1.25" strokeLinecap="round" />
        </svg>
      </button>
    </fieldset>
  );
}
