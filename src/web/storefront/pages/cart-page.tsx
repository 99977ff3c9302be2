// /cart/{step}: only checkout and success exist; any other step goes to /cart/checkout (spec §2).
// /cart/checkout opens on the shopping-bag view (the 'cart' step): lines with Remove, Subtotal (crossed
// out beside the discounted one when the checkout has a promo), CHECKOUT. CHECKOUT asks the server
// whether the bag may go to checkout (POST /requestCheckout), then shows the checkout stages in its
// place (a lazily loaded chunk, ../checkout/), with the lines in their sidebar and 'Edit bag' back
// (SPEC-NOTES "/cart/{step}"). A `?stage=` in the URL (shipping or billing, kept there by the
// checkout) opens the stages at once, e.g. after a reload. An empty bag there sends the shopper home
// (spec §4): the server redirects a page load (ssr/routes.ts), and the page goes home when its last line
// is removed; /cart/success never does.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatMoney, toCents } from '../../../domain/money.js';
import { removeFromCart, requestCheckout } from '../../api/http-api.js';
import { placedOrderQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { Button, ButtonLink } from '../../ui/button.js';
import { PageHeading } from '../../ui/page-heading.js';
import { BagLine } from '../bag/bag-line.js';
import { BagSubtotal, useCheckoutPromo } from '../bag/bag-subtotal.js';
import { lineKey, useBagChange, useCart } from '../bag/use-cart.js';
import { SimplePage } from './simple-page.js';
import { LOAD_FAILED, LoadBoundary } from '../../ui/load-boundary.js';
import './cart-page.css';

const CART_STEPS = ['checkout', 'success'];
const IN_BROWSER = typeof window !== 'undefined';

// The checkout stages are their own chunk, loaded in the browser once the shopper asks for them.
const CheckoutFlow = lazy(() => import('../checkout/checkout-flow.js'));

/** Where an invalid step redirects; used by the server (302) and in the browser alike. */
export function cartRedirect(step: string | undefined): string | undefined {
  return step !== undefined && CART_STEPS.includes(step) ? undefined : '/cart/checkout';
}

export function CartPage() {
  const { step } = useParams();
  const redirect = cartRedirect(step);
  if (redirect) return <Navigate to={redirect} replace />;
  if (step === 'success') return <OrderPlaced />;
  return <ShoppingBagView />;
}

function ShoppingBagView() {
  const navigate = useNavigate();
  const { lines, loaded, failed, retry } = useCart();
  const { run, pending, error } = useBagChange();
  const [checkoutClicked, setCheckout] = useState(false);
  const stageInUrl = useSearchParams()[0].has('stage');
  // Once open (by CHECKOUT or by the URL), the stages stay open, also back on the contact stage.
  const checkout = checkoutClicked || stageInUrl;
  useEffect(() => {
    if (stageInUrl) setCheckout(true);
  }, [stageInUrl]);
  const linesHeading = useRef<HTMLHeadingElement>(null);
  const empty = loaded && lines.length === 0;
  /** The stages replace the bag view once the shopper goes on. */
  const stages = checkout && !empty && loaded;
  const promo = useCheckoutPromo(loaded && !empty);

  useEffect(() => {
    if (empty) void navigate('/', { replace: true });
  }, [empty, navigate]);

  // Focus follows the shopper between the bag and the stages; the page starts at the top.
  const shownView = useRef(stages);
  useEffect(() => {
    if (shownView.current === stages) return;
    shownView.current = stages;
    const heading = document.getElementById('cart-page-title');
    heading?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [stages]);

  const editBag = () => {
    setCheckout(false);
    void navigate('/cart/checkout');
  };

  const remove = async (index: number) => {
    // The focused Remove leaves with its line: focus goes to the list's heading.
    if (await run(() => removeFromCart({ index, all: true }))) linesHeading.current?.focus();
  };

  return (
    <div className="cart-page">
      <PageMeta title="Shopping Bag" noIndex />
      <PageHeading eyebrow="Secure checkout" title={stages ? 'Checkout' : 'Shopping Bag'} titleId="cart-page-title" />
      {!loaded && failed ? (
        <div className="load-failed" role="alert">
          <p>Your bag {LOAD_FAILED}</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : !loaded ? (
        <div className="cart-page__loading" aria-busy="true">
          <span className="visually-hidden">Loading your bag</span>
        </div>
      ) : empty ? (
        <div className="cart-empty">
          <p className="cart-empty__text">Your Shopping Cart Is Empty</p>
          <ButtonLink to="/collections" variant="secondary">
            Continue Shopping
          </ButtonLink>
        </div>
      ) : stages ? null : (
        <div className="cart-page__layout">
          <section className="cart-page__lines" aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" ref={linesHeading} tabIndex={-1} className="cart-page__subtitle">
              Your pieces
            </h2>
            {error && (
              <p className="bag-alert" role="alert">
                {error}
              </p>
            )}
            <ul className="cart-lines" aria-busy={pending || undefined}>
              {lines.map((line) => (
                <BagLine
                  key={lineKey(line)}
                  line={line}
                  className="bag-line--page"
                  controls={(describedBy) => (
                    <>
                      <span className="cart-line__qty">Qty {line.quantity}</span>
                      <button
                        type="button"
                        className="cart-line__remove"
                        aria-label={`Remove ${line.title}`}
                        aria-describedby={describedBy}
                        disabled={pending}
                        onClick={() => void remove(line.index)}
                      >
                        Remove
                      </button>
                    </>
                  )}
                />
              ))}
            </ul>
          </section>
          <aside className="cart-summary" aria-label="Bag summary">
            <p className="cart-summary__row">
              <span>Subtotal</span>
              <BagSubtotal lines={lines} promo={promo} />
            </p>
            <p className="cart-summary__note">Shipping and taxes are calculated at the next step.</p>
            <Button
              block
              disabled={pending}
              onClick={() => void run(requestCheckout).then((ok) => ok && setCheckout(true))}
            >
              CHECKOUT
            </Button>
          </aside>
        </div>
      )}
      {stages && (
        <section id="checkout-stage" className="checkout-stage" aria-labelledby="cart-page-title">
          <LoadBoundary what="The checkout">
            <Suspense
              fallback={
                <div className="checkout-stage__loading" aria-busy="true">
                  <span className="visually-hidden">Loading the checkout</span>
                </div>
              }
            >
              <CheckoutFlow onEditBag={editBag} />
            </Suspense>
          </LoadBoundary>
        </section>
      )}
    </div>
  );
}

/** Each piece with a key of its own (two gift cards may read alike). */
function keyed<T extends { title: string; productName: string; color: string; size: string }>(pieces: T[]) {
  const seen = new Map<string, number>();
  return pieces.map((piece) => {
    const base = [piece.title, piece.productName, piece.color, piece.size].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: n > 1 ? `${base}#${n}` : base, piece };
  });
}

/**
 * /cart/success: 'Thank you for your order!' only for the order this session has just placed, with
 * its number and a short recap (GET /checkout/placed). Opened with no such order, it sends the
 * shopper to /cart/checkout (issue 24 item 15), which sends an empty bag home (spec §4).
 */
function OrderPlaced() {
  const { data: placed, isError, isFetching, refetch } = useQuery({ ...placedOrderQuery(), enabled: IN_BROWSER });
  const failed = isError && !isFetching;
  if (placed === null) return <Navigate to="/cart/checkout" replace />;
  if (placed === undefined) {
    return (
      <div className="content-page">
        <PageMeta title="Your order" noIndex />
        {failed ? (
          <div className="load-failed" role="alert">
            <p>Your order {LOAD_FAILED}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="cart-page__loading" aria-busy="true">
            <span className="visually-hidden">Loading your order</span>
          </div>
        )}
      </div>
    );
  }
  const pieces = placed.pieces.reduce((n, p) => n + p.quantity, 0);
  const to = placed.shipTo;
  return (
    <SimplePage
      title="Thank you for your order!"
      metaTitle="Order placed"
      lede={
        <div className="order-placed">
          <p className="order-placed__number">
            Order number <strong data-testid="order-number">#{placed.orderId}</strong>
          </p>
          <p>You will receive the confirmation email shortly.</p>
        </div>
      }
      continueShopping
    >
      <section className="order-recap" aria-labelledby="order-recap-title" data-testid="order-recap">
        <h2 id="order-recap-title" className="order-recap__title">
          Your order
        </h2>
        <dl className="order-recap__list">
          <div>
            <dt>{pieces === 1 ? '1 piece' : `${pieces} pieces`}</dt>
            <dd>
              <ul className="order-recap__pieces">
                {keyed(placed.pieces).map(({ key, piece: p }) => (
                  <li key={key}>
                    {p.title}
                    <span className="order-recap__details">
                      {' '}
                      · {[p.color, `size ${p.size}`].filter(Boolean).join(', ')}
                      {p.quantity > 1 ? ` · ×${p.quantity}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>Shipping to</dt>
            <dd data-testid="order-recap-address">
              {to.name}
              <br />
              {[to.address, to.address2].filter(Boolean).join(', ')}
              <br />
              {[to.city, [to.state, to.zip].filter(Boolean).join(' '), to.country].filter(Boolean).join(', ')}
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd data-testid="order-recap-total">{formatMoney(toCents(placed.total))}</dd>
          </div>
        </dl>
      </section>
    </SimplePage>
  );
}
