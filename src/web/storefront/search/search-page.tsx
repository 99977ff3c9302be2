// /search?q=… (issue 27): the published items matching the query as the tiles of /collections, a
// page of SEARCH_PAGE_SIZE at a time. Rendered on the server from the same call the browser makes;
// its form is a plain GET, so a shopper without JavaScript searches, pages and browses the same way.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, searchPath } from '../../../domain/search.js';
import { pageCount, pageFromSearch } from '../../../domain/storefront-paging.js';
import { useShopApi } from '../../api/api-context.js';
import { menuCategoriesQuery, searchQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { Pagination } from '../catalog/pagination.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';
import { categoryPath } from '../shell/side-menu.js';
import { queryFromSearch, SEARCH_PATH } from './search-query.js';
import './search.css';

function SearchForm({ q }: { q: string }) {
  return (
    <form className="search-form" role="search" action={SEARCH_PATH} method="get">
      <label className="visually-hidden" htmlFor="search-page-q">
        Search the shop
      </label>
      <input
        id="search-page-q"
        className="search-form__input"
        type="search"
        name="q"
        defaultValue={q}
        required
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Search bras, silk, colours…"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-form__submit">
        Search
      </button>
    </form>
  );
}

function BrowseCategories() {
  const api = useShopApi();
  const { data: categories = [] } = useQuery(menuCategoriesQuery(api));
  if (categories.length === 0) return null;
  return (
    <nav aria-label="Categories">
      <ul className="search-page__browse">
        {categories.map((c) => (
          <li key={c.key}>
            <Link to={categoryPath(c.key)}>{c.title}</Link>
          </li>
        ))}
        <li>
          <Link to="/collections">Shop all</Link>
        </li>
      </ul>
    </nav>
  );
}

export default function SearchPage() {
  const api = useShopApi();
  const [searchParams] = useSearchParams();
  const q = queryFromSearch(searchParams.get('q'));
  const page = pageFromSearch(searchParams.get('page'));
  const { data } = useQuery({ ...searchQuery(api, q, page), enabled: q !== '' });
  const pages = data ? pageCount(data.total, SEARCH_PAGE_SIZE) : 1;

  const none = q !== '' && data !== undefined && data.items.length === 0;
  const title = q === '' ? 'Search the shop' : none ? `No results for "${q}"` : `Results for “${q}”`;
  return (
    <div className="catalog-page search-page">
      <PageMeta
        title={q ? `Search: ${q}` : 'Search'}
        description="Search the shop: pieces, fabrics, colours."
        path={SEARCH_PATH}
        noIndex
      />
      <div className="catalog-page__head">
        <PageHeading eyebrow="Search" title={title}>
          {data && data.total > 0 ? <p className="catalog-page__count">{pieceCount(data.total)}</p> : null}
        </PageHeading>
        <SearchForm key={q} q={q} />
      </div>
      {q === '' || none ? (
        <section className="search-page__empty" aria-label="Browse categories">
          <p>
            {none
              ? 'Check the spelling, try a more general word, or browse the categories:'
              : 'Type a word above: a piece, a fabric, a colour. Or browse the categories:'}
          </p>
          <BrowseCategories />
        </section>
      ) : !data ? (
        <ProductGridSkeleton />
      ) : (
        <>
          <ProductGrid items={data.items} label={`Results for ${q}`} />
          <Pagination path={searchPath(q)} page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
