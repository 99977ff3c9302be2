// A grid of product tiles: 2 columns on phones, 3 on tablets, 4 on desktops. The first phone row
// loads at once; a placeholder grid of the same shape stands in while a list is loading.
import type { Item } from '../../../contract/catalog.js';
import { ProductTile } from './product-tile.js';
import './catalog.css';

/** The first row on a phone: loaded eagerly, with high priority. Wider screens load the rest at once anyway. */
const PRIORITY_TILES = 2;

export function ProductGrid({ items, label }: { items: Item[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {items.map((item, i) => (
        <li key={item._id}>
          <ProductTile item={item} priority={i < PRIORITY_TILES} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder tiles have no identity
        <div key={i} className="tile tile--skeleton">
          <div className="tile__media" />
          <div className="tile__info">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
