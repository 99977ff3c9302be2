// A size's stock changed in place (the Demand tab): the item as saved, with that one size's stock, in
// the shape the availability editor saves through updateItem (item-draft.ts), so the server applies
// its usual rules and records the change in the Activity. A stock above 0 puts the size back on sale;
// 0 marks it sold out (a tracked stock of 0 is sold out).
import type { AdminItem, CreateItemBody } from '../../../../contract/admin-catalog.js';
import { productsBody, productsDraftOf } from '../item-draft.js';

export type StockRef = { product_type: string; color: string; piece: string; size: string };

/** The size's own name: a set's row names its piece first ('Brief M' → 'M'). */
export const sizeNameOf = (ref: StockRef) =>
  ref.piece && ref.size.startsWith(`${ref.piece} `) ? ref.size.slice(ref.piece.length + 1) : ref.size;

export const NO_LONGER_OFFERED = 'This size is no longer offered: open the item to change its sizes.';

export function withStock(
  item: AdminItem,
  ref: StockRef,
  stock: number,
): NonNullable<CreateItemBody['available_products']> {
  const products = productsDraftOf(item);
  const name = sizeNameOf(ref);
  const size = products
    .find((p) => p.type === ref.product_type)
    ?.colors.find((c) => c.color_name === ref.color)
    ?.available_sizes.find((s) => s.name === name && (s.piece ?? '') === ref.piece);
  if (!size) throw new Error(NO_LONGER_OFFERED);
  size.stock = String(stock);
  size.sold_out = stock === 0;
  return productsBody(products);
}
