// 'Previous' / 'Page 2 of 5' / 'Next' under a long list. Plain links, so crawlers and shoppers
// without JavaScript reach every page too; nothing shows when the list fits on one page.
import { Link } from 'react-router';
import { pagedPath } from '../../../domain/storefront-paging.js';

export function Pagination({ path, page, pages }: { path: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link className="pagination__link" to={pagedPath(path, page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="pagination__link" aria-hidden="true" />
      )}
      <p className="pagination__status" aria-current="page">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link className="pagination__link" to={pagedPath(path, page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className="pagination__link" aria-hidden="true" />
      )}
    </nav>
  );
}
