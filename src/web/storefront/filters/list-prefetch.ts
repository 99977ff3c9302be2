// The server render's data for /collections and the category pages, filters included (issue 27):
// a page past the end goes back to the first page of the same filters; an address naming a colour
// or type the shop no longer carries (the call answers 400) goes to the unfiltered list.
import { filteredPath, filtersFromSearch, isFiltered } from '../../../domain/catalog-filters.js';
import { pageFromSearch } from '../../../domain/storefront-paging.js';
import { itemsPageQuery } from '../../api/queries.js';
import type { PrefetchContext } from '../../prefetch.js';
import { FilterBar } from './lazy-filter-bar.js';

const isBadRequest = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { statusCode?: number }).statusCode === 400 || (err as { status?: number }).status === 400);

/** `path` is the list's own address (category kept); `category` undefined for /collections. */
export async function prefetchList(
  { api, queryClient, searchParams }: PrefetchContext,
  category: string | undefined,
  path: string,
): Promise<{ redirect?: string; total?: number }> {
  const page = pageFromSearch(searchParams.get('page'));
  const filters = filtersFromSearch(searchParams);
  try {
    await FilterBar.preload();
    const list = await queryClient.fetchQuery(itemsPageQuery(api, category, page, filters));
    if (page > list.pages) return { redirect: filteredPath(path, filters) };
    return { total: isFiltered(filters) ? undefined : list.total };
  } catch (err) {
    if (isBadRequest(err) && isFiltered(filters)) return { redirect: path };
    throw err;
  }
}
