import { and, asc, avg, count, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewFit } from '../../../domain/review-fit.js';
import type { Db } from '../../db/client.js';
import { categories, colors, infoPages, items, productTypes, reviews, sizes } from '../../db/schema.js';

export function catalogRepository(db: Db) {
  return {
    /** Every published item with its product types, colours and sizes, in display order: four flat queries. */
    async publishedCatalog() {
      const itemRows = await db
        .select()
        .from(items)
        .where(eq(items.published, true))
        .orderBy(asc(items.position), asc(items.createdAt), asc(items.id));
      const ids = itemRows.map((i) => i.id);
      if (ids.length === 0) return { itemRows, typeRows: [], colorRows: [], sizeRows: [], ratingRows: [] };
      const typeRows = await db
        .select()
        .from(productTypes)
        .where(inArray(productTypes.itemId, ids))
        .orderBy(asc(productTypes.position), asc(productTypes.id));
      const colorRows = await db
        .select({ color: colors, itemId: productTypes.itemId })
        .from(colors)
        .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
        .innerJoin(items, and(eq(productTypes.itemId, items.id), eq(items.published, true)))
        .orderBy(asc(colors.position), asc(colors.id));
      const sizeRows = await db
        .select({ size: sizes })
        .from(sizes)
        .innerJoin(colors, eq(sizes.colorId, colors.id))
        .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
        .innerJoin(items, and(eq(productTypes.itemId, items.id), eq(items.published, true)))
        .orderBy(asc(sizes.position), asc(sizes.id));
      // Approved reviews only (issue 27 #6: a shopper's waits for the owner), with what they said of the fit.
      const fitCount = (fit: ReviewFit) => sql<number>`count(*) filter (where ${reviews.fit} = ${fit})`.mapWith(Number);
      const ratingRows = await db
        .select({
          itemId: reviews.itemId,
          average: avg(reviews.rating),
          count: count(),
          runsSmall: fitCount('runs-small'),
          trueToSize: fitCount('true-to-size'),
          runsLarge: fitCount('runs-large'),
        })
        .from(reviews)
        .where(eq(reviews.status, 'approved'))
        .groupBy(reviews.itemId);
      return {
        itemRows,
        typeRows,
        colorRows: colorRows.map((r) => r.color),
        sizeRows: sizeRows.map((r) => r.size),
        ratingRows,
      };
    },

    categoryTitles: () => db.select({ key: categories.key, title: categories.title }).from(categories),

    infoPages: () =>
      db.select({ pageName: infoPages.pageName, title: infoPages.title, text: infoPages.text }).from(infoPages),

    /** The approved reviews of an item (issue 27 #6: pending and rejected ones are never shown). */
    reviewsOf: (itemId: string) =>
      db
        .select()
        .from(reviews)
        .where(and(eq(reviews.itemId, itemId), eq(reviews.status, 'approved')))
        .orderBy(asc(reviews.createdAt), asc(reviews.id)),
  };
}
export type CatalogRows = Awaited<ReturnType<ReturnType<typeof catalogRepository>['publishedCatalog']>>;
