// Returns (spec §2 return page, §4 return flow, SPEC-NOTES): looking an order up by its number and
// recording a return request on it. The server decides everything that matters: which pieces may go
// back (shipped orders only, no final sale, none twice), whether the order is international, and the
// refund, from the order's own lines, promo and tax. Lookups and requests are rate-limited per client,
// so order numbers cannot be tried in bulk.
import { giftCardSentence } from '../../../contract/cart.js';
import { z } from 'zod';
import type { OrderDetailsAnswer, RequestReturnAnswer } from '../../../contract/returns.js';
import { toDollars } from '../../../domain/money.js';
import {
  isInternationalCountry,
  mergePieces,
  ORDER_NOT_FOUND,
  ORDER_NOT_SHIPPED,
  refundFor,
  type Refund,
} from '../../../domain/returns.js';
import type { Db } from '../../db/client.js';
import type { ReturnRequest } from '../../db/schema.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import type { Clock } from '../../clock.js';
import type { ShopContactSource } from '../../email/layout.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider.js';
import { returnRequestEmail } from './return-email.js';
import { returnLabelsService } from './return-labels.js';
import { returnsRepository, type ReturnOrder } from './returns-repository.js';

/** Lookups and requests together, per client address. Generous for a person, useless for guessing 10-digit numbers. */
export const RETURN_CALLS_PER_WINDOW = 30;
export const RETURN_WINDOW_MS = 15 * 60_000;

/** Used until the owner sets the `returnAddress` setting (a list of address lines). */
export const DEFAULT_RETURN_ADDRESS = [
  'Murashki Returns',
  'Studio 4, 1 Silk Mill Lane',
  'Brooklyn, NY 11201',
  'United States',
];
const ReturnAddressSchema = z.array(z.string().trim().min(1).max(200)).min(1).max(8);

export type ReturnsDeps = {
  db: Db;
  limiter: RateLimiter;
  clock: Clock;
  shop: ShopContactSource;
  shipping: ShippingProvider;
  log?: FastifyBaseLogger;
};

const NOT_FOUND_ANSWER: OrderDetailsAnswer = {
  status: 'fail',
  country: '',
  international: false,
  shipped: false,
  refunded: false,
  orderData: [],
};

/** Pieces per order line already asked back. */
function requestedPerLine(request: ReturnRequest | null): Map<number, number> {
  return new Map(mergePieces(request?.items ?? []).map((p) => [p.index, p.quantity]));
}

const minus = (a: Refund, b: Refund): Refund => ({
  subtotalCents: a.subtotalCents - b.subtotalCents,
  discountCents: a.discountCents - b.discountCents,
  taxCents: a.taxCents - b.taxCents,
  totalRefundCents: a.totalRefundCents - b.totalRefundCents,
});

const pieceName = (line: ReturnOrder['lines'][number]) => `${line.title} (${line.color}, size ${line.size})`;

export function returnsService(deps: ReturnsDeps) {
  const { db, limiter, clock } = deps;
  const repo = returnsRepository();
  const labels = returnLabelsService({ db, shipping: deps.shipping, shop: deps.shop, log: deps.log });

  const countCall = (ip: string) => limiter.hit(`returns:ip:${ip}`, RETURN_CALLS_PER_WINDOW, RETURN_WINDOW_MS);

  /** Throws the refusal a return request for `wanted` of `order` meets, if any. */
  async function checkRequest(
    executor: Db | Tx,
    order: ReturnOrder,
    wanted: { index: number; quantity: number }[],
    supportEmail: string,
  ) {
    if (!order.processed) throw new Conflict(ORDER_NOT_SHIPPED);
    const previous = order.returnRequest;
    if (previous?.refundedAt || previous?.refundPendingAt) {
      throw new Conflict(
        `The return for this order has already been refunded. Please write to us at ${supportEmail} to return anything else.`,
      );
    }
    const requested = requestedPerLine(previous);
    for (const { index, quantity } of wanted) {
      const line = order.lines[index];
      if (!line) throw new Invalid('That item is not part of this order');
      if (quantity > line.quantity) throw new Invalid(`Your order has only ${line.quantity} × ${pieceName(line)}`);
      if (line.giftCard) throw new Conflict('Gift cards are final sale and cannot be returned');
    }
    const finalSale = await repo.finalSaleItemIds(
      executor,
      wanted.map((p) => order.lines[p.index]!.itemId),
    );
    for (const { index } of wanted) {
      const line = order.lines[index]!;
      if (finalSale.has(line.itemId)) throw new Conflict(`${pieceName(line)} is final sale and cannot be returned`);
    }
    for (const { index, quantity } of wanted) {
      const line = order.lines[index]!;
      if ((requested.get(index) ?? 0) + quantity > line.quantity)
        throw new Conflict(`A return was already requested for ${pieceName(line)}`);
    }
  }

  async function returnAddress(): Promise<string[]> {
    const parsed = ReturnAddressSchema.safeParse(await repo.returnAddressSetting(db));
    return parsed.success ? parsed.data : DEFAULT_RETURN_ADDRESS;
  }

  return {
    /** GET /return-label/<key>.pdf. */
    openLabel: (key: string) => labels.open(key),

    /** POST /orderDetailsById: the order's pieces as the return page shows them, or status 'fail'. */
    async lookup(orderId: number, ip: string): Promise<OrderDetailsAnswer> {
      await countCall(ip);
      const order = await repo.orderForReturn(db, orderId);
      if (!order) return NOT_FOUND_ANSWER;
      const finalSale = await repo.finalSaleItemIds(
        db,
        order.lines.map((l) => l.itemId),
      );
      const live = await repo.liveItemIds(
        db,
        order.lines.map((l) => l.itemId),
      );
      const requested = requestedPerLine(order.returnRequest);
      return {
        status: 'success',
        country: order.country,
        international: isInternationalCountry(order.country),
        shipped: order.processed,
        refunded: Boolean(order.returnRequest?.refundedAt || order.returnRequest?.refundPendingAt),
        orderData: order.lines.flatMap((line, index) =>
          Array.from({ length: line.quantity }, (_, piece) => ({
            index,
            piece,
            product_type: line.productType,
            product_name: line.productName,
            title: line.title,
            url: line.url,
            picture: line.picture,
            size: line.size,
            color: line.color,
            price: toDollars(line.unitPriceCents),
            is_final_sale: line.giftCard !== undefined || finalSale.has(line.itemId),
            ...(line.giftCard
              ? { gift_card: giftCardSentence(line.giftCard) }
              : live.has(line.itemId)
                ? {}
                : { item_removed: true }),
            return_requested: piece < (requested.get(index) ?? 0),
          })),
        ),
      };
    },

    /**
     * POST /requestReturn: records the pieces on the order's return request (a later request for
     * other pieces of the same order joins it) and emails the shipping instructions, in one
     * transaction that holds the order, so the same piece is never asked back twice.
     */
    async request(
      input: { orderId: number; items: { index: number; quantity: number }[] },
      ip: string,
    ): Promise<RequestReturnAnswer> {
      await countCall(ip);
      const wanted = mergePieces(input.items);
      const address = await returnAddress();
      const shop = await deps.shop();
      // A US return gets a prepaid label. The carrier is called before the transaction, never inside
      // it, and only for a request that passes the checks; a failed purchase still records the return.
      const unlocked = await repo.orderForReturn(db, input.orderId);
      let bought: Awaited<ReturnType<typeof labels.tryBuy>>;
      let labelAddress = address;
      const pieces = wanted.reduce((n, p) => n + p.quantity, 0);
      if (unlocked && !isInternationalCountry(unlocked.country)) {
        await checkRequest(db, unlocked, wanted, shop.supportEmail);
        bought = await labels.tryBuy(unlocked.id, pieces);
        labelAddress = await labels.destination();
      }
      return db.transaction(async (tx) => {
        const order = await repo.orderForReturn(tx, input.orderId, { lock: true });
        if (!order) throw new NotFound(ORDER_NOT_FOUND);
        await checkRequest(tx, order, wanted, shop.supportEmail);
        const previous = order.returnRequest;

        const all = mergePieces(previous?.items ?? [], wanted);
        const total = refundFor(order, all);
        const refund = minus(total, refundFor(order, previous?.items ?? []));
        const international = isInternationalCountry(order.country);
        await repo.saveReturnRequest(tx, order.id, {
          ...previous,
          creditSelected: false,
          items: all,
          subtotalCents: total.subtotalCents,
          discountCents: total.discountCents,
          taxCents: total.taxCents,
          totalRefundCents: total.totalRefundCents,
          international,
          requestedAt: clock().toISOString(),
        });
        const label = international ? undefined : await labels.record(tx, { orderId: order.id, pieces, bought, shop });
        const sendTo = label ? labelAddress : address;
        await enqueueEmail(tx, {
          to: order.email,
          ...returnRequestEmail(
            { order, pieces: wanted, refund, international, returnAddress: sendTo, ...(label ? { label } : {}) },
            shop,
          ),
          kind: 'return_request',
        });
        return {
          success: true as const,
          refund: {
            subtotal: toDollars(refund.subtotalCents),
            discount: toDollars(refund.discountCents),
            tax: toDollars(refund.taxCents),
            total_refund: toDollars(refund.totalRefundCents),
          },
        };
      });
    },
  };
}
export type ReturnsService = ReturnType<typeof returnsService>;
