// /cart/{step}: only checkout and success exist; any other step goes to /cart/checkout (spec §2).
// /cart/checkout opens on the shopping-bag view: lines with Remove, Subtotal (crossed out beside the
// discounted one when the checkout has a promo), CHECKOUT. CHECKOUT asks the server whether the bag
// may go to checkout (POST /requestCheckout), then opens the checkout stages below it (a lazily
// loaded chunk, ../checkout/). A `?stage=` in the URL (shipping or billing, kept there by the
// checkout) opens the stages at once, e.g. after a reload. An empty bag there sends the shopper home
// (spec §4): the server redirects a page load (ssr/routes.ts), and the page goes home when its last line
// is removed; /cart/success never does.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { removeFromCart, requestCheckout, stageCheck } from '../../api/http-api.js';
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
  const checkoutHeading = useRef<HTMLHeadingElement>(null);
  const empty = loaded && lines.length === 0;
  const promo = useCheckoutPromo(loaded && !empty);

  useEffect(() => {
    if (empty) void navigate('/', { replace: true });
  }, [empty, navigate]);

  useEffect(() => {
    const heading = checkoutHeading.current;
    if (!checkout || !heading) return;
    heading.focus({ preventScroll: true });
    heading.parentElement?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [checkout]);

  const remove = async (index: number) => {
    // The focused Remove leaves with its line: focus goes to the list's heading.
    if (await run(() => removeFromCart({ index, all: true }))) linesHeading.current?.focus();
  };

  return (
    <div className="cart-page">
      <PageMeta title="Shopping Bag" noIndex />
      <PageHeading eyebrow="Secure checkout" title="Shopping Bag" />
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
      ) : (
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
            <Button block disabled={pending} onClick={() => void run(requestCheckout).then((ok) => ok && setCheckout(true))}>
              CHECKOUT
            </Button>
          </aside>
        </div>
      )}
      {checkout && !empty && loaded && (
        <section id="checkout-stage" className="checkout-stage" aria-labelledby="checkout-stage-title">
          <h2 id="checkout-stage-title" ref={checkoutHeading} tabIndex={-1} className="checkout-stage__title">
            Checkout
          </h2>
          <LoadBoundary what="The checkout">
            <Suspense
              fallback={
                <div className="checkout-stage__loading" aria-busy="true">
                  <span className="visually-hidden">Loading the checkout</span>
                </div>
              }
            >
              <CheckoutFlow />
            </Suspense>
          </LoadBoundary>
        </section>
      )}
    </div>
  );
}

/** /cart/success: the order number comes from POST /stageCheck (its orderId), in the browser. */
function OrderPlaced() {
  const [orderId, setOrderId] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    stageCheck('success')
      .then((answer) => {
        if (!cancelled) setOrderId(answer.orderId);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <SimplePage
      title="Thank you for your order!"
      metaTitle="Order placed"
      lede={
        <div className="order-placed">
          <p className="order-placed__number" aria-live="polite">
            {orderId !== null && (
              <>
                Order number <strong data-testid="order-number">#{orderId}</strong>
              </>
            )}
          </p>
          <p>You will receive the confirmation email shortly.</p>
        </div>
      }
      continueShopping
    />
  );
}
