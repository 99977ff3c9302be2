// Defence against cross-site request forgery for every state-changing call: a browser tells us
// where a request comes from (Sec-Fetch-Site, Origin); anything from another site is refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may be posted from another site. Only for a write whose address itself authorises
     * it, e.g. one-click unsubscribe (RFC 8058), posted by the mailbox provider from its own site.
     */
    crossSiteAllowed?: boolean;
  }
}

export function rejectCrossSiteWrites(config: Config) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.crossSiteAllowed) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let sameOrigin = true;
    if (site === 'cross-site' || site === 'same-site') sameOrigin = false;
    else if (typeof origin === 'string' && origin !== 'null') {
      const host = request.headers.host;
      // An Origin that is not a URL at all (e.g. "http://shop:3000.evil.example") names no site of ours.
      sameOrigin =
        origin === publicOrigin || (host !== undefined && URL.canParse(origin) && new URL(origin).host === host);
    } else if (origin === 'null') sameOrigin = false;
    if (!sameOrigin) {
      return reply
        .code(403)
        .send({ error: 'cross_site', message: 'Cross-site requests are not allowed', requestId: request.id });
    }
  };
}
