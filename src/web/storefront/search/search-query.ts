// The query of /search as its address carries it, shared by the route's prefetch (in the first
// load) and the lazily loaded page.
import { SEARCH_QUERY_MAX } from '../../../domain/search.js';

export const SEARCH_PATH = '/search';

/** `?q=` trimmed and cut to the longest the call accepts; '' when there is none. */
export const queryFromSearch = (raw: string | null) => (raw ?? '').trim().slice(0, SEARCH_QUERY_MAX);
