// What an edit changed, in words the Activity tab shows ('price, sizes') and the before and after
// its detail keeps. Pure: the services hand in the thing as it was and as it is.
import type { AdminItem } from '../../../contract/admin-catalog.js';

export type Changes = {
  /** The changed fields in the owner's words, in a stable order. */
  fields: string[];
  /** For each changed field: what it was and what it is (availability: what moved, not the whole tree). */
  changes: Record<string, unknown>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before`, with both values, labelled by `labels`. */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: T,
  labels: Partial<Record<keyof T & string, string>>,
): Changes {
  const fields: string[] = [];
  const changes: Record<string, unknown> = {};
  for (const [key, label] of Object.entries(labels) as [keyof T & string, string][]) {
    if (same(before[key], after[key])) continue;
    fields.push(label);
    changes[key] = { from: before[key], to: after[key] };
  }
  return { fields, changes };
}

const ITEM_FIELDS = {
  title: 'title',
  url: 'url',
  category: 'category',
  published: 'published',
  position: 'position',
  promotion_position: 'promotion position',
  is_final_sale: 'final sale',
  meta_title: 'meta title',
  meta_description: 'meta description',
  pictures: 'pictures',
  description: 'description',
  related_items: 'related items',
  landing: 'landing tiles',
} as const satisfies Partial<Record<keyof AdminItem, string>>;

type Products = AdminItem['available_products'];
type ColorOf = Products[number]['colors'][number];

/** A colour's sizes; a set's piece by piece, named 'Bra 34C' (issue 27 item 4). */
const sizeListOf = (c: ColorOf) =>
  c.pieces
    ? c.pieces.flatMap((q) => q.available_sizes.map((s) => ({ ...s, name: `${q.name} ${s.name}` })))
    : c.available_sizes;

/** What moved in an item's availability: prices, product types, colours, sizes, sold out, stock. */
export function availabilityChanges(before: Products, after: Products): Changes {
  const fields = new Set<string>();
  const changes: Record<string, unknown[]> = {};
  const note = (field: string, key: string, entry: unknown) => {
    fields.add(field);
    changes[key] ??= [];
    changes[key].push(entry);
  };
  const byType = (list: Products) => new Map(list.map((p) => [p.type, p]));
  const was = byType(before);
  const is = byType(after);
  for (const [type, p] of is) {
    const old = was.get(type);
    if (!old) {
      note('product types', 'productTypesAdded', type);
      continue;
    }
    if (old.price !== p.price) note('price', 'prices', { type, from: old.price, to: p.price });
    if (old.name !== p.name) note('product names', 'names', { type, from: old.name, to: p.name });
    if (!same(old.pieces ?? [], p.pieces ?? []))
      note('pieces', 'pieces', { type, from: old.pieces ?? [], to: p.pieces ?? [] });
    const colorsWere = new Map(old.colors.map((c) => [c.color_name, c]));
    const colorsAre = new Map(p.colors.map((c) => [c.color_name, c]));
    for (const [color, c] of colorsAre) {
      const oldColor = colorsWere.get(color);
      if (!oldColor) {
        note('colours', 'coloursAdded', { type, color });
        continue;
      }
      if (oldColor.color_code !== c.color_code || oldColor.color_picture !== c.color_picture || oldColor.alt !== c.alt)
        note('colours', 'coloursChanged', { type, color });
      const sizesWere = new Map(sizeListOf(oldColor).map((s) => [s.name, s]));
      const sizesAre = new Map(sizeListOf(c).map((s) => [s.name, s]));
      for (const [size, s] of sizesAre) {
        const oldSize = sizesWere.get(size);
        if (!oldSize) note('sizes', 'sizesAdded', { type, color, size });
        else {
          if (oldSize.sold_out !== s.sold_out)
            note('sold out', 'soldOut', { type, color, size, from: oldSize.sold_out, to: s.sold_out });
          if (oldSize.stock !== s.stock)
            note('stock', 'stock', { type, color, size, from: oldSize.stock, to: s.stock });
        }
      }
      for (const size of sizesWere.keys())
        if (!sizesAre.has(size)) note('sizes', 'sizesRemoved', { type, color, size });
      const order = (list: string[], keep: Map<string, unknown>) => list.filter((n) => keep.has(n));
      if (!same(order([...sizesWere.keys()], sizesAre), order([...sizesAre.keys()], sizesWere)))
        note('sizes', 'sizesReordered', { type, color });
    }
    for (const color of colorsWere.keys())
      if (!colorsAre.has(color)) note('colours', 'coloursRemoved', { type, color });
  }
  for (const type of was.keys()) if (!is.has(type)) note('product types', 'productTypesRemoved', type);
  if (fields.size === 0 && !same(before, after)) note('availability', 'availability', 'order or links');
  const order = [
    'price',
    'product names',
    'product types',
    'pieces',
    'colours',
    'sizes',
    'sold out',
    'stock',
    'availability',
  ];
  return { fields: order.filter((f) => fields.has(f)), changes };
}

/** An item's changes: its own fields with before and after, and what moved in its availability. */
export function itemChanges(before: AdminItem, after: AdminItem): Changes {
  const own = fieldChanges(before, after, ITEM_FIELDS);
  const availability = availabilityChanges(before.available_products, after.available_products);
  return {
    fields: [...own.fields, ...availability.fields],
    changes: {
      ...own.changes,
      ...(availability.fields.length ? { available_products: availability.changes } : {}),
    },
  };
}

/** 'price, sizes' — the fields as a summary names them. */
export const listed = (fields: string[]) => fields.join(', ');

/** `"Silk slip"` — a name quoted for a summary, cut to a readable length. */
export function quoted(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  return `"${clean.length > 80 ? `${clean.slice(0, 79)}…` : clean}"`;
}
