// Every GET that no JSON call or asset claims is a storefront page, rendered on the server.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { chooseEncoding } from '../http/prepared.js';
import type { AppContext } from '../app.js';
import { serverApi } from './server-api.js';
import type { StorefrontRenderer } from './storefront-renderer.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 5 keeps a page's compression around a millisecond while cutting its size ~8x.
const compress = (encoding: 'br' | 'gzip', html: string) =>
  encoding === 'br' ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(html, { level: 6 });

export const ssrRoutes: FastifyPluginAsync<
  AppContext & { renderer: StorefrontRenderer; documentHeaders: Record<string, string> }
> = async (app, { config, services, renderer, documentHeaders }) => {
  const api = serverApi(services);
  app.get('/*', async (request, reply) => {
    const result = await renderer.render({ url: request.url, api, publicUrl: config.publicUrl });
    if (result.redirect) return reply.redirect(result.redirect, result.status);
    reply
      .headers(documentHeaders)
      .code(result.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding'], result.html.length);
    if (encoding === 'identity') return reply.send(result.html);
    return reply.header('content-encoding', encoding).send(await compress(encoding, result.html));
  });
};
