// Search (issue 27, decision 033): which published items match a shopper's words, best first, from
// the search documents the database keeps in item_search (custom migrations search_sql and
// search-words-sql). A word matches an item when it is a word or the start of a word of its document
// (full-text search, English stems: 'briefs' finds 'brief'), or a word of some item's title, product
// types, colours or category title it is similar to (a typo: pg_trgm word similarity ≥ 0.6 against
// the lexicon `search_words`, a few thousand short words behind a trigram index). Every word must
// match. So the documents are asked through their full-text index only, however common the word.
// Ranking: items with more of the words in their title first, then the shop's order.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

export type SearchHits = { ids: string[]; total: number };

/** Known words a shopper's word may mean with a typo, at most this many, the closest first. */
export const TYPO_CANDIDATES = 5;

/** Letters and digits only: what may stand in a to_tsquery expression as a word. */
const plainWord = /^[\p{L}\p{N}]+$/u;

/**
 * For each of `words`, a to_tsquery expression of what it may mean: the word as a word's start, or
 * one of the known words it is similar to ('balconete:* | balconette').
 */
async function meanings(db: Db, words: string[]): Promise<string[]> {
  const rows = rowsOf<{ w: string; similar: string[] | null }>(
    await db.execute(sql`
      select q.w, array(
        select s.word from search_words s
        where q.w <% s.word and s.word <> q.w
        order by word_similarity(q.w, s.word) desc, s.word
        limit ${TYPO_CANDIDATES}
      ) as similar
      from unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as q(w)`),
  );
  const similar = new Map(rows.map((r) => [r.w, r.similar ?? []]));
  return words.map((w) => [`${w}:*`, ...(similar.get(w) ?? []).filter((s) => plainWord.test(s))].join(' | '));
}

export function searchRepository(db: Db) {
  return {
    /**
     * One page of the ids of published items matching every word, best first, and how many match
     * in all. `words`: letters and digits only (domain/search.ts searchWords), at least one.
     */
    async search(words: string[], limit: number, offset: number): Promise<SearchHits> {
      const each = await meanings(db, words);
      const all = each.map((m) => `(${m})`).join(' & ');
      const matches = sql`published and vector @@ to_tsquery('english'::regconfig, ${all})`;
      const inTitle = sql.join(
        each.map((m) => sql`(title_vector @@ to_tsquery('english'::regconfig, ${m}))::int`),
        sql` + `,
      );
      const rows = rowsOf<{ id: string; total: string | number }>(
        await db.execute(sql`
          with hits as (
            select item_id, position, created_at, ${inTitle} as in_title from item_search where ${matches}
          )
          select item_id as id, count(*) over () as total from hits
          order by in_title desc, position, created_at, item_id
          limit ${limit} offset ${offset}`),
      );
      if (rows.length > 0 || offset === 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
      // A page past the end still says how many there are.
      const [counted] = rowsOf<{ n: string | number }>(
        await db.execute(sql`select count(*) as n from item_search where ${matches}`),
      );
      return { ids: [], total: Number(counted?.n ?? 0) };
    },
  };
}
