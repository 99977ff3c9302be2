import type { Category } from '../../../contract/content.js';
import type { Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import { contentRepository } from './content-repository.js';

export function contentService(db: Db, readModel: ReadModel) {
  const repo = contentRepository(db);
  return {
    listCategories: (): Promise<Category[]> => readModel.get('categories', () => repo.listCategories()),
  };
}
export type ContentService = ReturnType<typeof contentService>;
