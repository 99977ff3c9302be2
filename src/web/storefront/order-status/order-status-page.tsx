// /order-status (issue 27 item 5): the order number and the order's email → the order's timeline
// (placed, shipped with the carrier's tracking, return requested, refunded). The order emails link
// here with a signed ?t= that opens the timeline with nothing to type. The server renders the form;
// the timeline is fetched in the browser (it is the shopper's, never cached). Its own chunk (routes.tsx).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OrderStatusAnswer } from '../../../contract/order-status.js';
import { ApiError, call } from '../../api/http-api.js';
import { PageMeta } from '../../page-meta.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { PageHeading } from '../../ui/page-heading.js';
import { OrderTimeline } from './order-timeline.js';
import '../pages/pages.css';
import '../pages/lookup-form.css';
import './order-status.css';
import { OrderNumberField } from '../pages/order-number-field.js';

/** What a failed lookup says: the server's own words for a refusal, a calm retry for anything else. */
const messageOf = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : 'We could not look up your order. Please try again.';

export default function OrderStatusPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const [orderId, setOrderId] = useState('');
  const [email, setEmail] = useState('');
  // The link's look-up starts after hydration, so the server's HTML and the first render agree.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const byLink = useQuery({
    queryKey: ['orderStatusByLink', token],
    queryFn: () => call('/orderStatusByLink', { t: token }),
    enabled: hydrated && token !== '',
    retry: false,
    staleTime: 60_000,
  });
  const lookup = useMutation({
    mutationFn: (body: { orderId: number; email: string }) => call('/orderStatus', body),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderId === '' || email.trim() === '') return;
    // A typed look-up replaces the link's order.
    if (token) setSearchParams({}, { replace: true });
    lookup.mutate({ orderId: Number(orderId), email: email.trim() });
  };

  const typed = lookup.isIdle ? null : lookup;
  const searching = typed ? typed.isPending : byLink.isFetching;
  const answer: OrderStatusAnswer | undefined = typed ? typed.data : token ? byLink.data : undefined;
  const error = typed ? typed.error : token ? byLink.error : null;

  return (
    <div className="content-page order-status-page">
      <PageMeta title="Order status" path="/order-status" noIndex />
      <PageHeading eyebrow="Orders" title="Order status">
        <p>Enter your order number and the email you ordered with to see where your order is.</p>
      </PageHeading>

      <form className="lookup-form order-status-form" onSubmit={submit} aria-label="Find your order">
        <OrderNumberField value={orderId} onChange={setOrderId} />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <Button
          type="submit"
          disabled={orderId === '' || email.trim() === '' || searching}
          aria-busy={searching || undefined}
          className="lookup-form__submit"
        >
          Check status
        </Button>
      </form>

      {error && !searching && (
        <p className="lookup-message" role="alert">
          {messageOf(error)}
        </p>
      )}
      {searching && (
        <div className="lookup-loading" role="status">
          <span className="visually-hidden">Looking up your order</span>
        </div>
      )}
      {answer && !searching && <OrderTimeline order={answer} />}

      <p className="order-status-page__help">
        Need to send something back? <Link to="/return-form">Start a return</Link>.
      </p>
    </div>
  );
}
