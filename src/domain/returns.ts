// Return rules of spec §4 shared by the server and the return page. No Zod here: the page imports it.
import { isUsCountry } from './geo.js';

/** Spec §8: the lookup's status 'fail'. */
export const ORDER_NOT_FOUND = 'Order not found...';
/** SPEC-NOTES: returns only for orders already processed (shipped). */
export const ORDER_NOT_SHIPPED = 'This order has not shipped yet. You can start a return as soon as it is on its way.';
/** The return page of an order whose return was already refunded: its pieces cannot be chosen. */
export const RETURN_ALREADY_REFUNDED =
  'The return for this order has already been refunded. To return anything else, please write to us.';
export const RETURN_REQUESTED_TITLE = 'We received your return request';

/** Spec §4: an order is international unless its country (case-insensitive) is one of the US spellings. */
export function isInternationalCountry(country: string): boolean {
  return !isUsCountry(country);
}

export type RefundOrder = {
  lines: readonly { unitPriceCents: number; quantity: number }[];
  /** The order's discount and tax as charged (integer cents). */
  discountCents: number;
  taxCents: number;
};

/** How many pieces of each order line (by its index in the order) are returned. */
export type ReturnedPieces = readonly { index: number; quantity: number }[];

export type Refund = {
  /** The returned pieces' prices. */
  subtotalCents: number;
  /** Their share of the order's discount (subtracted). */
  discountCents: number;
  /** Their share of the order's tax (given back). */
  taxCents: number;
  /** subtotal − discount + tax; shipping is never refunded. */
  totalRefundCents: number;
};

/**
 * What returning `pieces` of `order` refunds: each returned piece's price, less its share of the
 * order's discount, plus its share of the order's tax; shipping is not refunded.
 *
 * Shares are whole cents, allocated over every piece of the order by largest remainder (ties to the
 * earlier piece): the discount in proportion to the pieces' prices, the tax in proportion to their
 * discounted prices. The shares of all pieces add up to exactly the order's discount and tax, so
 * returning everything refunds exactly what was paid for the goods, and returning a line's pieces
 * in two requests refunds the same as returning them in one. Within a line, the returned pieces are
 * its first ones (`quantity` of them).
 */
export function refundFor(order: RefundOrder, pieces: ReturnedPieces): Refund {
  const prices: number[] = [];
  const firstPiece: number[] = [];
  for (const line of order.lines) {
    assertCents(line.unitPriceCents, 'unitPriceCents');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0)
      throw new RangeError(`Bad quantity: ${line.quantity}`);
    firstPiece.push(prices.length);
    for (let i = 0; i < line.quantity; i++) prices.push(line.unitPriceCents);
  }
  assertCents(order.discountCents, 'discountCents');
  assertCents(order.taxCents, 'taxCents');
  const subtotal = prices.reduce((sum, p) => sum + p, 0);
  const discountShares = allocate(Math.min(order.discountCents, subtotal), prices);
  const taxShares = allocate(
    order.taxCents,
    prices.map((p, i) => p - discountShares[i]!),
  );

  const refund: Refund = { subtotalCents: 0, discountCents: 0, taxCents: 0, totalRefundCents: 0 };
  for (const { index, quantity } of pieces) {
    const line = order.lines[index];
    if (!line) throw new RangeError(`No line ${index} in the order`);
    if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > line.quantity) {
      throw new RangeError(`Cannot return ${quantity} of line ${index} (${line.quantity} ordered)`);
    }
    for (let k = firstPiece[index]!; k < firstPiece[index]! + quantity; k++) {
      refund.subtotalCents += prices[k]!;
      refund.discountCents += discountShares[k]!;
      refund.taxCents += taxShares[k]!;
    }
  }
  refund.totalRefundCents = refund.subtotalCents - refund.discountCents + refund.taxCents;
  return refund;
}

/** Adds up returned pieces by line (a line named twice counts once with both quantities), in line order. */
export function mergePieces(...lists: ReturnedPieces[]): { index: number; quantity: number }[] {
  const byLine = new Map<number, number>();
  for (const list of lists)
    for (const { index, quantity } of list) byLine.set(index, (byLine.get(index) ?? 0) + quantity);
  return [...byLine].sort(([a], [b]) => a - b).map(([index, quantity]) => ({ index, quantity }));
}

/** `total` whole cents split in proportion to `weights`, largest remainder first, ties to the earlier one. */
function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0 || total === 0) return weights.map(() => 0);
  let sum = weights.reduce((s, w) => s + w, 0);
  // Nothing to weigh by (every piece free): split evenly.
  const w = sum === 0 ? weights.map(() => 1) : weights;
  if (sum === 0) sum = weights.length;
  const T = BigInt(total);
  const W = BigInt(sum);
  const shares = w.map((x) => (T * BigInt(x)) / W);
  const remainders = w.map((x, i) => T * BigInt(x) - shares[i]! * W);
  let left = Number(T - shares.reduce((s, x) => s + x, 0n));
  const order = w
    .map((_, i) => i)
    .sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const i of order) {
    if (left <= 0) break;
    shares[i] = shares[i]! + 1n;
    left--;
  }
  return shares.map(Number);
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of cents: ${value}`);
}

/**
 * How long the return page's 'Request Return' bar takes no taps after it appears: it slides in at the
 * bottom of a phone's screen, where the shopper's finger may be about to tick the next piece.
 */
export const ARRIVING_MS = 500;
