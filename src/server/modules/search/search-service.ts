// Search (issue 27): a page of published items matching the shopper's words. The database finds and
// orders the ids (search-repository.ts); the items come from the catalog snapshot, so a result is
// exactly what /listItems and the product page show. Recent answers are kept until the catalogue
// changes (any copy's write moves the read model's version), so a popular query costs one lookup.
import type { Item } from '../../../contract/catalog.js';
import type { SearchResults } from '../../../contract/search.js';
import { SEARCH_PAGE_SIZE, searchWords } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { searchRepository } from './search-repository.js';

/** Answers kept per catalogue version; the oldest goes first (a stream of odd queries cannot fill memory). */
export const SEARCH_CACHE_MAX = 500;

export function searchService(deps: { db: Db; catalog: CatalogService; readModel: ReadModel }) {
  const repo = searchRepository(deps.db);
  const kept = new Map<string, Promise<SearchResults>>();
  let keptVersion: number | undefined;

  async function find(words: string[], page: number): Promise<SearchResults> {
    const hits = await repo.search(words, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE);
    const { byId } = await deps.catalog.snapshot();
    // An item unpublished between the two reads is left out rather than shown stale.
    const found: Item[] = hits.ids.flatMap((id) => byId.get(id) ?? []);
    return { items: found, total: hits.total };
  }

  return {
    async search(query: string, page: number): Promise<SearchResults> {
      const words = searchWords(query);
      if (words.length === 0) return { items: [], total: 0 };
      const version = deps.readModel.version();
      if (version === undefined) return find(words, page);
      if (version !== keptVersion) {
        kept.clear();
        keptVersion = version;
      }
      const key = `${page}|${words.join(' ')}`;
      let answer = kept.get(key);
      if (!answer) {
        answer = find(words, page);
        if (kept.size >= SEARCH_CACHE_MAX) kept.delete(kept.keys().next().value!);
        kept.set(key, answer);
        answer.catch(() => kept.delete(key));
      }
      return answer;
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
