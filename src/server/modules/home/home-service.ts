// The owner's Home editor (issue 26 #2): reads the home as shoppers see it and saves it whole, with
// its Activity record in the same transaction, then invalidates the read model so every running
// copy shows it.
import { sql } from 'drizzle-orm';
import { HOME_SETTING_KEY, type HomeContent } from '../../../contract/content.js';
import { homeProblems } from '../../../domain/home-content.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { Invalid } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';
import { recordActivity, type Actor } from '../activity/activity-log.js';
import type { ContentService } from '../content/content-service.js';

const SECTIONS: Record<keyof HomeContent, string> = {
  banners: 'banner',
  effortlesslyChic: 'Effortlessly chic',
  girls: 'Murashki Girls',
  categoryTiles: 'category tiles',
  story: 'story pictures',
  storyPage: 'story text',
  announcements: 'announcement bar',
};

/**
 * The home as stored: every text without the spaces around it (a picture path or a link with a stray
 * space would not load), the story's HTML left out (the server makes it from the markdown).
 */
function stored(home: HomeContent): HomeContent {
  const { title, text } = home.storyPage;
  const clean = { ...home, storyPage: { title, text } };
  return JSON.parse(JSON.stringify(clean), (_key, value) => (typeof value === 'string' ? value.trim() : value));
}

/** The sections that differ between two homes, in the words of the Home tab. */
export function changedSections(before: HomeContent, after: HomeContent): string[] {
  return (Object.keys(SECTIONS) as (keyof HomeContent)[])
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => SECTIONS[k]);
}

export function homeService(db: Db, readModel: ReadModel, content: ContentService) {
  return {
    /** The home as shoppers see it now (the built-in one until a first save). */
    read: (): Promise<HomeContent> => content.home(),

    /** Saves the whole home, or refuses it with every problem named by its place and saves nothing. */
    async save(actor: Actor, input: HomeContent): Promise<HomeContent> {
      const home = stored(input);
      const problems = homeProblems(home);
      if (problems.length > 0) throw new Invalid(problems.map((p) => p.message).join('. '));
      const changed = changedSections(stored(await content.home()), home);
      await db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: HOME_SETTING_KEY, value: home })
          .onConflictDoUpdate({ target: settings.key, set: { value: home, updatedAt: sql`now()` } });
        await recordActivity(tx, actor, {
          kind: 'home.changed',
          summary: changed.length ? `Home page changed: ${changed.join(', ')}` : 'Home page saved unchanged',
          detail: { sections: changed },
        });
      });
      await readModel.invalidate();
      return content.home();
    },
  };
}
export type HomeService = ReturnType<typeof homeService>;
