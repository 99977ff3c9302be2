// The product page while it loads on a client-side navigation, when its item is gone (the server
// answers 404), and when it could not be loaded.
import { PageMeta } from '../../page-meta.js';
import { Button, ButtonLink } from '../../ui/button.js';

export function ProductSkeleton() {
  return (
    <div className="product product--loading" role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <div className="product__main" aria-hidden="true">
        <div className="gallery">
          <div className="gallery__strip">
            <div className="gallery__slide skeleton" />
          </div>
          <ul className="gallery__thumbs">
            {[1, 2, 3].map((n) => (
              <li key={n} className="gallery__thumb skeleton" />
            ))}
          </ul>
        </div>
        <div className="product__info">
          <span className="skeleton skeleton--line" style={{ width: '30%' }} />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" style={{ width: '20%' }} />
          <span className="skeleton skeleton--block" />
          <span className="skeleton skeleton--button" />
        </div>
      </div>
    </div>
  );
}

export function ProductMissing({ failed, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  return (
    <div className="content-page product-missing">
      <PageMeta title={failed ? 'Something went wrong' : 'No longer available'} noIndex />
      <p className="eyebrow">{failed ? 'Please try again' : 'Sold & gone'}</p>
      <h1 className="page-heading__title">
        {failed ? 'This piece could not be loaded' : 'This piece is no longer available'}
      </h1>
      <p className="product-missing__text">
        {failed
          ? 'Check your connection and try again, or keep browsing the collections.'
          : 'It may have sold out for good or moved. Our other pieces are waiting in the collections.'}
      </p>
      <div className="product-missing__actions">
        {failed && onRetry ? (
          <Button onClick={onRetry}>Try again</Button>
        ) : (
          <ButtonLink to="/collections">Shop the collections</ButtonLink>
        )}
        <ButtonLink to="/" variant="secondary">
          Back to home
        </ButtonLink>
      </div>
    </div>
  );
}
