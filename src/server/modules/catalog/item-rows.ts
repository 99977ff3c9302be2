// An item as the contract shows it, assembled from its four flat row sets (items, product types,
// colours, sizes). The storefront and the back office read the same tables and differ only in what a
// size shows (the owner also sees its stock), so both build their items here.
import { groupBy } from '../../../domain/collections.js';
import { summarySizes } from '../../../domain/sets.js';
import type { colors, items, productTypes, sizes } from '../../db/schema.js';

export type ItemRowSet = {
  itemRows: (typeof items.$inferSelect)[];
  typeRows: (typeof productTypes.$inferSelect)[];
  colorRows: (typeof colors.$inferSelect)[];
  sizeRows: (typeof sizes.$inferSelect)[];
};
type SizeRow = ItemRowSet['sizeRows'][number];

/**
 * A colour's sizes as the contract shows them: a single item's list, or for a set (issue 27 item 4)
 * each piece's list under `pieces` and their summary as `available_sizes` (absent on single items,
 * so their answers stay as they were).
 */
function sizesOf<S extends { name: string; sold_out: boolean }>(
  pieces: string[],
  rows: SizeRow[],
  sizeOf: (size: SizeRow) => S,
  setSizes: SetSizes,
) {
  if (pieces.length === 0) return { available_sizes: rows.map(sizeOf) };
  const byPiece = pieces.map((name) => ({
    name,
    available_sizes: rows.filter((r) => r.piece === name).map(sizeOf),
  }));
  const available_sizes =
    setSizes === 'summary'
      ? summarySizes(byPiece)
      : byPiece.flatMap((p) => p.available_sizes.map((s) => ({ ...s, name: `${p.name} ${s.name}` })));
  return { available_sizes, pieces: byPiece };
}

/**
 * What a set colour's `available_sizes` lists: the shop's summary (every size of any piece), or for
 * the back office each piece's size with its stock, named 'Bra M' (one line each, as the CSV has them).
 */
type SetSizes = 'summary' | 'per piece';

export function assembleItems<S extends { name: string; sold_out: boolean }>(
  rows: ItemRowSet,
  sizeOf: (size: SizeRow) => S,
  setSizes: SetSizes = 'summary',
) {
  const sizesByColor = groupBy(rows.sizeRows, (s) => s.colorId);
  const colorsByType = groupBy(rows.colorRows, (c) => c.productTypeId);
  const typesByItem = groupBy(rows.typeRows, (t) => t.itemId);
  return rows.itemRows.map((row) => ({
    _id: row.id,
    url: row.url,
    title: row.title,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    category: row.category,
    pictures: row.pictures,
    description: row.description,
    available_products: (typesByItem.get(row.id) ?? []).map((t) => ({
      type: t.type,
      name: t.name,
      price: t.priceCents / 100,
      colors: (colorsByType.get(t.id) ?? []).map((c) => ({
        color_name: c.colorName,
        color_code: c.colorCode,
        color_picture: c.colorPicture,
        alt: c.alt,
        link: c.link,
        ...sizesOf(t.pieces, sizesByColor.get(c.id) ?? [], sizeOf, setSizes),
      })),
      ...(t.pieces.length > 0 ? { pieces: t.pieces } : {}),
    })),
    published: row.published,
    position: row.position,
    promotion_position: row.promotionPosition,
    is_final_sale: row.isFinalSale,
    related_items: row.relatedItems,
    landing: row.landing,
  }));
}
