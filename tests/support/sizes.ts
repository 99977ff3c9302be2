// Finds a size's row (id, tracked stock, sold-out flag) in the database, for tests that set or read
// stock behind the shop's back.
import { and, eq } from 'drizzle-orm';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import type { Db } from '../../src/server/db/client.js';
import { colors, productTypes, sizes } from '../../src/server/db/schema.js';

export type SizeKey = { itemId: string; productType: string; color: string; size: string };

/** The key of the size a storefront selection names. */
export function sizeKeyOf(
  items: Item[],
  selection: Pick<Selection, 'url' | 'product_type' | 'color' | 'size'>,
): SizeKey {
  const item = items.find((i) => i.url === selection.url);
  if (!item) throw new Error(`no item ${selection.url} in the catalog`);
  return { itemId: item._id, productType: selection.product_type, color: selection.color, size: selection.size };
}

export async function sizeRowOf(db: Db, key: SizeKey) {
  const [row] = await db
    .select({ id: sizes.id, stock: sizes.stock, soldOut: sizes.soldOut })
    .from(sizes)
    .innerJoin(colors, eq(sizes.colorId, colors.id))
    .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
    .where(
      and(
        eq(productTypes.itemId, key.itemId),
        eq(productTypes.type, key.productType),
        eq(colors.colorName, key.color),
        eq(sizes.name, key.size),
      ),
    );
  if (!row) throw new Error(`no size ${JSON.stringify(key)}`);
  return row;
}
