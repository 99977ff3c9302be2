// Small reads of a product for its page.
import type { AvailableProduct, Item } from '../../../contract/catalog.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';

export { previewOf };
/** Spec §9: '.jpg' pictures are plain images with -preview/-small variants; anything else is video or other. */
export const isJpg = isPlainImage;
export const isVideo = (picture: string) => /\.(mp4|webm|mov|m4v|ogv)$/i.test(picture);

/** A style is in stock when some colour has a size on offer (for a set: a size of every piece). */
export const typeInStock = (product: AvailableProduct) =>
  product.colors.some((color) =>
    color.pieces
      ? color.pieces.every((piece) => piece.available_sizes.some((size) => !size.sold_out))
      : color.available_sizes.some((size) => !size.sold_out),
  );

/** Spec §2: 'Get notified' instead of 'ADD TO BAG' when every size of every colour is sold out. */
export const soldOutEverywhere = (item: Pick<Item, 'available_products'>) => !item.available_products.some(typeInStock);

/** The description block titled 'description' (always open); the others fold. */
export const MAIN_BLOCK_KEY = 'description';
