// Hot catalog reads answered straight from the in-memory snapshot at the node:http level, before
// Fastify builds its request and reply objects. Only a warm snapshot and a well-formed request are
// served here; anything else (cold cache, unknown product, odd query, other method) falls through
// to the normal Fastify route, which answers the same body, headers and errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { itemsPageOf, type CatalogService, type CatalogSnapshot } from '../modules/catalog/catalog-service.js';
import { chooseEncoding, type Encoding, type Prepared } from './prepared.js';

type Lookup = (snapshot: CatalogSnapshot, query: URLSearchParams | undefined) => Prepared<unknown> | undefined;

const single = (query: URLSearchParams | undefined, name: string) =>
  query && query.size === 1 ? query.get(name)?.trim() || undefined : undefined;

const ROUTES: Record<string, Lookup> = {
  '/getAllItems': (s, q) => (q ? undefined : s.items),
  '/getPromotionalItems': (s, q) => (q ? undefined : s.promotional),
  '/product': (s, q) => {
    const url = single(q, 'url');
    return url === undefined ? undefined : s.products.get(url);
  },
  // Only the plain shapes (?page=N, ?category=KEY, both) of a known category; the rest goes to Fastify.
  '/listItems': (s, q) => {
    const params = q ?? new URLSearchParams();
    const keys = [...params.keys()];
    if (keys.some((k) => k !== 'page' && k !== 'category') || new Set(keys).size !== keys.length) return undefined;
    const rawPage = params.get('page') ?? '1';
    if (!/^[1-9][0-9]{0,3}$/.test(rawPage)) return undefined; // at most 9999, under ITEMS_PAGE_MAX
    const category = params.get('category') ?? undefined;
    if (category !== undefined && !s.byCategory.has(category)) return undefined;
    return itemsPageOf(s, category, Number(rawPage));
  },
  '/getInfo': (s, q) => {
    const page = single(q, 'requestedPage');
    return page === undefined ? undefined : s.info.get(page);
  },
};

export function catalogFastPath(catalog: Pick<CatalogService, 'peek'>, baseHeaders: Record<string, string>) {
  const headerCache = new WeakMap<Prepared<unknown>, Partial<Record<Encoding, Record<string, string | number>>>>();

  function headersFor(prepared: Prepared<unknown>, encoding: Encoding) {
    let byEncoding = headerCache.get(prepared);
    if (!byEncoding) headerCache.set(prepared, (byEncoding = {}));
    return (byEncoding[encoding] ??= {
      ...baseHeaders,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      etag: prepared.etag,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': prepared.body(encoding).length,
    });
  }

  /** Answers the request and returns true, or returns false to let Fastify handle it. */
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const raw = req.url ?? '';
    const mark = raw.indexOf('?');
    const lookup = ROUTES[mark === -1 ? raw : raw.slice(0, mark)];
    if (!lookup) return false;
    const snapshot = catalog.peek();
    if (!snapshot) return false;
    const prepared = lookup(snapshot, mark === -1 ? undefined : new URLSearchParams(raw.slice(mark + 1)));
    if (!prepared) return false;

    if (req.headers['if-none-match'] === prepared.etag) {
      const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = headersFor(prepared, 'identity');
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], prepared.json.length);
    res.writeHead(200, headersFor(prepared, encoding));
    if (req.method === 'HEAD') res.end();
    else res.end(prepared.body(encoding));
    return true;
  };
}
