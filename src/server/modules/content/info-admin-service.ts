// The owner's info pages editor (spec §2 Info pages editor; §7 getAllInfo, createInfo, updateInfo).
// Pages are markdown, rendered and sanitised when the catalog read model builds them (src/domain/markdown.ts);
// each write refreshes the read model in every server copy.
import { asc, eq } from 'drizzle-orm';
import type { InfoPageEdit } from '../../../contract/content.js';
import type { Db } from '../../db/client.js';
import { infoPages } from '../../db/schema.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';

export function infoAdminService(db: Db, readModel: Pick<ReadModel, 'invalidate'>) {
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
    async create(page: InfoPageEdit) {
      const rows = await db
        .insert(infoPages)
        .values({ pageName: page.page_name, title: page.title, text: page.text })
        .onConflictDoNothing()
        .returning({ pageName: infoPages.pageName });
      if (rows.length === 0) throw new Conflict(`There is already a page at /info/${page.page_name}`);
      await readModel.invalidate();
      return page;
    },

    /** Saves the title and text of the page at page_name. */
    async update(page: InfoPageEdit) {
      const rows = await db
        .update(infoPages)
        .set({ title: page.title, text: page.text, updatedAt: new Date() })
        .where(eq(infoPages.pageName, page.page_name))
        .returning({ pageName: infoPages.pageName });
      if (rows.length === 0) throw new NotFound(`There is no page at /info/${page.page_name}`);
      await readModel.invalidate();
      return page;
    },
  };
}
export type InfoAdminService = ReturnType<typeof infoAdminService>;
