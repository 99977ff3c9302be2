// Every GET that no JSON call or asset claims is a storefront page, rendered on the server. Pages
// that answer 200 are kept brotli-compressed until the catalog or content changes (page-cache.ts).
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { readSignedCookie, SHOPPER_COOKIE } from '../http/cookies.js';
import { chooseEncoding } from '../http/prepared.js';
import type { AppContext } from '../context.js';
import { pageCache, pageCacheKey, type CachedPage } from './page-cache.js';
import { serverApi } from './server-api.js';
import type { StorefrontRenderer } from './storefront-renderer.js';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
// Quality 5 keeps a page's compression around a millisecond while cutting its size ~8x.
const toBrotli = (html: string) => brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

export const ssrRoutes: FastifyPluginAsync<
  AppContext & { renderer: StorefrontRenderer; documentHeaders: Record<string, string> }
> = async (app, { config, services, renderer, documentHeaders }) => {
  const api = serverApi(services);
  const cache = pageCache(services.readModel);

  /** A fresh render: a redirect, or the page (kept when its URL is a shop link and it answers 200). */
  async function render(
    url: string,
  ): Promise<{ redirect: string; status: number } | { page: CachedPage; html: string }> {
    const version = cache.version();
    const result = await renderer.render({ url, api, publicUrl: config.publicUrl });
    if (result.redirect) return { redirect: result.redirect, status: result.status };
    const page = { status: result.status, br: await toBrotli(result.html), length: result.html.length };
    const key = pageCacheKey(url);
    if (key !== undefined && result.status === 200) cache.set(key, version, page);
    return { page, html: result.html };
  }

  /**
   * Spec §4: /cart/checkout with an empty bag sends the shopper home. Answered here as a redirect, so a
   * visitor without a bag (a bookmark, an expired session) lands on / without the bag page flashing first;
   * the page itself still goes home when its last line is removed.
   */
  async function emptyBagAtCheckout(request: FastifyRequest): Promise<boolean> {
    if (!/^\/cart\/checkout\/?(\?|$)/.test(request.url)) return false;
    const sessionId = readSignedCookie(request, SHOPPER_COOKIE);
    return !sessionId || (await services.cart.lines(sessionId)).lines.length === 0;
  }

  app.get('/*', async (request, reply) => {
    if (await emptyBagAtCheckout(request)) return reply.redirect('/', 302);
    const key = pageCacheKey(request.url);
    const cached = key === undefined ? undefined : cache.get(key);
    const fresh = cached ? undefined : await render(request.url);
    if (fresh && 'redirect' in fresh) return reply.redirect(fresh.redirect, fresh.status);
    const page = cached ?? fresh!.page;
    reply
      .headers(documentHeaders)
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding'], page.length);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
    const html = fresh?.html ?? (await unbrotli(page.br)).toString('utf8');
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
    return reply.send(html);
  });
};
