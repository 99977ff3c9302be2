// The storefront's catalog: built once from the database into an in-memory snapshot (read model),
// rebuilt after any catalog write. Hot answers are kept pre-serialised.
import type { InfoPage, Item, ItemsPage, Product, Review } from '../../../contract/catalog.js';
import { pageCount, pageOfList } from '../../../domain/storefront-paging.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
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
};

/**
 * One page of the storefront's lists: every published item (no category) or one category's, in
 * position order. Pages inside the list are kept with the snapshot; a page past the end or an
 * unknown category answers an empty page without being kept (so odd requests cannot fill memory).
 */
export function itemsPageOf(
  snapshot: CatalogSnapshot,
  category: string | undefined,
  page: number,
): Prepared<ItemsPage> {
  const list = category === undefined ? snapshot.items : snapshot.byCategory.get(category);
  const all = list?.value ?? [];
  if (!list || page > pageCount(all.length)) return prepare(pageOfList(all, page));
  const key = `${category ?? ''}|${page}`;
  let found = snapshot.pages.get(key);
  if (!found) snapshot.pages.set(key, (found = prepare(pageOfList(all, page))));
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
    /** One page of all published items (no category) or of one category's. */
    async itemsPage(category: string | undefined, page: number) {
      return itemsPageOf(await snapshot(), category, page);
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
          fit: r.fit,
        }));
      });
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
