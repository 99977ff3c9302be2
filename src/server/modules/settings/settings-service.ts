// The shop's settings (issue 26): each section of ShopSettings is a row of `settings` under its key
// (SETTINGS_KEYS). read() answers every section, a section never saved (or no longer valid) as its
// default, through the read model so a save reaches every running copy. save() writes them whole,
// with the Activity record, in one transaction.
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS, SETTINGS_KEYS, ShopSettingsSchema, type ShopSettings } from '../../../contract/settings.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import type { ReadModel } from '../../read-model.js';
import { recordActivity, type Actor } from '../activity/activity-log.js';

type Section = keyof ShopSettings;
const SECTIONS = Object.keys(SETTINGS_KEYS) as Section[];

export function settingsService(db: Db, readModel: ReadModel) {
  async function load(): Promise<{ value: ShopSettings; saved: Set<Section> }> {
    const rows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, Object.values(SETTINGS_KEYS)));
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    const saved = new Set<Section>();
    const value = {} as Record<Section, unknown>;
    for (const section of SECTIONS) {
      const parsed = ShopSettingsSchema.shape[section].safeParse(byKey.get(SETTINGS_KEYS[section]));
      if (parsed.success) saved.add(section);
      value[section] = parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS[section]);
    }
    return { value: value as ShopSettings, saved };
  }

  return {
    /** Every section, defaults for those never saved. */
    read: async (): Promise<ShopSettings> => (await readModel.get('settings', load)).value,
    /** Which sections the owner has saved (the set-up checklist ticks on these). */
    savedSections: async (): Promise<Set<Section>> => (await readModel.get('settings', load)).saved,
    /** Saves every section whole; records 'settings.changed' naming the sections that changed. */
    async save(actor: Actor, next: ShopSettings): Promise<ShopSettings> {
      const before = await load();
      const changed = SECTIONS.filter((s) => JSON.stringify(before.value[s]) !== JSON.stringify(next[s]));
      await db.transaction(async (tx) => {
        for (const section of SECTIONS) {
          await tx
            .insert(settings)
            .values({ key: SETTINGS_KEYS[section], value: next[section] })
            .onConflictDoUpdate({ target: settings.key, set: { value: next[section], updatedAt: sql`now()` } });
        }
        await recordActivity(tx, actor, {
          kind: 'settings.changed',
          summary: changed.length ? `Settings changed: ${changed.join(', ')}` : 'Settings saved unchanged',
          detail: { sections: changed },
        });
      });
      await readModel.invalidate();
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
