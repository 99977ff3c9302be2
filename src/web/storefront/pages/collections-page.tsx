// /collections: every published item, in the owner's `position` order (spec §2), a page of
// ITEMS_PAGE_SIZE at a time (`?page=`), so the page stays light however large the catalog grows.
// Filters and sort (issue 27) live in the address, so a filtered page is rendered by the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { filteredPath, isFiltered } from '../../../domain/catalog-filters.js';
import { pagedPath } from '../../../domain/storefront-paging.js';
import { useShopApi } from '../../api/api-context.js';
import { itemsPageQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { Pagination } from '../catalog/pagination.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';
import { FilterBar } from '../filters/lazy-filter-bar.js';
import { NoMatch } from '../filters/no-match.js';
import { useListAddress } from '../filters/list-address.js';

const DESCRIPTION =
  'Shop every Murashki piece: silk bras, lace bralettes, panties & garters, slips, robes and loungewear.';
export const COLLECTIONS_PATH = '/collections';

export function CollectionsPage() {
  const api = useShopApi();
  const { page, filters } = useListAddress();
  const { data } = useQuery({ ...itemsPageQuery(api, undefined, page, filters), placeholderData: keepPreviousData });
  const filtered = isFiltered(filters);

  if (data && page > data.pages) return <Navigate to={filteredPath(COLLECTIONS_PATH, filters)} replace />;
  return (
    <div className="catalog-page">
      {/* A filtered or sorted view is the same page to search engines: its canonical address is the plain list's. */}
      <PageMeta
        title={page > 1 ? `Collections, page ${page}` : 'Collections'}
        description={DESCRIPTION}
        path={pagedPath(COLLECTIONS_PATH, page)}
        noIndex={filtered || filters.sort !== 'featured'}
      />
      <div className="catalog-page__head">
        <PageHeading eyebrow="Shop all" title="Collections">
          {data ? (
            <p className="catalog-page__count" aria-live="polite">
              {pieceCount(data.total)}
            </p>
          ) : null}
        </PageHeading>
      </div>
      <FilterBar />
      {data && data.total === 0 && filtered ? (
        <NoMatch base={COLLECTIONS_PATH} sort={filters.sort} />
      ) : data ? (
        <ProductGrid items={data.items} label="All pieces" />
      ) : (
        <ProductGridSkeleton />
      )}
      {data && <Pagination path={filteredPath(COLLECTIONS_PATH, filters)} page={page} pages={data.pages} />}
    </div>
  );
}
