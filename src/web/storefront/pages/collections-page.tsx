// /collections: every published item, in the owner's `position` order (spec §2), a page of
// ITEMS_PAGE_SIZE at a time (`?page=`), so the page stays light however large the catalog grows.
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { pagedPath, pageFromSearch } from '../../../domain/storefront-paging.js';
import { useShopApi } from '../../api/api-context.js';
import { itemsPageQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { Pagination } from '../catalog/pagination.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';

const DESCRIPTION =
  'Shop every Murashki piece: silk bras, lace bralettes, panties & garters, slips, robes and loungewear.';
export const COLLECTIONS_PATH = '/collections';

export function CollectionsPage() {
  const api = useShopApi();
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const { data } = useQuery(itemsPageQuery(api, undefined, page));

  if (data && page > data.pages) return <Navigate to={COLLECTIONS_PATH} replace />;
  return (
    <div className="catalog-page">
      <PageMeta
        title={page > 1 ? `Collections, page ${page}` : 'Collections'}
        description={DESCRIPTION}
        path={pagedPath(COLLECTIONS_PATH, page)}
      />
      <div className="catalog-page__head">
        <PageHeading eyebrow="Shop all" title="Collections">
          {data ? <p className="catalog-page__count">{pieceCount(data.total)}</p> : null}
        </PageHeading>
      </div>
      {data ? <ProductGrid items={data.items} label="All pieces" /> : <ProductGridSkeleton />}
      {data && <Pagination path={COLLECTIONS_PATH} page={page} pages={data.pages} />}
    </div>
  );
}
