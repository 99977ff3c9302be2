// Filters and sort of the storefront's lists (/collections, the category pages), shared by the server
// (which filters the in-memory catalog and counts each option) and the pages (which read and write
// the filters in the address). No Zod here: the storefront's first load imports this file.
//
// An item matches when ONE of its variants (product type × colour × size) satisfies every active
// filter at once: 'size M, Ivory, in stock only' finds items whose Ivory M is not sold out, not items
// with some M and some Ivory piece in stock. Price is the item's price as its tile shows it (the
// first product's), so the range and the sort agree with what the shopper reads.
import type { Item } from '../contract/catalog.js';

export const FILTER_SIZES = ['XS', 'S', 'M', 'L'] as const;
export type FilterSize = (typeof FILTER_SIZES)[number];

export const SORTS = ['featured', 'newest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** At most this many values of one filter in a request (a guard; the demo shop has 12 colours). */
export const FILTER_VALUES_MAX = 30;
/** The highest price a range may name, in dollars. */
export const FILTER_PRICE_MAX = 100_000;

/** The filters of a list, normalised: colour and type values are keys (see optionKey). */
export type ListFilters = {
  size: FilterSize[];
  color: string[];
  type: string[];
  /** Dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  inStock: boolean;
  sort: Sort;
};

export const NO_FILTERS: ListFilters = { size: [], color: [], type: [], inStock: false, sort: 'featured' };

/** A colour or a product type as the address carries it: lower case, one space between words. */
export const optionKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

export type FacetOption = { value: string; label: string; count: number };
export type ColorOption = FacetOption & { code: string };

/** How many items each option would leave, given the other active filters. */
export type ListFacets = {
  size: FacetOption[];
  color: ColorOption[];
  type: FacetOption[];
  /** Items left with 'In stock only' on (and every other filter). */
  inStock: number;
  /** Lowest and highest price (dollars) of the items the other filters leave; null when none. */
  price: { min: number; max: number } | null;
};

/** Whether any filter narrows the list (the sort does not). */
export const isFiltered = (f: ListFilters) =>
  f.size.length > 0 ||
  f.color.length > 0 ||
  f.type.length > 0 ||
  f.minPrice !== undefined ||
  f.maxPrice !== undefined ||
  f.inStock;

const unique = <T>(list: readonly T[]) => [...new Set(list)];

/** Builds normalised filters from parts already checked (the server's schema, or the lenient reader below). */
export function normaliseFilters(raw: Partial<ListFilters>): ListFilters {
  const sizes = new Set(raw.size ?? []);
  return {
    size: FILTER_SIZES.filter((s) => sizes.has(s)),
    color: unique((raw.color ?? []).map(optionKey).filter(Boolean)).sort(),
    type: unique((raw.type ?? []).map(optionKey).filter(Boolean)).sort(),
    ...(raw.minPrice !== undefined && { minPrice: raw.minPrice }),
    ...(raw.maxPrice !== undefined && { maxPrice: raw.maxPrice }),
    inStock: raw.inStock ?? false,
    sort: raw.sort ?? 'featured',
  };
}

const priceFrom = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,6}(\.\d{1,2})?$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value <= FILTER_PRICE_MAX ? value : undefined;
};

/**
 * The filters of a page's address, read leniently (a shopper's link: values that make no sense are
 * dropped, as `?page=` is). The server's call refuses the same values with a message instead.
 */
export function filtersFromSearch(params: URLSearchParams): ListFilters {
  const sizes = params.getAll('size').map((s) => s.trim().toUpperCase());
  const sort = params.get('sort');
  let minPrice = priceFrom(params.get('minPrice'));
  let maxPrice = priceFrom(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const inStock = params.get('inStock');
  return normaliseFilters({
    size: FILTER_SIZES.filter((s) => sizes.includes(s)),
    color: params.getAll('color').slice(0, FILTER_VALUES_MAX),
    type: params.getAll('type').slice(0, FILTER_VALUES_MAX),
    minPrice,
    maxPrice,
    inStock: inStock === '1' || inStock === 'true' || inStock === 'on',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'featured',
  });
}

/** The filters as address parameters, in one canonical order (defaults left out). */
export function filterParams(f: ListFilters): [string, string][] {
  const pairs: [string, string][] = [];
  for (const s of f.size) pairs.push(['size', s]);
  for (const c of f.color) pairs.push(['color', c]);
  for (const t of f.type) pairs.push(['type', t]);
  if (f.minPrice !== undefined) pairs.push(['minPrice', String(f.minPrice)]);
  if (f.maxPrice !== undefined) pairs.push(['maxPrice', String(f.maxPrice)]);
  if (f.inStock) pairs.push(['inStock', '1']);
  if (f.sort !== 'featured') pairs.push(['sort', f.sort]);
  return pairs;
}

/** A list's address with these filters (and a page, left out when it is the first). */
export function filteredPath(path: string, f: ListFilters, page = 1): string {
  const pairs = filterParams(f);
  if (page > 1) pairs.push(['page', String(page)]);
  if (pairs.length === 0) return path;
  const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%20/g, '+')}`).join('&');
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** A stable text for the filters, for cache keys. */
export const filtersKey = (f: ListFilters) =>
  filterParams(f)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

// ---------- the index: the catalog compiled for fast filtering ----------

const NONE = 0xffff;
const SIZE_OTHER = FILTER_SIZES.length;
const TYPE = 1;
const COLOR = 2;
const SIZE = 4;
const STOCK = 8;
const PRICE = 16;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A list of items (in position order) compiled once per catalog version: every variant as small
 * numbers, and the orders of each sort, so a request is one pass over flat arrays.
 */
export type FilterIndex = {
  items: readonly Item[];
  /** Cents; NaN when the item has no product. */
  price: Float64Array;
  /** Variants of item i: start[i] to start[i + 1]. */
  start: Uint32Array;
  vType: Uint16Array;
  vColor: Uint16Array;
  vSize: Uint8Array;
  vSoldOut: Uint8Array;
  types: { value: string; label: string }[];
  colors: { value: string; label: string; code: string }[];
  typeIndex: Map<string, number>;
  colorIndex: Map<string, number>;
  orders: Record<Sort, Uint32Array>;
};

/** `createdAt` gives each item's creation time in ms (for 'Newest'); a missing one counts as oldest. */
export function compileIndex(items: readonly Item[], createdAt: (item: Item) => number | undefined): FilterIndex {
  const typeIndex = new Map<string, number>();
  const colorIndex = new Map<string, number>();
  const types: FilterIndex['types'] = [];
  const colors: FilterIndex['colors'] = [];
  const vType: number[] = [];
  const vColor: number[] = [];
  const vSize: number[] = [];
  const vSoldOut: number[] = [];
  const start = new Uint32Array(items.length + 1);
  const price = new Float64Array(items.length);

  const typeOf = (name: string) => {
    const key = optionKey(name);
    let i = typeIndex.get(key);
    if (i === undefined) {
      typeIndex.set(key, (i = types.length));
      types.push({ value: key, label: capitalise(name.trim()) });
    }
    return i;
  };
  const colorOf = (name: string, code: string) => {
    const key = optionKey(name);
    let i = colorIndex.get(key);
    if (i === undefined) {
      colorIndex.set(key, (i = colors.length));
      colors.push({ value: key, label: name.trim(), code });
    }
    return i;
  };
  const push = (t: number, c: number, s: number, soldOut: boolean) => {
    vType.push(t);
    vColor.push(c);
    vSize.push(s);
    vSoldOut.push(soldOut ? 1 : 0);
  };

  items.forEach((item, i) => {
    start[i] = vType.length;
    const first = item.available_products[0];
    price[i] = first ? Math.round(first.price * 100) : Number.NaN;
    for (const product of item.available_products) {
      const t = typeOf(product.type);
      for (const color of product.colors) {
        const c = colorOf(color.color_name, color.color_code);
        for (const size of color.available_sizes) {
          const s = (FILTER_SIZES as readonly string[]).indexOf(size.name.trim().toUpperCase());
          push(t, c, s === -1 ? SIZE_OTHER : s, size.sold_out);
        }
        if (color.available_sizes.length === 0) push(t, c, SIZE_OTHER, true);
      }
      if (product.colors.length === 0) push(t, NONE, SIZE_OTHER, true);
    }
    // An item without products still shows in an unfiltered list: one variant that matches no filter.
    if (item.available_products.length === 0) push(NONE, NONE, SIZE_OTHER, true);
  });
  start[items.length] = vType.length;

  const byPosition = Uint32Array.from(items.keys());
  const created = items.map((item) => createdAt(item) ?? Number.NEGATIVE_INFINITY);
  const sorted = (compare: (a: number, b: number) => number) =>
    Uint32Array.from([...byPosition].sort((a, b) => compare(a, b) || a - b));
  // Items without a price go last in both price orders.
  const priceOrder = (dir: 1 | -1) => (a: number, b: number) => {
    const pa = price[a]!;
    const pb = price[b]!;
    if (Number.isNaN(pa) || Number.isNaN(pb)) return (Number.isNaN(pa) ? 1 : 0) - (Number.isNaN(pb) ? 1 : 0);
    return dir * (pa - pb);
  };
  return {
    items,
    price,
    start,
    vType: Uint16Array.from(vType),
    vColor: Uint16Array.from(vColor),
    vSize: Uint8Array.from(vSize),
    vSoldOut: Uint8Array.from(vSoldOut),
    types,
    colors,
    typeIndex,
    colorIndex,
    orders: {
      featured: byPosition,
      newest: sorted((a, b) => created[b]! - created[a]!),
      'price-asc': sorted(priceOrder(1)),
      'price-desc': sorted(priceOrder(-1)),
    },
  };
}

/** Filter values the index does not know (colours or types no item of the shop carries). */
export function unknownValues(index: FilterIndex, f: ListFilters): { color: string[]; type: string[] } {
  return {
    color: f.color.filter((c) => !index.colorIndex.has(c)),
    type: f.type.filter((t) => !index.typeIndex.has(t)),
  };
}

const flagsOf = (values: string[], index: Map<string, number>, size: number) => {
  if (values.length === 0) return undefined;
  const flags = new Uint8Array(size);
  for (const v of values) {
    const i = index.get(v);
    if (i !== undefined) flags[i] = 1;
  }
  return flags;
};

export type FilterResult = {
  /** The matching items, in the order of the sort. */
  items: Item[];
  facets: ListFacets;
};

/** The items the filters leave, in the sort's order, and how many each option would leave. */
export function applyFilters(index: FilterIndex, f: ListFilters): FilterResult {
  const { start, vType, vColor, vSize, vSoldOut, price } = index;
  const typeOn = flagsOf(f.type, index.typeIndex, index.types.length);
  const colorOn = flagsOf(f.color, index.colorIndex, index.colors.length);
  const sizeOn = f.size.length ? new Uint8Array(SIZE_OTHER + 1) : undefined;
  if (sizeOn) for (const s of f.size) sizeOn[FILTER_SIZES.indexOf(s)] = 1;
  const min = f.minPrice === undefined ? Number.NEGATIVE_INFINITY : Math.round(f.minPrice * 100);
  const max = f.maxPrice === undefined ? Number.POSITIVE_INFINITY : Math.round(f.maxPrice * 100);
  const priced = f.minPrice !== undefined || f.maxPrice !== undefined;

  const typeCount = new Uint32Array(index.types.length);
  const colorCount = new Uint32Array(index.colors.length);
  const sizeCount = new Uint32Array(SIZE_OTHER + 1);
  // Per option, the last item counted (+1), so an item counts once however many variants it has.
  const typeSeen = new Uint32Array(index.types.length);
  const colorSeen = new Uint32Array(index.colors.length);
  const sizeSeen = new Uint32Array(SIZE_OTHER + 1);
  let inStock = 0;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  const matched: Item[] = [];

  for (const i of index.orders[f.sort]) {
    const p = price[i]!;
    const priceMiss = priced && !(p >= min && p <= max) ? PRICE : 0;
    const stamp = i + 1;
    let matches = false;
    let stockable = false;
    let inRange = false;
    for (let v = start[i]!; v < start[i + 1]!; v++) {
      const t = vType[v]!;
      const c = vColor[v]!;
      const s = vSize[v]!;
      const soldOut = vSoldOut[v] === 1;
      const mask =
        priceMiss |
        (typeOn && typeOn[t] !== 1 ? TYPE : 0) |
        (colorOn && colorOn[c] !== 1 ? COLOR : 0) |
        (sizeOn && sizeOn[s] !== 1 ? SIZE : 0) |
        (f.inStock && soldOut ? STOCK : 0);
      if (mask === 0) matches = true;
      if ((mask & ~TYPE) === 0 && t !== NONE && typeSeen[t] !== stamp) {
        typeSeen[t] = stamp;
        typeCount[t]!++;
      }
      if ((mask & ~COLOR) === 0 && c !== NONE && colorSeen[c] !== stamp) {
        colorSeen[c] = stamp;
        colorCount[c]!++;
      }
      if ((mask & ~SIZE) === 0 && sizeSeen[s] !== stamp) {
        sizeSeen[s] = stamp;
        sizeCount[s]!++;
      }
      if ((mask & ~STOCK) === 0 && !soldOut) stockable = true;
      if ((mask & ~PRICE) === 0) inRange = true;
    }
    if (matches) matched.push(index.items[i]!);
    if (stockable) inStock++;
    if (inRange && !Number.isNaN(p)) {
      if (p < low) low = p;
      if (p > high) high = p;
    }
  }

  return {
    items: matched,
    facets: {
      size: FILTER_SIZES.map((s, i) => ({ value: s, label: s, count: sizeCount[i]! })),
      color: index.colors.map((c, i) => ({ ...c, count: colorCount[i]! })),
      type: index.types.map((t, i) => ({ ...t, count: typeCount[i]! })),
      inStock,
      price: low <= high ? { min: low / 100, max: high / 100 } : null,
    },
  };
}
