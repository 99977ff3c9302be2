// The Abandoned tab (issue 28 #4): checkouts that gave an email at the contact step and placed no
// order within Settings › abandon-after minutes, newest first, 20 a page: who, when, the bag as it is
// now and its value, and where its reminder stands. Owner and staff alike; nothing here is changed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AbandonedCheckout, ReminderState } from '../../../../contract/abandoned.js';
import { formatPrice } from '../../../../domain/money.js';
import { Button } from '../../../ui/button.js';
import { QueryState } from '../../queries/query-state.js';
import { formatDateTime } from '../admin-form.js';
import { abandonedAdminApi, abandonedKey } from './abandoned-api.js';
import './abandoned-panel.css';

const REMINDER_LABELS: Record<ReminderState, string> = {
  'not-asked': 'No reminder asked',
  waiting: 'Reminder due',
  off: 'Reminders are off',
  sent: 'Reminder sent',
  unsubscribed: 'Stopped reminders',
  'too-old': 'Too old to remind',
};
const REMINDER_TONE: Partial<Record<ReminderState, string>> = {
  waiting: 'admin-tag--warning',
  sent: 'admin-tag--success',
};

/** '1 hour', '90 minutes', '2 days'. */
function waitInWords(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

function Checkout({ checkout }: { checkout: AbandonedCheckout }) {
  const pieces = checkout.pieces.reduce((n, p) => n + p.quantity, 0);
  return (
    <li className="admin-abandoned__checkout">
      <div className="admin-abandoned__who">
        <a className="admin-abandoned__email" href={`mailto:${checkout.email}`}>
          {checkout.email}
        </a>
        <span className="admin-abandoned__when">
          <time dateTime={checkout.emailGivenAt}>{formatDateTime(checkout.emailGivenAt)}</time>
        </span>
      </div>
      <ul className="admin-abandoned__pieces" aria-label={`Bag of ${checkout.email}`}>
        {checkout.pieces.length === 0 && <li className="admin-abandoned__empty">The bag is empty now</li>}
        {checkout.pieces.map((piece, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bag's lines, shown in the order added and never reordered
          <li key={i}>
            {piece.url ? (
              <a href={`/product/${piece.url}`} target="_blank" rel="noreferrer">
                {piece.title}
              </a>
            ) : (
              <span>{piece.title}</span>
            )}{' '}
            <span className="admin-abandoned__detail">
              {[piece.color, piece.size].filter(Boolean).join(' · ')} × {piece.quantity}
            </span>
          </li>
        ))}
      </ul>
      <div className="admin-abandoned__value">
        <span className="admin-abandoned__amount">{formatPrice(Math.round(checkout.value * 100))}</span>
        <span className="admin-abandoned__count">{pieces === 1 ? '1 piece' : `${pieces} pieces`}</span>
      </div>
      <div className="admin-abandoned__reminder">
        <span className={`admin-tag ${REMINDER_TONE[checkout.reminder] ?? 'admin-tag--info'}`}>
          {REMINDER_LABELS[checkout.reminder]}
        </span>
        {checkout.remindedAt && <span className="admin-abandoned__note">{formatDateTime(checkout.remindedAt)}</span>}
        {checkout.restoredAt && (
          <span className="admin-abandoned__note">Link opened {formatDateTime(checkout.restoredAt)}</span>
        )}
      </div>
    </li>
  );
}

export default function AbandonedPanel() {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: [...abandonedKey, page],
    queryFn: () => abandonedAdminApi.list(page),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="admin-panel admin-abandoned">
      <p className="admin-panel__lede">
        Checkouts that gave an email and placed no order within{' '}
        {data ? waitInWords(data.abandonAfterMinutes) : 'the waiting time'}, newest first. Shoppers who ticked ‘Email me
        a reminder’ get one reminder{data && !data.remindersOn ? ' once reminders are on again' : ''}. The waiting time
        and reminders are in Settings › Reports and reminders.
      </p>
      {data && data.total > 0 && (
        <p className="admin-abandoned__total" aria-live="polite">
          {data.total === 1 ? '1 abandoned checkout' : `${data.total.toLocaleString('en-US')} abandoned checkouts`}
        </p>
      )}
      <QueryState
        query={list}
        isEmpty={(answer) => answer.checkouts.length === 0 && answer.page === 0}
        empty="No checkout has been left half-way yet."
      >
        {(answer) => (
          <ul className="admin-abandoned__list">
            {answer.checkouts.map((checkout) => (
              <Checkout key={checkout.cartId} checkout={checkout} />
            ))}
          </ul>
        )}
      </QueryState>
      {data && pages > 1 && (
        <nav className="admin-abandoned__pages" aria-label="Abandoned checkout pages">
          <Button variant="secondary" disabled={page === 0 || list.isFetching} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="admin-abandoned__page">
            Page {page + 1} of {pages}
          </span>
          <Button variant="secondary" disabled={page + 1 >= pages || list.isFetching} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
