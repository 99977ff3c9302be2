import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import { categories, infoPages, items, settings } from '../../db/schema.js';

export function contentRepository(db: Db) {
  return {
    listCategories: () =>
      db
        .select({ key: categories.key, title: categories.title })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.title)),
    /** The categories holding at least one published item, in the same order. */
    listMenuCategories: () =>
      db
        .select({ key: categories.key, title: categories.title })
        .from(categories)
        .where(
          exists(
            db
              .select({ one: items.id })
              .from(items)
              .where(and(eq(items.category, categories.key), eq(items.published, true))),
          ),
        )
        .orderBy(asc(categories.position), asc(categories.title)),
    /** The titles of the info pages named (those that exist). */
    infoPageTitles: (names: string[]) =>
      db
        .select({ pageName: infoPages.pageName, title: infoPages.title })
        .from(infoPages)
        .where(inArray(infoPages.pageName, names)),
    async setting(key: string): Promise<unknown> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
      return row?.value;
    },
  };
}

/**
 * Every `settings` row by key, read once per change through the read model: the shell's readers
 * (the home's announcements, the footer's pages) share one statement on a cold page.
 */
export function cachedSetting(db: Db, readModel: Pick<ReadModel, 'get'>) {
  const rows = () =>
    readModel.get('settingRows', async () => {
      const all = await db.select({ key: settings.key, value: settings.value }).from(settings);
      return new Map(all.map((r) => [r.key, r.value as unknown]));
    });
  return async (key: string): Promise<unknown> => (await rows()).get(key);
}
