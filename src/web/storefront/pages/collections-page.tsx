// /collections: every published item, in the owner's `position` order (spec §2).
import { useQuery } from '@tanstack/react-query';
import { useShopApi } from '../../api/api-context.js';
import { allItemsQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import { pieceCount } from '../catalog/piece-count.js';
import { ProductGrid, ProductGridSkeleton } from '../catalog/product-grid.js';

const DESCRIPTION = 'Shop every Murashki piece: silk bras, lace bralettes, panties & garters, slips, robes and loungewear.';

export function CollectionsPage() {
  const api = useShopApi();
  const { data: items } = useQuery(allItemsQuery(api));
  return (
    <div className="catalog-page">
      <PageMeta title="Collections" description={DESCRIPTION} path="/collections" />
      <div className="catalog-page__head">
        <PageHeading eyebrow="Shop all" title="Collections">
          {items ? <p className="catalog-page__count">{pieceCount(items.length)}</p> : null}
        </PageHeading>
      </div>
      {items ? <ProductGrid items={items} label="All pieces" /> : <ProductGridSkeleton />}
    </div>
  );
}
