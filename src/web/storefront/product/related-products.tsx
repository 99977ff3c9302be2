// 'Complete the look' and 'You may also like' (spec §2): other items as product tiles.
import { useId } from 'react';
import type { Item } from '../../../contract/catalog.js';
import { ProductTile } from '../catalog/product-tile.js';

export function RelatedProducts({
  title,
  items,
  variant,
}: {
  title: string;
  items: readonly Item[];
  variant: 'look' | 'more';
}) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <section className={`related related--${variant}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="related__title">
        {title}
      </h2>
      <ul className="related__grid">
        {items.map((item) => (
          <li key={item._id}>
            <ProductTile item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
