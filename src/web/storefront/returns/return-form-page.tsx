// /return-form (optional ?orderId): 'Start a return' (spec §2 return page, §4 return flow, §5): the
// order number, its pieces to choose from (return-selection.tsx), and the confirmation popup.
// Its own chunk (routes.tsx); the form's CSS is in the first load so the server HTML is styled.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderDetailsAnswer } from '../../../contract/returns.js';
import { ORDER_NOT_FOUND, RETURN_REQUESTED_TITLE } from '../../../domain/returns.js';
import { ApiError, orderDetailsById } from '../../api/http-api.js';
import { PageMeta } from '../../page-meta.js';
import { Button } from '../../ui/button.js';
import { Modal } from '../../ui/modal.js';
import { PageHeading } from '../../ui/page-heading.js';
import { ReturnSelection } from './return-selection.js';
import '../pages/pages.css';
import '../pages/lookup-form.css';
import { OrderNumberField, orderDigits } from '../pages/order-number-field.js';

type Lookup =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'message'; message: string }
  | { state: 'found'; orderId: number; order: OrderDetailsAnswer };

export default function ReturnFormPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState(() => orderDigits(searchParams.get('orderId')));
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [confirmed, setConfirmed] = useState(false);
  const latest = useRef(0);

  async function search(id: string) {
    if (id === '') return;
    const call = ++latest.current;
    setLookup({ state: 'searching' });
    try {
      const order = await orderDetailsById(Number(id));
      if (call !== latest.current) return;
      setLookup(
        order.status === 'fail'
          ? { state: 'message', message: ORDER_NOT_FOUND }
          : { state: 'found', orderId: Number(id), order },
      );
    } catch (err) {
      if (call !== latest.current) return;
      // A refused call says why (too many tries, a malformed number); anything else is a network hiccup.
      const message =
        err instanceof ApiError && err.status < 500
          ? err.message
          : 'We could not look up your order. Please try again.';
      setLookup({ state: 'message', message });
    }
  }

  // A link with ?orderId= (the order emails have one, and a search leaves one for the Back button)
  // looks the order up on arrival; later searches are the shopper's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only; later searches are the shopper's
  useEffect(() => {
    if (orderId !== '') void search(orderId);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderId === '') return;
    if (searchParams.get('orderId') !== orderId) setSearchParams({ orderId }, { replace: true });
    void search(orderId);
  };

  // Spec §4: once requested, the order id, the list and the selection are cleared and the popup opens.
  const requested = () => {
    latest.current++;
    setOrderId('');
    setLookup({ state: 'idle' });
    if (searchParams.has('orderId')) setSearchParams({}, { replace: true });
    window.scrollTo({ top: 0 });
    setConfirmed(true);
  };

  const searching = lookup.state === 'searching';
  return (
    <div className="content-page return-page">
      <PageMeta title="Start a return" path="/return-form" />
      <PageHeading eyebrow="Returns" title="Start a return">
        <p>Enter the order number from your confirmation email to choose the pieces you would like to send back.</p>
      </PageHeading>

      <form className="lookup-form lookup-form--inline" onSubmit={submit} role="search" aria-label="Find your order">
        <OrderNumberField value={orderId} onChange={setOrderId} className="lookup-form__field" />
        <Button
          type="submit"
          disabled={orderId === '' || searching}
          aria-busy={searching || undefined}
          className="lookup-form__submit"
        >
          Search
        </Button>
      </form>

      {lookup.state === 'message' && (
        <p className="lookup-message" role="alert">
          {lookup.message}
        </p>
      )}
      {searching && (
        <div className="lookup-loading" role="status">
          <span className="visually-hidden">Looking up your order</span>
        </div>
      )}
      {lookup.state === 'found' && (
        <ReturnSelection key={lookup.orderId} orderId={lookup.orderId} order={lookup.order} onRequested={requested} />
      )}

      <Modal open={confirmed} onClose={() => setConfirmed(false)} title={RETURN_REQUESTED_TITLE}>
        <p className="modal__text">
          A confirmation email with shipping instructions has been sent to the email address on your order.
        </p>
        <div className="lookup-dialog__actions">
          <Button
            onClick={() => {
              setConfirmed(false);
              void navigate('/collections');
            }}
          >
            Continue Shopping
          </Button>
        </div>
      </Modal>
    </div>
  );
}
