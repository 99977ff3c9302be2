// Orders (spec §2 Placed Orders): search by order number or shipping last name (10 matches at most),
// each order with its lines, addresses, promo, totals, payment and state; custom tracking marks it
// processed and emails the shopper, or a bought label does (shipping-modal.tsx).
// Issue 28 #6: the filters 'To ship', 'Returns to handle' and 'All' (the default, as spec §2 lists),
// 10 a page with Previous / Next, kept in the address (?tab=orders&filter=to-ship&page=2).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { PlacedOrder } from '../../../contract/orders.js';
import { PLACED_ORDERS_LIMIT } from '../../../contract/values/admin.js';
import { isOrderFilter, ORDER_FILTER_LABELS, type OrderFilter } from '../../../contract/values/orders-to-act.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { formatDateTime } from './admin-form.js';
import { PackingSlipLink } from './packing-slip-link.js'; // Issue 28 (packing slips)
import { ProviderPaymentNote, ProviderPaymentTag } from './provider-payment-note.js'; // Issue 29 (webhooks)
import { ReturnPanel } from './return-panel.js';
import { ShippingModal } from './shipping-modal.js';
import './orders-filters.css';

const dollars = (n: number) => `$${n.toFixed(2)}`;

/** The refund still owed on a return; none before a return is asked for or once it is refunded. */
export const refundDueNote = (order: PlacedOrder): string | null => {
  const r = order.returnRequest;
  return r && !r.refundedAt ? `Refund due ${dollars(r.total_refund)}` : null;
};

/** The filters in the order the tab shows them (issue 28 #6). */
const FILTERS: OrderFilter[] = ['to-ship', 'returns', 'all'];
const EMPTY: Record<OrderFilter, string> = {
  'to-ship': 'No order is waiting to be shipped.',
  returns: 'No return is waiting to be handled.',
  all: 'No Search Results',
};

/** The filter and the page (1-based) the address asks for: 'All' and the first page when it asks for none, or for nonsense. */
export function ordersViewOf(params: URLSearchParams): { filter: OrderFilter; page: number } {
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  return { filter: isOrderFilter(filter) ? filter : 'all', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export default function OrdersPanel() {
  const [search, setSearch] = useState('');
  /** The search sent: the orders shown are its answer (the last answer stays until the next arrives). */
  const [term, setTerm] = useState('');
  const [params, setParams] = useSearchParams();
  const { filter, page } = ordersViewOf(params);
  const orders = useQuery({ ...adminQueries.ordersPage(term, filter, page - 1), placeholderData: keepPreviousData });
  // Next is offered only when the next page has an order: asked for as soon as this page is full.
  const full = orders.data?.length === PLACED_ORDERS_LIMIT && !orders.isPlaceholderData;
  const following = useQuery({ ...adminQueries.ordersPage(term, filter, page), enabled: full });
  const hasNext = full && (following.data?.length ?? 0) > 0;
  const [shipping, setShipping] = useState<PlacedOrder | null>(null);

  /** Shows another filter or page; the tab and anything else in the address stay. */
  const show = (next: { filter?: OrderFilter; page?: number }) =>
    setParams((current) => {
      const params = new URLSearchParams(current);
      const nextFilter = next.filter ?? filter;
      const nextPage = next.page ?? page;
      if (nextFilter === 'all') params.delete('filter');
      else params.set('filter', nextFilter);
      if (nextPage <= 1) params.delete('page');
      else params.set('page', String(nextPage));
      return params;
    });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (page > 1) show({ page: 1 });
    // The same search again asks again.
    if (search === term) void orders.refetch();
    else setTerm(search);
  };

  return (
    <div className="admin-panel">
      <div className="admin-orders__bar">
        <div className="admin-orders__filters" role="group" aria-label="Show orders">
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className="admin-orders__filter"
              aria-pressed={filter === f}
              onClick={() => show({ filter: f, page: 1 })}
            >
              {ORDER_FILTER_LABELS[f]}
            </button>
          ))}
        </div>
        <search>
          <form className="admin-inline" onSubmit={onSearch}>
            <FormField
              label="Order number or last name"
              hideLabel
              placeholder="Order number or last name"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        </search>
      </div>
      <QueryState query={orders} empty={term ? 'No Search Results' : EMPTY[filter]}>
        {(list) => (
          <ul className="admin-orders">
            {list.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} onShip={() => setShipping(o)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {(page > 1 || hasNext) && (
        <nav className="admin-orders__pages" aria-label="Pages of orders">
          <Button variant="secondary" disabled={page <= 1} onClick={() => show({ page: page - 1 })}>
            Previous
          </Button>
          <span className="admin-orders__page" aria-live="polite">
            Page {page}
          </span>
          <Button variant="secondary" disabled={!hasNext} onClick={() => show({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      )}
      <ShippingModal order={shipping} onClose={() => setShipping(null)} />
    </div>
  );
}

function Address({ title, address }: { title: string; address: Partial<PlacedOrder['shippingInfo']> | null }) {
  if (!address?.address) return null;
  return (
    <div>
      <p className="admin-order__label">{title}</p>
      <p>
        {address.firstName} {address.lastName}
        <br />
        {address.address}
        {address.address2 ? `, ${address.address2}` : ''}
        <br />
        {address.city}, {address.state} {address.zip}, {address.country}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </p>
    </div>
  );
}

function OrderCard({ order: o, onShip }: { order: PlacedOrder; onShip: () => void }) {
  const due = refundDueNote(o);
  // A gift-card-only order is processed when placed (nothing to ship, no label): its card says so.
  const byEmail = o.shippingInfo.shippingType === 'email';
  const state = o.returnRequest
    ? o.returnRequest.refundedAt
      ? 'Refunded'
      : 'Return requested'
    : byEmail
      ? 'Sent by email'
      : o.processed
        ? 'Processed'
        : 'To ship';
  const tone = o.returnRequest ? 'info' : o.processed ? 'success' : 'warning';
  // Refunded in full in the provider's dashboard before it shipped: not to ship (its own tag says what happened).
  const shown = state === 'To ship' && o.providerPayment?.fullyRefunded ? undefined : state;
  return (
    <article className="admin-order" aria-label={`Order #${o.id}`}>
      <header className="admin-order__head">
        <h2 className="admin-order__title">#{o.id}</h2>
        {shown && <span className={`admin-tag admin-tag--${tone}`}>{shown}</span>}
        <ProviderPaymentTag order={o} />
        <span className="admin-table__note">{formatDateTime(o.createdAt)}</span>
        {!o.processed && (
          <Button variant="secondary" onClick={onShip}>
            Ship
          </Button>
        )}
        {/* Issue 28 (packing slips): the order's slip, a PDF to print. */}
        <PackingSlipLink order={o} />
      </header>
      <div className="admin-order__grid">
        <div>
          <p className="admin-order__label">Pieces</p>
          <ul className="admin-lines">
            {o.cart.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed once placed, and a line is named by its index (returns refer to it so)
              <li key={i}>
                {l.title}{' '}
                {l.item_removed && (
                  <>
                    <span className="admin-tag admin-tag--warning">No longer in the shop</span>{' '}
                  </>
                )}
                <span className="admin-table__note">
                  {l.gift_card
                    ? `${l.gift_card} · ${dollars(l.price)} · final sale`
                    : `${l.product_name} · ${l.color} · ${l.size} × ${l.quantity} · ${dollars(l.price)}`}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <Address title="Ship to" address={o.shippingInfo} />
        <Address title="Bill to" address={o.billingInfo} />
        <div>
          <p className="admin-order__label">Totals</p>
          <p>
            Subtotal {dollars(o.locals.subtotal)}
            {o.promo ? ` · ${o.promo.code} −${dollars(o.locals.discount)}` : ''}
            <br />
            Shipping ({o.shippingInfo.shippingType}) {o.locals.shippingFee ? dollars(o.locals.shippingFee) : 'free'} ·
            Tax {dollars(o.locals.tax)}
            <br />
            <strong>Total {dollars(o.locals.total)}</strong>
            {o.paidFromBalance && (
              <>
                <br />
                {`Paid from ${o.paidFromBalance.code || 'a balance'} ${dollars(o.paidFromBalance.amount)} · charged ${dollars(Math.round((o.locals.total - o.paidFromBalance.amount) * 100) / 100)}`}
              </>
            )}
          </p>
          <p className="admin-table__note">
            {o.email}
            {o.shippingInfo.paymentMethodDetails
              ? ` · ${o.shippingInfo.paymentMethodDetails.paymentMethod} ${o.shippingInfo.paymentMethodDetails.detail}`
              : ''}
          </p>
          {o.trackingNumber && (
            <p className="admin-table__note">
              Tracking{' '}
              {o.trackingInfo.tracking_url ? (
                <a href={o.trackingInfo.tracking_url} target="_blank" rel="noreferrer">
                  {o.trackingNumber}
                </a>
              ) : (
                o.trackingNumber
              )}
            </p>
          )}
          {o.trackingInfo.label_url && (
            <p className="admin-table__note">
              <a href={o.trackingInfo.label_url} target="_blank" rel="noreferrer">
                Shipping label (PDF)
              </a>
            </p>
          )}
          {due && <p className="admin-table__note">{due}</p>}
          <ProviderPaymentNote order={o} />
        </div>
      </div>
      {o.returnRequest && <ReturnPanel order={o} />}
    </article>
  );
}
