// Small reads of a product for its page. previewOf repeats contract/catalog.ts's on purpose:
// importing that module would ship Zod to the browser.
import type { AvailableProduct, Item } from '../../../contract/catalog.js';

/** Spec §9: '.jpg' pictures are plain images with -preview/-small variants; anything else is video or other. */
export const isJpg = (picture: string) => picture.toLowerCase().endsWith('.jpg');
export const isVideo = (picture: string) => /\.(mp4|webm|mov|m4v|ogv)$/i.test(picture);
export const previewOf = (picture: string) => picture.slice(0, -4) + '-preview.jpg';

export const typeInStock = (product: AvailableProduct) =>
  product.colors.some((color) => color.available_sizes.some((size) => !size.sold_out));

/** Spec §2: 'Get notified' instead of 'ADD TO BAG' when every size of every colour is sold out. */
export const soldOutEverywhere = (item: Pick<Item, 'available_products'>) => !item.available_products.some(typeInStock);

/** The description block titled 'description' (always open); the others fold. */
export const MAIN_BLOCK_KEY = 'description';
