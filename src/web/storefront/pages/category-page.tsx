// /categories/?category={key}: the category's title and items (spec §2). The server answers an empty
// category with a redirect to /collections; in the browser an empty list does the same. Long lists
// come a page of ITEMS_PAGE_SIZE at a time (`&page=`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { filteredPath, isFiltered } from '../../../domain/catalog-filters.js';
import { useShopApi } from '../../api/api-context.js';
import { pagedPath } from '../../../domain/storefront-paging.js';
import { itemsPageQuery, menuCategoriesQuery } from '../../api/queries.js';
import { PageMeta, useSite } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { JsonLd } from '../catalog/json-ld.js';
import { Pagination } from '../catalog/pagination.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';
import { categoryPath } from '../shell/side-menu.js';
import { FilterBar } from '../filters/lazy-filter-bar.js';
import { NoMatch } from '../filters/no-match.js';
import { useListAddress } from '../filters/list-address.js';

export function CategoryPage() {
  const api = useShopApi();
  const { publicUrl } = useSite();
  const { category, page, filters } = useListAddress();
  const key = category ?? '';
  const filtered = isFiltered(filters);
  const { data: categories } = useQuery(menuCategoriesQuery(api));
  const { data, isError } = useQuery({
    ...itemsPageQuery(api, key, page, filters),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });

  const path = categoryPath(key);
  // A filter the shop no longer carries (a 400) shows the whole category; an empty category, the collections.
  if (isError && filtered) return <Navigate to={path} replace />;
  if (key === '' || isError || (data?.total === 0 && !filtered)) return <Navigate to="/collections" replace />;
  if (data && page > data.pages) return <Navigate to={filteredPath(path, filters)} replace />;

  const title = categories?.find((c) => c.key === key)?.title ?? '';
  return (
    <div className="catalog-page">
      <PageMeta
        title={(title || 'Collections') + (page > 1 ? `, page ${page}` : '')}
        description={`Shop Murashki ${title.toLowerCase() || 'pieces'}: considered lingerie and clothing, made to be lived in.`}
        path={pagedPath(path, page)}
        noIndex={filtered || filters.sort !== 'featured'}
      />
      {title && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicUrl}/` },
              { '@type': 'ListItem', position: 2, name: title, item: publicUrl + path },
            ],
          }}
        />
      )}
      <div className="catalog-page__head">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <PageHeading title={title || '\u00a0'}>
          {data ? (
            <p className="catalog-page__count" aria-live="polite">
              {pieceCount(data.total)}
            </p>
          ) : null}
        </PageHeading>
      </div>
      <FilterBar />
      {data && data.total === 0 ? (
        <NoMatch base={path} sort={filters.sort} />
      ) : data ? (
        <ProductGrid items={data.items} label={title} />
      ) : (
        <ProductGridSkeleton />
      )}
      {data && <Pagination path={filteredPath(path, filters)} page={page} pages={data.pages} />}
    </div>
  );
}
