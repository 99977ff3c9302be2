import { HOME_SETTING_KEY, HomeContentSchema, type Category, type HomeContent } from '../../../contract/content.js';
import { builtInHome } from '../../../domain/home-content.js';
import { renderMarkdown } from '../../../domain/markdown.js';
import type { Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import { cachedSetting, contentRepository } from './content-repository.js';

/** The home a shop shows until its owner saves one (issue 26 #1): the banner and the three tiles. */
export const BUILT_IN_HOME: HomeContent = builtInHome();

/** The saved home, read as the page wants it (later fields defaulted); the built-in one when none is saved. */
export function homeFromSetting(value: unknown): { home: HomeContent; saved: boolean } {
  if (value === undefined || value === null) return { home: builtInHome(), saved: false };
  const parsed = HomeContentSchema.safeParse(value);
  return parsed.success ? { home: parsed.data, saved: true } : { home: builtInHome(), saved: false };
}

export function contentService(db: Db, readModel: ReadModel) {
  const repo = contentRepository(db);
  const setting = cachedSetting(db, readModel);
  return {
    listCategories: (): Promise<Category[]> => readModel.get('categories', () => repo.listCategories()),
    /** The storefront menu's categories: those with a published item (an empty one would lead nowhere). */
    listMenuCategories: (): Promise<Category[]> => readModel.get('menuCategories', () => repo.listMenuCategories()),
    /** The home page's content; a shop that never saved one shows the built-in home, not an empty page. */
    home: (): Promise<HomeContent> =>
      readModel.get('home', async () => {
        const { home } = homeFromSetting(await setting(HOME_SETTING_KEY));
        // The story's markdown as safe HTML, made once here rather than on every page.
        const { title, text } = home.storyPage;
        return { ...home, storyPage: { title, text, html: text.trim() ? renderMarkdown(text) : '' } };
      }),
    /** Whether the owner has saved a home (the set-up checklist ticks on it). */
    homeSaved: (): Promise<boolean> =>
      readModel.get('homeSaved', async () => homeFromSetting(await setting(HOME_SETTING_KEY)).saved),
  };
}
export type ContentService = ReturnType<typeof contentService>;
