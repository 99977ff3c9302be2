// /categories/?category={key}: the category's title and items (spec §2). The server answers an empty
// category with a redirect to /collections; in the browser an empty list does the same.
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useShopApi } from '../../api/api-context.js';
import { categoriesQuery, categoryItemsQuery } from '../../api/queries.js';
import { PageMeta, useSite } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { JsonLd } from '../catalog/json-ld.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';
import { categoryPath } from '../shell/side-menu.js';

export function CategoryPage() {
  const api = useShopApi();
  const { publicUrl } = useSite();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('category') ?? '';
  const { data: categories } = useQuery(categoriesQuery(api));
  const { data: items, isError } = useQuery({ ...categoryItemsQuery(api, key), enabled: key !== '' });

  if (key === '' || isError || items?.length === 0) return <Navigate to="/collections" replace />;

  const title = categories?.find((c) => c.key === key)?.title ?? '';
  const path = categoryPath(key);
  return (
    <div className="catalog-page">
      <PageMeta
        title={title || 'Collections'}
        description={`Shop Murashki ${title.toLowerCase() || 'pieces'}: considered lingerie and clothing, made to be lived in.`}
        path={path}
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
          {items ? <p className="catalog-page__count">{pieceCount(items.length)}</p> : null}
        </PageHeading>
      </div>
      {items ? <ProductGrid items={items} label={title} /> : <ProductGridSkeleton />}
    </div>
  );
}
