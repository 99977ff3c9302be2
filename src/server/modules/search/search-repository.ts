// Search (issue 27, decision 033): which published items match a shopper's words, best first, from
// the search documents the database keeps in item_search (custom migration search_sql). A word
// matches an item when it is a word or the start of a word of its document (full-text search,
// English stems: 'briefs' finds 'brief'), or, allowing a typo, when it is similar to a word of its
// title, product types, colours or category title (pg_trgm word similarity, indexed). Every word
// must match. Ranking: items with more of the words in their title first, then the shop's order.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { itemSearch } from '../../db/schema.js';

export type SearchHits = { ids: string[]; total: number };

/** `word:*` (the word or a word it starts), optionally only among the title's words (weight A). */
const prefixQuery = (word: string, titleOnly = false) =>
  sql`to_tsquery('english'::regconfig, ${`${word}:*${titleOnly ? 'A' : ''}`})`;

/** One word matches an item; `<%` is pg_trgm's word similarity above its threshold, 0.6 (SEARCH_SIMILARITY). */
const wordMatches = (word: string): SQL =>
  sql`(${itemSearch.vector} @@ ${prefixQuery(word)} or ${word} <% ${itemSearch.keys})`;

/** How many of the words are in the title: as a word, a word's start, or with a typo. */
const titleHits = (words: string[]): SQL =>
  sql.join(
    words.map(
      (word) => sql`(${itemSearch.vector} @@ ${prefixQuery(word, true)} or ${word} <% ${itemSearch.title})::int`,
    ),
    sql` + `,
  );

export function searchRepository(db: Db) {
  return {
    /**
     * One page of the ids of published items matching every word, best first, and how many match
     * in all. `words`: letters and digits only (domain/search.ts searchWords), at least one.
     */
    async search(words: string[], limit: number, offset: number): Promise<SearchHits> {
      const where = and(eq(itemSearch.published, true), ...words.map(wordMatches));
      const rows = await db
        .select({ id: itemSearch.itemId, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(itemSearch)
        .where(where)
        .orderBy(
          sql`${titleHits(words)} desc`,
          asc(itemSearch.position),
          asc(itemSearch.createdAt),
          asc(itemSearch.itemId),
        )
        .limit(limit)
        .offset(offset);
      if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
      // A page past the end still says how many there are.
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(itemSearch)
        .where(where);
      return { ids: [], total: counted?.n ?? 0 };
    },
  };
}
