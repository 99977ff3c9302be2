// Rendered storefront pages kept in memory, brotli-compressed. A page is a function of its URL and
// the read model (catalog, categories, home, info pages, reviews): the server render knows nothing
// of the shopper (the bag is fetched by the browser). So a page is kept until the read model
// changes, here or in another copy (ReadModel.version), and only for URLs a shop link can make, so
// made-up query strings cannot push real pages out. Least recently used pages go first.
import { LRUCache } from 'lru-cache';
import type { ReadModel } from '../read-model.js';

/** `length`: the page's size before compression, in UTF-16 units (what chooseEncoding weighs). */
export type CachedPage = { status: number; br: Buffer; length: number };
type Entry = CachedPage & { version: number };

/** Query parameters of storefront links; a URL with any other parameter is rendered every time. */
const LINK_PARAMS = new Set(['category', 'page']);
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** A page number as shop links write it. */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * The cache key of a URL, or undefined when its pages are not kept: only URLs written as the shop's
 * own links write them, so that spellings of one page (`?page=01`, `//x` read as the home page,
 * parameters in another order) cannot each take a place in the cache and push real pages out.
 */
export function pageCacheKey(url: string): string | undefined {
  if (url.length > 300 || url.startsWith('//')) return undefined;
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.some((n) => !LINK_PARAMS.has(n)) || new Set(names).size !== names.length) return undefined;
  if (params.has('page') && !PAGE_NUMBER.test(params.get('page')!)) return undefined;
  // One spelling: names in order, values encoded as the shop's links encode them (encodeURIComponent).
  const written = names.map((n) => `${n}=${encodeURIComponent(params.get(n)!)}`).join('&');
  if (names.join() !== [...names].sort().join() || written !== query) return undefined;
  return url;
}

export function pageCache(readModel: Pick<ReadModel, 'version'>, maxBytes = PAGE_CACHE_MAX_BYTES) {
  const pages = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => e.br.length + 200 });
  return {
    /** The read model's version to store a page rendered now under (read before rendering). */
    version: () => readModel.version(),
    get(key: string): CachedPage | undefined {
      const version = readModel.version();
      const entry = pages.get(key);
      if (!entry || version === undefined) return undefined;
      if (entry.version !== version) {
        pages.delete(key);
        return undefined;
      }
      return entry;
    },
    /** Keeps a page rendered from read-model version `version`; a page older than the current one is dropped. */
    set(key: string, version: number | undefined, page: CachedPage) {
      if (version === undefined || version !== readModel.version()) return;
      pages.set(key, { ...page, version });
    },
    get size() {
      return pages.size;
    },
  };
}
export type PageCache = ReturnType<typeof pageCache>;
