// The reviews panel (spec §2): a right drawer that loads the item's reviews when it first opens.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Product } from '../../../contract/catalog.js';
import { useShopApi } from '../../api/api-context.js';
import { reviewsQuery } from '../../api/queries.js';
import { Drawer } from '../../ui/drawer.js';
import { FIT_LABELS } from '../../../domain/review-fit.js';
import { FitSummary } from './fit-summary.js';
import { Stars } from './stars.js';

type ReviewsPanelProps = {
  product: Pick<Product, '_id' | 'title' | 'rating' | 'fit'>;
  open: boolean;
  onClose: () => void;
};

export function ReviewsPanel({ product, open, onClose }: ReviewsPanelProps) {
  const api = useShopApi();
  const { data: reviews, isError, refetch } = useQuery({ ...reviewsQuery(api, product._id), enabled: open });
  const { average, count } = product.rating;

  let body: ReactNode;
  if (isError) {
    body = (
      <p className="reviews__note" role="alert">
        Reviews could not be loaded.{' '}
        <button type="button" className="link-button reviews__retry" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  } else if (!reviews) {
    body = (
      <p className="reviews__note" role="status">
        Loading reviews…
      </p>
    );
  } else if (reviews.length === 0) {
    body = <p className="reviews__note">No reviews for this item yet</p>;
  } else {
    body = (
      <ul className="reviews__list">
        {reviews.map((review) => (
          <li key={review._id} className="review">
            <Stars rating={review.rating} />
            <h3 className="review__title">{review.title}</h3>
            <p className="review__text">{review.description}</p>
            <p className="review__author">{review.authorName}</p>
            {review.fit && <p className="review__fit">Fit: {FIT_LABELS[review.fit].toLowerCase()}</p>}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Drawer
      id="reviews-panel"
      side="right"
      open={open}
      onClose={onClose}
      label="Reviews"
      title={product.title}
      closeLabel="Close reviews"
    >
      <div className="reviews">
        <h2 className="reviews__heading">Reviews</h2>
        {count > 0 && (
          <p className="reviews__summary">
            <Stars rating={average} />
            <span>
              {Math.round(average * 10) / 10} out of 5 · {count} {count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        )}
        <FitSummary fit={product.fit} />
        {body}
      </div>
    </Drawer>
  );
}
