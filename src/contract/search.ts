// Search (issue 27): GET /searchItems?q=&page= answers one page of the published items that match.
import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../domain/search.js';
import { ITEMS_PAGE_MAX } from '../domain/storefront-paging.js';
import { ItemSchema } from './catalog.js';

export const SearchItemsQuerySchema = z.object({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(1, 'q must not be empty')
    .max(SEARCH_QUERY_MAX, `q is at most ${SEARCH_QUERY_MAX} characters`),
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(ITEMS_PAGE_MAX, `page is at most ${ITEMS_PAGE_MAX}`)
    .default(1),
});
export type SearchItemsQuery = z.infer<typeof SearchItemsQuerySchema>;

/** Items in the shape of /listItems (so the product tiles show them); `total` counts every page. */
export const SearchItemsAnswerSchema = z.object({ items: z.array(ItemSchema), total: z.number().int() });
export type SearchResults = z.infer<typeof SearchItemsAnswerSchema>;
