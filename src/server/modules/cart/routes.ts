// The bag's calls (spec §7): thin handlers over the cart service; the bag is found by the shopper cookie.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCartAnswerSchema,
  AddToCartBodySchema,
  GetCartAnswerSchema,
  RemoveFromCartAnswerSchema,
  RemoveFromCartBodySchema,
} from '../../../contract/cart.js';
import type { AppContext } from '../../app.js';
import { readSignedCookie, SHOPPER_COOKIE, setSessionCookie } from '../../http/cookies.js';
import { Invalid } from '../../http/errors.js';
import { cartLinesJson } from './cart-service.js';

const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/** Spec §5: a selection without a size is refused with the product page's own words. */
function sizeMissingFirst(error: Error & { validation?: { instancePath?: string }[] }) {
  const sizeMissing = error.validation?.some((v) => /^\/\d+\/size$/.test(v.instancePath ?? ''));
  return sizeMissing ? new Invalid('Please fill out the size') : error;
}

export const cartRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const { cart } = services;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The answer is built from the catalog's lines (already the contract's shape) and sent as text,
  // as the catalog calls send theirs; the schema documents it.
  app.get('/getCart', { schema: { response: { 200: GetCartAnswerSchema } } }, async (request, reply) => {
    const lines = await cart.lines(readSignedCookie(request, SHOPPER_COOKIE));
    return sendJsonText(reply, cartLinesJson(lines));
  });

  app.post(
    '/addToCart',
    { schema: { body: AddToCartBodySchema, response: { 200: AddToCartAnswerSchema } }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) throw sizeMissingFirst(request.validationError);
      const { count, newSession } = await cart.add(readSignedCookie(request, SHOPPER_COOKIE), request.body);
      if (newSession) setSessionCookie(reply, config, SHOPPER_COOKIE, newSession.id, newSession.expiresAt);
      return { ok: true as const, count };
    },
  );

  app.post(
    '/removeFromCart',
    { schema: { body: RemoveFromCartBodySchema, response: { 200: RemoveFromCartAnswerSchema } } },
    async (request) => ({ ok: true as const, ...(await cart.remove(readSignedCookie(request, SHOPPER_COOKIE), request.body)) }),
  );
};
