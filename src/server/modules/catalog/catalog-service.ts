// The storefront's catalog: built once from the database into an in-memory snapshot (read model),
// rebuilt after any catalog write. Hot answers are kept pre-serialised.
import type { InfoPage, Item, ItemsPage, Product, Review } from '../../../contract/catalog.js';
import {
  applyFilters,
  compileIndex,
  type FilterIndex,
  type FilterResult,
  filtersKey,
  type ListFilters,
  NO_FILTERS,
  unknownValues,
} from '../../../domain/catalog-filters.js';
import { pageCount, pageOfList } from '../../../domain/storefront-paging.js';
import type { Db } from '../../db/client.js';
import { Invalid, NotFound } from '../../http/errors.js';
import { Prepared } from '../../http/prepared.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import type { ReadModel } from '../../read-model.js';
import { groupBy } from '../../../domain/collections.js';
import { mostSaid, NO_FIT } from '../../../domain/review-fit.js';
import { catalogRepository, type CatalogRows } from './catalog-repository.js';
import { assembleItems } from './item-rows.js';

export const SUGGESTED_LIMIT = 4;

const prepare = <T>(value: T) => new Prepared(value);

export type CatalogSnapshot = {
  items: Prepared<Item[]>;
  promotional: Prepared<Item[]>;
  byCategory: Map<string, Prepared<Item[]>>;
  products: Map<string, Prepared<Product>>;
  byId: Map<string, Item>;
  info: Map<string, Prepared<InfoPage>>;
  /** Pages of the storefront's lists, prepared on first use (key: `category|page`, '' for all). */
  pages: Map<string, Prepared<ItemsPage>>;
  /** Filtered or sorted pages (key: `category|filters|page`), at most FILTERED_PAGES_KEPT. */
  filteredPages: Map<string, Prepared<ItemsPage>>;
  /** When each item was created (ms), for the 'Newest' sort. */
  createdAt: Map<string, number>;
  /** The lists compiled for filtering (key: category, '' for all), made on first use. */
  filterIndexes: Map<string, FilterIndex>;
  /** Lists with their counts (key: `category|filters`): unfiltered ones always, others at most FILTERED_LISTS_KEPT. */
  lists: Map<string, FilterResult>;
  filteredLists: Map<string, FilterResult>;
};

/**
 * How many filtered pages and filtered lists a snapshot keeps. Plain pages (no filter) of a real
 * list are always kept; filtered ones are kept up to this many, the oldest dropped first, so any
 * number of odd filter combinations cannot fill memory.
 */
export const FILTERED_PAGES_KEPT = 500;
export const FILTERED_LISTS_KEPT = 200;

/** The entry under `key`, made by `make` if missing, in a map of at most `limit` entries (least recently used leaves first). */
function kept<V>(map: Map<string, V>, key: string, limit: number, make: () => V): V {
  let value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
  } else {
    value = make();
    if (map.size >= limit) map.delete(map.keys().next().value!);
  }
  map.set(key, value);
  return value;
}

function filterIndexOf(snapshot: CatalogSnapshot, category: string | undefined): FilterIndex | undefined {
  const list = category === undefined ? snapshot.items : snapshot.byCategory.get(category);
  if (!list) return undefined;
  const key = category ?? '';
  let index = snapshot.filterIndexes.get(key);
  if (!index) {
    index = compileIndex(list.value, (item) => snapshot.createdAt.get(item._id));
    snapshot.filterIndexes.set(key, index);
  }
  return index;
}

/**
 * Refuses colours and product types that no published item of the shop carries, with a message
 * (sizes and sorts are refused by the call's schema). Inside a category, a colour of the shop that
 * the category lacks is not an error: it just leaves nothing.
 */
export function checkFilterValues(snapshot: CatalogSnapshot, filters: ListFilters): void {
  const all = filterIndexOf(snapshot, undefined)!;
  const unknown = unknownValues(all, filters);
  if (unknown.color.length) throw new Invalid(`color must be one of the shop's colours; "${unknown.color[0]}" is not`);
  if (unknown.type.length)
    throw new Invalid(`type must be one of the shop's product types; "${unknown.type[0]}" is not`);
}

/**
 * One page of the storefront's lists: every published item (no category) or one category's,
 * filtered and sorted, with the counts of each filter's options. Pages inside the list are kept with
 * the snapshot (filtered ones up to a bound); a page past the end or an unknown category answers an
 * empty page without being kept (so odd requests cannot fill memory).
 */
export function itemsPageOf(
  snapshot: CatalogSnapshot,
  category: string | undefined,
  page: number,
  filters: ListFilters = NO_FILTERS,
): Prepared<ItemsPage> {
  const index = filterIndexOf(snapshot, category);
  if (!index)
    return prepare({
      ...pageOfList([], page),
      facets: applyFilters(
        compileIndex([], () => 0),
        filters,
      ).facets,
    });
  const fKey = filtersKey(filters);
  const listKey = `${category ?? ''}|${fKey}`;
  const list = () => applyFilters(index, filters);
  const result =
    fKey === ''
      ? (snapshot.lists.get(listKey) ?? snapshot.lists.set(listKey, list()).get(listKey)!)
      : kept(snapshot.filteredLists, listKey, FILTERED_LISTS_KEPT, list);
  const answer = () => prepare({ ...pageOfList(result.items, page), facets: result.facets });
  if (page > pageCount(result.items.length)) return answer();
  if (fKey !== '') return kept(snapshot.filteredPages, `${listKey}|${page}`, FILTERED_PAGES_KEPT, answer);
  const key = `${category ?? ''}|${page}`;
  let found = snapshot.pages.get(key);
  if (!found) snapshot.pages.set(key, (found = answer()));
  return found;
}

export const toItems = (rows: CatalogRows): Item[] =>
  assembleItems(rows, (s) => ({ name: s.name, sold_out: s.soldOut }));

/** 'You may also like': the owner's similar items first, then others of the same category. */
export function suggestionsFor(item: Item, all: Item[], byId: Map<string, Item>): Item[] {
  const picked = new Map<string, Item>();
  for (const ref of item.related_items.similarItems) {
    const other = byId.get(ref.value);
    if (other && other._id !== item._id) picked.set(other._id, other);
  }
  for (const other of all) {
    if (picked.size >= SUGGESTED_LIMIT) break;
    if (other._id !== item._id && other.category === item.category) picked.set(other._id, other);
  }
  return [...picked.values()].slice(0, SUGGESTED_LIMIT);
}

export function catalogService(db: Db, readModel: ReadModel) {
  const repo = catalogRepository(db);

  async function build(): Promise<CatalogSnapshot> {
    const [rows, categoryRows, infoRows] = await Promise.all([
      repo.publishedCatalog(),
      repo.categoryTitles(),
      repo.infoPages(),
    ]);
    const all = toItems(rows);
    const byId = new Map(all.map((i) => [i._id, i]));
    const categoryTitle = new Map(categoryRows.map((c) => [c.key, c.title]));
    const ratings = new Map(
      rows.ratingRows.map((r) => [
        r.itemId,
        {
          average: Number(r.average ?? 0),
          count: r.count,
          fit: { 'runs-small': r.runsSmall, 'true-to-size': r.trueToSize, 'runs-large': r.runsLarge },
        },
      ]),
    );

    const byCategory = new Map<string, Prepared<Item[]>>();
    for (const [key, list] of groupBy(
      all.filter((i) => i.category),
      (i) => i.category!,
    ))
      byCategory.set(key, prepare(list));

    const products = new Map<string, Prepared<Product>>();
    for (const item of all) {
      const rating = ratings.get(item._id) ?? { average: 0, count: 0, fit: NO_FIT };
      products.set(
        item.url,
        prepare({
          ...item,
          suggestedProducts: suggestionsFor(item, all, byId),
          completeSet: item.related_items.completeSet.flatMap((ref) => byId.get(ref.value) ?? []),
          category_title: item.category ? (categoryTitle.get(item.category) ?? null) : null,
          rating: { average: Math.round(rating.average * 10) / 10, count: rating.count },
          fit: { ...rating.fit, most: mostSaid(rating.fit) },
        }),
      );
    }
    const promotional = all
      .filter((i) => i.promotion_position > 0)
      .sort((a, b) => a.promotion_position - b.promotion_position);
    return {
      items: prepare(all),
      promotional: prepare(promotional),
      byCategory,
      products,
      byId,
      info: new Map(
        infoRows.map((p) => [p.pageName, prepare({ title: p.title, text: p.text, html: renderMarkdown(p.text) })]),
      ),
      pages: new Map(),
      createdAt: new Map(rows.itemRows.map((r) => [r.id, r.createdAt.getTime()])),
      filterIndexes: new Map(),
      lists: new Map(),
      filteredLists: new Map(),
      filteredPages: new Map(),
    };
  }

  const CATALOG_KEY = 'catalog';
  const snapshot = () => readModel.get(CATALOG_KEY, build);
  const empty = prepare<Item[]>([]);

  return {
    snapshot,
    /** The snapshot when it is already in memory (for the fast path), else undefined. */
    peek: () => readModel.peek<CatalogSnapshot>(CATALOG_KEY),
    async allItems() {
      return (await snapshot()).items;
    },
    /** Items of a category; an unknown or empty category answers an empty list (the page then redirects). */
    async category(key: string) {
      return (await snapshot()).byCategory.get(key) ?? empty;
    },
    /** One page of all published items (no category) or of one category's, filtered and sorted. */
    async itemsPage(category: string | undefined, page: number, filters: ListFilters = NO_FILTERS) {
      const current = await snapshot();
      checkFilterValues(current, filters);
      return itemsPageOf(current, category, page, filters);
    },
    async product(url: string) {
      const found = (await snapshot()).products.get(url);
      if (!found) throw new NotFound('Product not found');
      return found;
    },
    async promotionalItems() {
      return (await snapshot()).promotional;
    },
    async info(pageName: string) {
      const found = (await snapshot()).info.get(pageName);
      if (!found) throw new NotFound('Page not found');
      return found;
    },
    async reviews(productId: string): Promise<Review[]> {
      return readModel.get(`reviews:${productId}`, async () => {
        if (!(await snapshot()).byId.has(productId)) return [];
        const rows = await repo.reviewsOf(productId);
        return rows.map((r) => ({
          _id: r.id,
          productId: r.itemId,
          title: r.title,
          description: r.description,
          rating: r.rating,
          authorName: r.authorName,
          // Spec §7's answer stays as it was for the owner's reviews: a shopper's fit only when said.
          ...(r.fit ? { fit: r.fit } : {}),
        }));
      });
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
