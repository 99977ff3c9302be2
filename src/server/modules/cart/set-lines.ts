// The size rows a bag line takes its stock from (issue 27 item 4): a single item's size, or one size
// per piece of a set. The bag's stock checks and the order's stock-taking count demand per row, so
// two set lines sharing a piece's size ('Bra 34C · Brief M' and 'Bra 34C · Brief S') share its stock.
import type { PieceSize } from '../../../domain/sets.js';
import type { LineKey } from './cart-repository.js';

export type SizeRowKey = LineKey & { piece: string };

export const rowKeyOf = (k: SizeRowKey) => JSON.stringify([k.itemId, k.productType, k.color, k.piece, k.size]);

/** The line's size rows: its own size (piece ''), or each piece's size of a set. */
export function sizeRowsOf(key: LineKey, pieceSizes: readonly PieceSize[] | undefined): SizeRowKey[] {
  const { itemId, productType, color } = key;
  if (!pieceSizes?.length) return [{ itemId, productType, color, piece: '', size: key.size }];
  return pieceSizes.map((p) => ({ itemId, productType, color, piece: p.piece, size: p.size }));
}

/** Pieces wanted per size row over lines (with their quantities). */
export function demandOf(lines: { key: LineKey; pieceSizes?: readonly PieceSize[] | undefined; quantity: number }[]) {
  const demand = new Map<string, { row: SizeRowKey; quantity: number }>();
  for (const line of lines)
    for (const row of sizeRowsOf(line.key, line.pieceSizes)) {
      const key = rowKeyOf(row);
      const seen = demand.get(key);
      demand.set(key, { row, quantity: (seen?.quantity ?? 0) + line.quantity });
    }
  return demand;
}

/** How a size row is named to the shopper: 'this size', or 'the Brief in size M'. */
export const rowName = (row: SizeRowKey) => (row.piece ? `the ${row.piece} in size ${row.size}` : 'this size');
