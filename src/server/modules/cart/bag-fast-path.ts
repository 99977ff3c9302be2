// GET /getCart answered from the bag cache at the node:http level, before Fastify, like the catalog
// fast path (src/server/http/fast-path.ts). Only a cached, current bag is served here; anything else
// falls through to the Fastify route, which reads the database and fills the cache.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { SHOPPER_COOKIE } from '../../http/cookies.js';
import { chooseEncoding, type Encoding } from '../../http/prepared.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { BAG_VERSION_COOKIE, type BagCache } from './bag-cache.js';

export function bagFastPath(
  bags: BagCache,
  catalog: Pick<CatalogService, 'peek'>,
  baseHeaders: Record<string, string>,
) {
  const common = {
    ...baseHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'accept-encoding',
  };

  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || req.url !== '/getCart') return false;
    const header = req.headers.cookie;
    if (!header) return false;
    const cookies = fastifyCookie.parse(header);
    const signed = cookies[SHOPPER_COOKIE];
    if (!signed) return false;
    const cached = bags.get(signed, cookies[BAG_VERSION_COOKIE], catalog.peek());
    if (!cached) return false;
    const encoding: Encoding = chooseEncoding(req.headers['accept-encoding'], cached.answer.json.length);
    const body = cached.answer.body(encoding);
    res.writeHead(200, {
      ...common,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': body.length,
    });
    res.end(body);
    return true;
  };
}
