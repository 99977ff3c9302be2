// A size's stock changed in place (the Demand tab): the setStock call's payload for a row, naming the
// size as the database does (a set's 'Brief M' row is piece 'Brief', size 'M') and the stock the owner
// saw, so the server writes it only if no order took a piece meanwhile.
import type { SetStockBody } from '../../../../contract/demand.js';

export type StockRef = { itemId: string; product_type: string; color: string; piece: string; size: string };

/** The size's own name: a set's row names its piece first ('Brief M' → 'M'). */
export const sizeNameOf = (ref: Pick<StockRef, 'piece' | 'size'>) =>
  ref.piece && ref.size.startsWith(`${ref.piece} `) ? ref.size.slice(ref.piece.length + 1) : ref.size;

export function stockBody(ref: StockRef, expected: number | null, stock: number): SetStockBody {
  return {
    itemId: ref.itemId,
    product_type: ref.product_type,
    color: ref.color,
    piece: ref.piece,
    name: sizeNameOf(ref),
    expected,
    stock,
  };
}
