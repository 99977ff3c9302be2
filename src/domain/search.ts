// Search (issue 27): how a shopper's query becomes the words the database matches, and the sizes
// the storefront and the server share. No Zod and no database here.

/** Results a page of /search shows (6 rows of 4 on a desktop, 8 of 3, 12 of 2). */
export const SEARCH_PAGE_SIZE = 24;
/** The longest query accepted, in characters. */
export const SEARCH_QUERY_MAX = 100;
/** Words of a query that are matched; the rest are ignored (a pasted paragraph stays cheap). */
export const SEARCH_WORDS_MAX = 6;
/**
 * pg_trgm's word similarity (0..1) from which a word counts as the same word with a typo:
 * 'balconete' against 'balconette' is 0.8, 'bra' against 'bralette' 0.75, 'silk' against 'milk' 0.5.
 */
export const SEARCH_SIMILARITY = 0.6;

/** Lower case, accents dropped ('Crème' → 'creme'): what the search documents hold too. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a query: folded, split on anything that is not a letter or a digit, each once, at
 * most SEARCH_WORDS_MAX. Only letters and digits reach the database's query parsers, so no query
 * can be a syntax error there. An empty list means there is nothing to search for.
 */
export function searchWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/** The address of a results page: /search?q=… (page 1 has no page parameter). */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}
