// What a list shows when its filters leave nothing: say so, and offer to clear them.
import { Link } from 'react-router';
import { filteredPath, NO_FILTERS, type Sort } from '../../../domain/catalog-filters.js';

export function NoMatch({ base, sort }: { base: string; sort: Sort }) {
  return (
    <div className="filters__none" role="status">
      <p className="filters__none-title">No pieces match these filters</p>
      <p>Try fewer filters, or see everything.</p>
      <Link className="button button--secondary" to={filteredPath(base, { ...NO_FILTERS, sort })}>
        Clear all
      </Link>
    </div>
  );
}
