// The storefront's catalog calls (spec §7). Answers are pre-serialised by the read model and
// carry an ETag, so a browser revalidating an unchanged catalog gets a 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { normaliseFilters } from '../../../domain/catalog-filters.js';
import type { AppContext } from '../../context.js';
import { chooseEncoding, type Prepared } from '../../http/prepared.js';
import { SHOPPER_COOKIE } from '../../http/cookies.js'; // Issue 28 (funnel)
import { route } from '../../http/route.js';

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: Prepared<unknown>) {
  reply.header('etag', prepared.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'], prepared.json.length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(prepared.body(encoding));
}

export const catalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { catalog } = services;

  route(app, calls.getAllItems, async (request, reply) => sendPrepared(request, reply, await catalog.allItems()));

  route(app, calls.getCategory, async (request, reply) =>
    sendPrepared(request, reply, await catalog.category(request.body.category)),
  );

  // Not in spec §7: the storefront's own paged read, so /collections stays small at any catalog size.
  // Issue 27: filters and sort (size, color, type, minPrice, maxPrice, inStock, sort) and each option's count.
  route(app, calls.listItems, async (request, reply) => {
    const { category, page, ...filters } = request.query;
    return sendPrepared(request, reply, await catalog.itemsPage(category, page, normaliseFilters(filters)));
  });

  route(app, calls.product, async (request, reply) => {
    const product = await catalog.product(request.query.url);
    services.funnel.seen(request.cookies[SHOPPER_COOKIE], 'viewedProduct'); // Issue 28 (funnel); the fast path counts in app.ts
    return sendPrepared(request, reply, product);
  });

  route(app, calls.getPromotionalItems, async (request, reply) =>
    sendPrepared(request, reply, await catalog.promotionalItems()),
  );

  route(app, calls.getInfo, async (request, reply) =>
    sendPrepared(request, reply, await catalog.info(request.query.requestedPage)),
  );

  route(app, calls.listReviewsByProductId, async (request) => ({
    reviews: await catalog.reviews(request.body.productId),
  }));
};
