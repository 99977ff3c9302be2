// The bag's calls (spec §7): thin handlers over the cart service; the bag is found by the shopper cookie.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { readSignedCookie, SHOPPER_COOKIE, setSessionCookie } from '../../http/cookies.js';
import { Invalid } from '../../http/errors.js';
import { sendJsonText } from '../../http/prepared.js';
import { route } from '../../http/route.js';
import { BAG_VERSION_COOKIE } from './bag-cache.js';
import { cartLinesJson, type BagWritten } from './cart-service.js';

/** The brand's gift card, 2:3 like the shop's pictures: ivory card, serif wordmark, one accent line. */
const GIFT_CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">
<rect width="600" height="900" fill="#efe9e1"/>
<g transform="translate(60 270)"><rect width="480" height="300" rx="18" fill="#2f2a26"/>
<rect x="24" y="24" width="432" height="252" rx="10" fill="none" stroke="#c9a27e" stroke-width="1.5"/>
<text x="240" y="140" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="48" letter-spacing="6" fill="#f6f1ea">MURASHKI</text>
<text x="240" y="190" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" letter-spacing="8" fill="#c9a27e">GIFT CARD</text></g>
</svg>`;

/** Spec §5: a selection without a size is refused with the product page's own words. */
function sizeMissingFirst(error: Error & { validation?: { instancePath?: string }[] }) {
  const sizeMissing = error.validation?.some((v) => /^\/\d+\/size$/.test(v.instancePath ?? ''));
  return sizeMissing ? new Invalid('Please fill out the size') : error;
}

export const cartRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const { cart, bags } = services;
  /** After a write: the new bag version, with the bag as the write left it kept for the next /getCart. */
  const keepWritten = (
    reply: FastifyReply,
    signedCookie: string,
    { sessionId, bag }: Omit<BagWritten, 'count' | 'newSession'>,
  ) => bags.wrote(reply, signedCookie, sessionId, bag && { ...bag, lines: cartLinesJson(bag.lines) });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The answer is built from the catalog's lines (already the contract's shape) and sent as text,
  // as the catalog calls send theirs; the schema documents it.
  // A live session's answer is kept in the bag cache (bag-cache.ts) for the fast path to serve.
  route(app, calls.getCart, async (request, reply) => {
    const sessionId = readSignedCookie(request, SHOPPER_COOKIE);
    const mark = bags.mark();
    const { lines, snapshot, liveUntil } = await cart.lines(sessionId);
    const json = cartLinesJson(lines);
    if (sessionId && liveUntil) {
      bags.put(request.cookies[SHOPPER_COOKIE]!, mark, {
        sessionId,
        version: request.cookies[BAG_VERSION_COOKIE],
        snapshot,
        liveUntil: liveUntil.getTime(),
        json,
      });
    }
    return sendJsonText(reply, json);
  });

  route(
    app,
    calls.addToCart,
    async (request, reply) => {
      if (request.validationError) throw sizeMissingFirst(request.validationError);
      const sessionId = readSignedCookie(request, SHOPPER_COOKIE);
      const { count, newSession, ...written } = await cart.add(sessionId, request.body);
      if (newSession) setSessionCookie(reply, config, SHOPPER_COOKIE, newSession.id, newSession.expiresAt);
      const signedCookie = newSession ? reply.signCookie(newSession.id) : request.cookies[SHOPPER_COOKIE]!;
      keepWritten(reply, signedCookie, written);
      services.funnel.seen(signedCookie, 'addedToBag'); // Issue 28 (funnel)
      return { ok: true as const, count };
    },
    { attachValidation: true },
  );

  // Added (issue 24 item 3): a gift card into the bag; the answer is /addToCart's.
  route(app, calls.addGiftCard, async (request, reply) => {
    const sessionId = readSignedCookie(request, SHOPPER_COOKIE);
    const { count, newSession, ...written } = await cart.addGiftCard(sessionId, request.body);
    if (newSession) setSessionCookie(reply, config, SHOPPER_COOKIE, newSession.id, newSession.expiresAt);
    const signedCookie = newSession ? reply.signCookie(newSession.id) : request.cookies[SHOPPER_COOKIE]!;
    keepWritten(reply, signedCookie, written);
    services.funnel.seen(signedCookie, 'addedToBag'); // Issue 28 (funnel)
    return { ok: true as const, count };
  });

  // The gift card's picture in the bag, the checkout and the emails: drawn here, nothing to upload.
  app.get('/gift-card.svg', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return GIFT_CARD_SVG;
  });

  route(app, calls.requestCheckout, async (request) => cart.requestCheckout(readSignedCookie(request, SHOPPER_COOKIE)));

  route(app, calls.takeBagNotices, async (request) => cart.takeNotices(readSignedCookie(request, SHOPPER_COOKIE)));

  route(app, calls.removeFromCart, async (request, reply) => {
    const sessionId = readSignedCookie(request, SHOPPER_COOKIE);
    const { count, ...written } = await cart.remove(sessionId, request.body);
    keepWritten(reply, request.cookies[SHOPPER_COOKIE]!, written);
    return { ok: true as const, count };
  });
};
