import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema.js';

export function contentRepository(db: Db) {
  return {
    listCategories: () =>
      db
        .select({ key: categories.key, title: categories.title })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.title)),
  };
}
