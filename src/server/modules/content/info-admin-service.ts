// The owner's info pages editor (spec §2 Info pages editor; §7 getAllInfo, createInfo, updateInfo;
// issue 26: deleteInfo and the footer's choice of pages). Pages are markdown, rendered and sanitised
// when the catalog read model builds them (src/domain/markdown.ts); each write refreshes the read
// model in every server copy and is recorded in Activity in its own transaction.
import { asc, eq, inArray } from 'drizzle-orm';
import type { FooterLink, InfoPageEdit } from '../../../contract/content.js';
import { FOOTER_LINKS_SETTING, SPEC_FOOTER_PAGES } from '../../../contract/values/footer.js';
import type { Db } from '../../db/client.js';
import { infoPages, settings } from '../../db/schema.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { cachedSetting, contentRepository } from './content-repository.js';

const SPEC_BY_NAME = new Map<string, (typeof SPEC_FOOTER_PAGES)[number]>(
  SPEC_FOOTER_PAGES.map((p) => [p.page_name, p]),
);
const DEFAULT_FOOTER = SPEC_FOOTER_PAGES.map((p) => p.page_name);

/** The owner's saved list, or undefined when never saved (or not a list of names). */
const savedFooter = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

export function infoAdminService(db: Db, readModel: Pick<ReadModel, 'invalidate' | 'get'>) {
  const repo = contentRepository(db);
  const setting = cachedSetting(db, readModel);

  /** The footer's links: the chosen pages (the spec's four until the owner chooses) that exist, in order. */
  async function loadFooterLinks(): Promise<FooterLink[]> {
    const chosen = savedFooter(await setting(FOOTER_LINKS_SETTING)) ?? DEFAULT_FOOTER;
    if (chosen.length === 0) return [];
    const titles = new Map((await repo.infoPageTitles(chosen)).map((p) => [p.pageName, p.title]));
    return chosen.flatMap((name) => {
      const title = titles.get(name);
      if (title === undefined) return [];
      const spec = SPEC_BY_NAME.get(name);
      return [{ page_name: name, label: spec?.label ?? title, column: spec?.column ?? 'help' }];
    });
  }

  return {
    async list() {
      const rows = await db.select().from(infoPages).orderBy(asc(infoPages.title)).limit(500);
      return rows.map((r) => ({
        page_name: r.pageName,
        title: r.title,
        text: r.text,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },

    /** A new page; its page_name must not be taken. */
    async create(actor: Actor, page: InfoPageEdit) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(infoPages)
          .values({ pageName: page.page_name, title: page.title, text: page.text })
          .onConflictDoNothing()
          .returning({ pageName: infoPages.pageName });
        if (rows.length === 0) throw new Conflict(`There is already a page at /info/${page.page_name}`);
        await recordActivity(tx, actor, {
          kind: 'info.created',
          summary: `Created the info page "${page.title}" (/info/${page.page_name})`,
          detail: { page_name: page.page_name },
        });
      });
      await readModel.invalidate();
      return page;
    },

    /** Saves the title and text of the page at page_name. */
    async update(actor: Actor, page: InfoPageEdit) {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ title: infoPages.title, text: infoPages.text })
          .from(infoPages)
          .where(eq(infoPages.pageName, page.page_name))
          .for('update');
        if (!before) throw new NotFound(`There is no page at /info/${page.page_name}`);
        await tx
          .update(infoPages)
          .set({ title: page.title, text: page.text, updatedAt: new Date() })
          .where(eq(infoPages.pageName, page.page_name));
        const fields = (['title', 'text'] as const).filter((f) => before[f] !== page[f]);
        await recordActivity(tx, actor, {
          kind: 'info.updated',
          summary: `Changed the info page "${page.title}"${fields.length ? ` (${fields.join(', ')})` : ''}`,
          detail: {
            page_name: page.page_name,
            fields,
            ...(fields.includes('title') ? { titleBefore: before.title } : {}),
          },
        });
      });
      await readModel.invalidate();
      return page;
    },

    /** Removes the page at page_name: the storefront answers 404 for it, and the footer no longer lists it. */
    async remove(actor: Actor, pageName: string) {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(infoPages)
          .where(eq(infoPages.pageName, pageName))
          .returning({ title: infoPages.title });
        if (!gone) throw new NotFound(`There is no page at /info/${pageName}`);
        const [row] = await tx
          .select({ value: settings.value })
          .from(settings)
          .where(eq(settings.key, FOOTER_LINKS_SETTING))
          .for('update');
        const footer = savedFooter(row?.value);
        if (footer?.includes(pageName)) {
          await tx
            .update(settings)
            .set({ value: footer.filter((name) => name !== pageName), updatedAt: new Date() })
            .where(eq(settings.key, FOOTER_LINKS_SETTING));
        }
        await recordActivity(tx, actor, {
          kind: 'info.deleted',
          summary: `Deleted the info page "${gone.title}" (/info/${pageName})`,
          detail: { page_name: pageName, title: gone.title },
        });
      });
      await readModel.invalidate();
    },

    /** GET /footerLinks, through the read model: shoppers read it on every page. */
    footerLinks: (): Promise<FooterLink[]> => readModel.get('footerLinks', loadFooterLinks),

    /** Saves which info pages the footer lists, in order; each must exist. */
    async saveFooterLinks(actor: Actor, pages: string[]): Promise<FooterLink[]> {
      await db.transaction(async (tx) => {
        const found = new Set(
          pages.length
            ? (
                await tx
                  .select({ pageName: infoPages.pageName })
                  .from(infoPages)
                  .where(inArray(infoPages.pageName, pages))
                  .for('share')
              ).map((r) => r.pageName)
            : [],
        );
        const unknown = pages.filter((name) => !found.has(name));
        if (unknown.length) {
          throw new Invalid(
            `There is no info page ${unknown.map((n) => `/info/${n}`).join(', ')}: the footer can only list existing pages`,
          );
        }
        const [row] = await tx
          .select({ value: settings.value })
          .from(settings)
          .where(eq(settings.key, FOOTER_LINKS_SETTING));
        const before = savedFooter(row?.value) ?? DEFAULT_FOOTER;
        await tx
          .insert(settings)
          .values({ key: FOOTER_LINKS_SETTING, value: pages })
          .onConflictDoUpdate({ target: settings.key, set: { value: pages, updatedAt: new Date() } });
        const added = pages.filter((p) => !before.includes(p));
        const removed = before.filter((p) => !pages.includes(p));
        await recordActivity(tx, actor, {
          kind: 'footer.changed',
          summary: `Footer links: ${pages.length ? pages.join(', ') : 'none'}`,
          detail: { pages, added, removed },
        });
      });
      await readModel.invalidate();
      return loadFooterLinks();
    },
  };
}
export type InfoAdminService = ReturnType<typeof infoAdminService>;
