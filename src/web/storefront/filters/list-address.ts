// The list's own address (category kept), its page and its filters, as the current address says.
import { useSearchParams } from 'react-router';
import { filtersFromSearch } from '../../../domain/catalog-filters.js';
import { pageFromSearch } from '../../../domain/storefront-paging.js';
import { categoryPath } from '../shell/side-menu.js';

export function useListAddress() {
  const [params] = useSearchParams();
  const category = params.get('category') ?? undefined;
  return {
    category,
    base: category === undefined ? '/collections' : categoryPath(category),
    page: pageFromSearch(params.get('page')),
    filters: filtersFromSearch(params),
  };
}
