// An item as the contract shows it, assembled from its four flat row sets (items, product types,
// colours, sizes). The storefront and the back office read the same tables and differ only in what a
// size shows (the owner also sees its stock), so both build their items here.
import { groupBy } from '../../../domain/collections.js';
import type { colors, items, productTypes, sizes } from '../../db/schema.js';

export type ItemRowSet = {
  itemRows: (typeof items.$inferSelect)[];
  typeRows: (typeof productTypes.$inferSelect)[];
  colorRows: (typeof colors.$inferSelect)[];
  sizeRows: (typeof sizes.$inferSelect)[];
};
type SizeRow = ItemRowSet['sizeRows'][number];

export function assembleItems<S>(rows: ItemRowSet, sizeOf: (size: SizeRow) => S) {
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
        available_sizes: (sizesByColor.get(c.id) ?? []).map(sizeOf),
      })),
    })),
    published: row.published,
    position: row.position,
    promotion_position: row.promotionPosition,
    is_final_sale: row.isFinalSale,
    related_items: row.relatedItems,
    landing: row.landing,
  }));
}
