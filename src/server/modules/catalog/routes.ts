// The storefront's catalog calls (spec §7). Answers are pre-serialised by the read model and
// carry an ETag, so a browser revalidating an unchanged catalog gets a 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GetAllItemsAnswerSchema,
  GetCategoryAnswerSchema,
  GetCategoryBodySchema,
  GetPromotionalItemsAnswerSchema,
  InfoAnswerSchema,
  InfoQuerySchema,
  ItemsPageSchema,
  ListItemsQuerySchema,
  ListReviewsAnswerSchema,
  ListReviewsBodySchema,
  ProductQuerySchema,
  ProductSchema,
} from '../../../contract/catalog.js';
import type { AppContext } from '../../context.js';
import { chooseEncoding, type Prepared } from '../../http/prepared.js';

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: Prepared<unknown>) {
  reply.header('etag', prepared.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'], prepared.json.length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(prepared.body(encoding));
}

export const catalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  const { catalog } = services;

  app.get('/getAllItems', { schema: { response: { 200: GetAllItemsAnswerSchema } } }, async (request, reply) =>
    sendPrepared(request, reply, await catalog.allItems()),
  );

  app.post(
    '/getCategory',
    { schema: { body: GetCategoryBodySchema, response: { 200: GetCategoryAnswerSchema } } },
    async (request, reply) => sendPrepared(request, reply, await catalog.category(request.body.category)),
  );

  // Not in spec §7: the storefront's own paged read, so /collections stays small at any catalog size.
  app.get(
    '/listItems',
    { schema: { querystring: ListItemsQuerySchema, response: { 200: ItemsPageSchema } } },
    async (request, reply) =>
      sendPrepared(request, reply, await catalog.itemsPage(request.query.category, request.query.page)),
  );

  app.get(
    '/product',
    { schema: { querystring: ProductQuerySchema, response: { 200: ProductSchema } } },
    async (request, reply) => sendPrepared(request, reply, await catalog.product(request.query.url)),
  );

  app.get(
    '/getPromotionalItems',
    { schema: { response: { 200: GetPromotionalItemsAnswerSchema } } },
    async (request, reply) => sendPrepared(request, reply, await catalog.promotionalItems()),
  );

  app.get(
    '/getInfo',
    { schema: { querystring: InfoQuerySchema, response: { 200: InfoAnswerSchema } } },
    async (request, reply) => sendPrepared(request, reply, await catalog.info(request.query.requestedPage)),
  );

  app.post(
    '/listReviewsByProductId',
    { schema: { body: ListReviewsBodySchema, response: { 200: ListReviewsAnswerSchema } } },
    async (request) => ({ reviews: await catalog.reviews(request.body.productId) }),
  );
};
