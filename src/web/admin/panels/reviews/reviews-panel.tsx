// The Reviews tab (issue 27 #6): shoppers' reviews waiting for a decision, oldest first, each with
// Approve and Reject; the approved and rejected ones a click away, to change one's mind. Only an
// approved review is shown on the product page and counted in its rating. Owner and staff alike.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShopperReview } from '../../../../contract/reviews.js';
import { FIT_LABELS, type ReviewStatus } from '../../../../domain/review-fit.js';
import { previewOf } from '../../../../domain/pictures.js';
import { Button } from '../../../ui/button.js';
import { Stars } from '../../../storefront/product/stars.js';
import { adminKeys } from '../../queries/admin-queries.js';
import { QueryState } from '../../queries/query-state.js';
import { useAdminMutation } from '../../queries/use-admin-mutation.js';
import { formatDateTime, PanelError, PanelStatus } from '../admin-form.js';
import { reviewsAdminApi, reviewsKey } from './reviews-api.js';
import './reviews-panel.css';

const VIEWS: { status: ReviewStatus; label: string }[] = [
  { status: 'pending', label: 'Waiting' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];

export default function ReviewsPanel() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...reviewsKey, status],
    queryFn: () => reviewsAdminApi.list(status),
    placeholderData: keepPreviousData,
  });
  const moderate = useAdminMutation({
    call: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) => reviewsAdminApi.moderate(id, decision),
    // The item's reviews in Existing Items change with an approval too.
    invalidates: [reviewsKey, adminKeys.items],
    onSuccess: (answer) =>
      setDone(
        `${answer.review.status === 'approved' ? 'Approved' : 'Rejected'}: “${answer.review.title}” by ${answer.review.authorName}`,
      ),
  });

  const decide = (review: ShopperReview, decision: 'approve' | 'reject') => {
    setDone(null);
    void moderate.run({ id: review._id, decision });
  };

  return (
    <div className="admin-panel admin-reviews">
      <p className="admin-panel__lede">
        Reviews shoppers write from their shipping email. A review is shown on the product page, and counted in its
        rating, once approved.
      </p>
      <div className="admin-reviews__views" role="group" aria-label="Show reviews">
        {VIEWS.map((view) => (
          <button
            key={view.status}
            type="button"
            className="admin-reviews__view"
            aria-pressed={status === view.status}
            onClick={() => {
              setStatus(view.status);
              setDone(null);
            }}
          >
            {view.label}
            {view.status === 'pending' && list.data ? ` (${list.data.pending})` : ''}
          </button>
        ))}
      </div>
      <PanelStatus message={done} />
      <PanelError message={moderate.error} />
      <QueryState
        query={list}
        isEmpty={(data) => data.reviews.length === 0}
        empty={status === 'pending' ? 'No review is waiting.' : `No ${status} review yet.`}
      >
        {(data) => (
          <ul className="admin-reviews__list">
            {data.reviews.map((review) => (
              <li key={review._id} className="admin-reviews__review">
                <a className="admin-reviews__item" href={`/product/${review.itemUrl}`} target="_blank" rel="noreferrer">
                  {review.picture && (
                    <img
                      src={/\.jpg$/i.test(review.picture) ? previewOf(review.picture) : review.picture}
                      alt=""
                      width={56}
                      height={84}
                      loading="lazy"
                    />
                  )}
                  <span>{review.itemTitle}</span>
                </a>
                <div className="admin-reviews__body">
                  <Stars rating={review.rating} />
                  <h3 className="admin-reviews__title">{review.title}</h3>
                  <p className="admin-reviews__text">{review.description}</p>
                  <p className="admin-reviews__meta">
                    {review.authorName}
                    {review.fit ? ` · ${FIT_LABELS[review.fit]}` : ''}
                    {review.orderId ? ` · order #${review.orderId}` : ''} · {formatDateTime(review.createdAt)}
                  </p>
                </div>
                <div className="admin-reviews__actions">
                  {review.status !== 'approved' && (
                    <Button
                      onClick={() => decide(review, 'approve')}
                      disabled={moderate.pending}
                      aria-label={`Approve “${review.title}” by ${review.authorName}`}
                    >
                      Approve
                    </Button>
                  )}
                  {review.status !== 'rejected' && (
                    <Button
                      variant="secondary"
                      onClick={() => decide(review, 'reject')}
                      disabled={moderate.pending}
                      aria-label={`Reject “${review.title}” by ${review.authorName}`}
                    >
                      Reject
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
