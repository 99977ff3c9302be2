import { HOME_SETTING_KEY, HomeContentSchema, type Category, type HomeContent } from '../../../contract/content.js';
import type { Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import { contentRepository } from './content-repository.js';

export const EMPTY_HOME: HomeContent = { banners: [], effortlesslyChic: [], girls: [], categoryTiles: [], story: [] };

export function contentService(db: Db, readModel: ReadModel) {
  const repo = contentRepository(db);
  return {
    listCategories: (): Promise<Category[]> => readModel.get('categories', () => repo.listCategories()),
    /** The storefront menu's categories: those with a published item (an empty one would lead nowhere). */
    listMenuCategories: (): Promise<Category[]> => readModel.get('menuCategories', () => repo.listMenuCategories()),
    /** The home page's pictures and links; a shop without the setting shows an empty home, not an error. */
    home: (): Promise<HomeContent> =>
      readModel.get('home', async () => {
        const parsed = HomeContentSchema.safeParse(await repo.setting(HOME_SETTING_KEY));
        return parsed.success ? parsed.data : EMPTY_HOME;
      }),
  };
}
export type ContentService = ReturnType<typeof contentService>;
