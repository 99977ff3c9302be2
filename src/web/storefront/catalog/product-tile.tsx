// The product tile of collections, categories and the home page (spec §2 "Product tile"): main
// picture, the second on hover above 1024 px, title, first product's price, and the quick add.
// The title's link is stretched over the whole tile, so there is one link per tile for keyboards;
// it comes first in the markup (the picture is moved above it by CSS), then the quick add.
import { useId } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../../contract/catalog.js';
import { formatPrice } from './format-price.js';
import { QuickAdd } from './quick-add.js';
import { ShopPicture } from './shop-picture.js';
import './catalog.css';

export type ProductTileProps = {
  item: Item;
  hidePrice?: boolean;
  disableAddToCart?: boolean;
  /** Above the fold: load the picture at once with fetchpriority=high. */
  priority?: boolean;
  /** Level of the title: 3 under a section's h2 (default), 2 straight under the page's h1. */
  headingLevel?: 2 | 3;
};

/** How wide a tile is drawn: 2 columns on phones, 3 on tablets, 4 on desktops. */
export const TILE_SIZES = '(min-width: 1360px) 330px, (min-width: 1025px) 24vw, (min-width: 700px) 32vw, 50vw';

export const productPath = (url: string) => `/product/${encodeURIComponent(url)}`;

export function ProductTile({
  item,
  hidePrice = false,
  disableAddToCart = false,
  priority = false,
  headingLevel = 3,
}: ProductTileProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [main, second] = item.pictures;
  const product = item.available_products[0];
  const colorName = product?.colors[0]?.color_name;
  const alt = colorName ? `${item.title} in ${colorName}` : item.title;
  return (
    <article className="tile" aria-labelledby={titleId}>
      <div className="tile__info">
        <Heading className="tile__title" id={titleId}>
          <Link to={productPath(item.url)} className="tile__link">
            {item.title}
          </Link>
        </Heading>
        {!hidePrice && product && <p className="tile__price">{formatPrice(product.price)}</p>}
      </div>
      <div className="tile__media">
        {main ? (
          <ShopPicture
            picture={main}
            alt={alt}
            width={600}
            height={900}
            sizes={TILE_SIZES}
            priority={priority}
            className="tile__main"
          />
        ) : (
          <span className="shop-picture tile__main" />
        )}
        {second && (
          <span className="tile__second" aria-hidden="true">
            <ShopPicture picture={second} alt="" width={600} height={900} sizes={TILE_SIZES} />
          </span>
        )}
        <QuickAdd item={item} disabled={disableAddToCart} />
      </div>
    </article>
  );
}
