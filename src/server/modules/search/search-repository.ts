// Search (issue 27, decision 033): which published items match a shopper's words, best first, from
// the search documents the database keeps in item_search (custom migration search_sql). A word
// matches an item when it is a word or the start of a word of its document (full-text search,
// English stems: 'briefs' finds 'brief'), or, allowing a typo, when it is similar to a word of its
// title, product types, colours or category title (pg_trgm word similarity, indexed). Every word
// must match. Ranking: items with more of the words in their title first, then the shop's order.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

export type SearchHits = { ids: string[]; total: number };

/** `word:*`: the word, or a word it starts. */
const prefixQuery = (word: string) => sql`to_tsquery('english'::regconfig, ${`${word}:*`})`;

/** One word matches an item; `<%` is pg_trgm's word similarity above its threshold, 0.6 (SEARCH_SIMILARITY). */
const wordMatches = (word: string): SQL => sql`(vector @@ ${prefixQuery(word)} or ${word} <% keys)`;

/** How many of the words are in the title: as a word, a word's start, or with a typo. */
const titleHits = (words: string[]): SQL =>
  sql.join(
    words.map((word) => sql`(title_vector @@ ${prefixQuery(word)} or ${word} <% title)::int`),
    sql` + `,
  );

export function searchRepository(db: Db) {
  return {
    /**
     * One page of the ids of published items matching every word, best first, and how many match
     * in all. `words`: letters and digits only (domain/search.ts searchWords), at least one.
     */
    async search(words: string[], limit: number, offset: number): Promise<SearchHits> {
      const where = sql.join([sql`published`, ...words.map(wordMatches)], sql` and `);
      // The hits are cut down to what the order needs before they are counted and sorted.
      const rows = rowsOf<{ id: string; total: string | number }>(
        await db.execute(sql`
          with hits as (
            select item_id, position, created_at, ${titleHits(words)} as in_title from item_search where ${where}
          )
          select item_id as id, count(*) over () as total from hits
          order by in_title desc, position, created_at, item_id
          limit ${limit} offset ${offset}`),
      );
      if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
      // A page past the end still says how many there are.
      const [counted] = rowsOf<{ n: string | number }>(
        await db.execute(sql`select count(*) as n from item_search where ${where}`),
      );
      return { ids: [], total: Number(counted?.n ?? 0) };
    },
  };
}
