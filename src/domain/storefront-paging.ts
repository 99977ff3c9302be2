// How the storefront's lists (/collections, /categories) are cut into pages, shared by the server
// (which answers a page) and the pages (which link to the others). No Zod here.

/** Tiles a page: 12 rows of 4 on a desktop, 16 of 3, 24 of 2; every row full. */
export const ITEMS_PAGE_SIZE = 48;
/** The highest page number a request may ask for (a guard, far above any real catalog). */
export const ITEMS_PAGE_MAX = 10_000;

/** Pages needed for `total` items; an empty list still has its (empty) first page. */
export function pageCount(total: number, size = ITEMS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** `?page=` as a shopper's link carries it: a whole number from 1, anything else is the first page. */
export function pageFromSearch(raw: string | null): number {
  if (raw === null || !/^[1-9][0-9]{0,4}$/.test(raw)) return 1;
  return Math.min(Number(raw), ITEMS_PAGE_MAX);
}

/** A list page's own address: page 1 has no `page` parameter, so it has one canonical URL. */
export function pagedPath(path: string, page: number): string {
  if (page <= 1) return path;
  return `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}

/** Page `page` of a whole list, with the counts a page shows ('48 pieces', 'Page 2 of 3'). */
export function pageOfList<T>(all: readonly T[], page: number) {
  const pages = pageCount(all.length);
  const items = page > pages ? [] : all.slice((page - 1) * ITEMS_PAGE_SIZE, page * ITEMS_PAGE_SIZE);
  return { items, total: all.length, page, pages, pageSize: ITEMS_PAGE_SIZE };
}
