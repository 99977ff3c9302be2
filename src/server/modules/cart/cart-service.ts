// The bag (spec §3 cart line, §4 cart, §7 /getCart, /addToCart, /removeFromCart): kept per shopper
// session in the database, described and priced from the in-memory catalog snapshot. A line whose
// item, product type, colour or size is no longer on offer is dropped from the bag when next read.
import {
  GIFT_CARD_PICTURE,
  MAX_BAG_PIECES,
  MAX_LINE_QUANTITY,
  sendDayText,
  sendOnProblem,
  type CartLine,
  type GiftCardBody,
  type Selection,
} from '../../../contract/cart.js';
import type { OrderGiftCard } from '../../db/schema.js';
import { formatPrice } from '../../../domain/money.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { groupCommit, type Settled } from '../../db/group-commit.js';
import { hexId } from '../../db/ids.js';
import { AppError, Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { CatalogService, CatalogSnapshot } from '../catalog/catalog-service.js';
import { sessionService } from '../session/session-service.js';
import { cartRepository, type BagChanges, type LineKey, type StoredLine } from './cart-repository.js';
import { fillOutPieceSize, parseSetSize, setSizeText, type PieceSize } from '../../../domain/sets.js';
import { demandOf, rowKeyOf, rowName, sizeRowsOf } from './set-lines.js';

/** A selection found in the catalog: what the line will be. */
type Piece = LineKey & { quantity: number; pieceSizes?: PieceSize[] };
type LiveLine = { stored: StoredLine; line: Omit<CartLine, 'index'> };

const keyOf = (k: LineKey) => JSON.stringify([k.itemId, k.productType, k.color, k.size]);
const piecesIn = (lines: { quantity: number }[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** Step: find a selection's item, product type, colour and size in the catalog, or say what is wrong. */
function findSelection(snapshot: CatalogSnapshot, selection: Selection): Piece {
  const item = snapshot.products.get(selection.url)?.value;
  if (!item) throw new NotFound('This piece is no longer available');
  const product = item.available_products.find((p) => p.type === selection.product_type);
  if (!product) throw new Invalid(`${item.title} has no product type '${selection.product_type}'`);
  const color = product.colors.find((c) => c.color_name === selection.color);
  if (!color) throw new Invalid(`${item.title} (${product.name}) does not come in '${selection.color}'`);
  const key = { itemId: item._id, productType: product.type, color: color.color_name };
  if (product.pieces?.length) {
    const pieceSizes = setSelection(item.title, product.pieces, color, selection.piece_sizes ?? []);
    return { ...key, size: setSizeText(pieceSizes), pieceSizes, quantity: 1 };
  }
  if (selection.size === '') throw new Invalid('Please fill out the size');
  const size = color.available_sizes.find((s) => s.name === selection.size);
  if (!size) throw new Invalid(`${item.title} in ${color.color_name} has no size '${selection.size}'`);
  if (size.sold_out) throw new Conflict('This size is sold out');
  return { ...key, size: size.name, quantity: 1 };
}

type CatalogColor = NonNullable<CartLine['available_products'][number]['colors'][number]>;

/** A set's selection (issue 27 item 4): a size on offer for every piece, in the set's order. */
function setSelection(title: string, pieces: string[], color: CatalogColor, chosen: PieceSize[]): PieceSize[] {
  for (const c of chosen) if (!pieces.includes(c.piece)) throw new Invalid(`${title} has no piece '${c.piece}'`);
  return pieces.map((piece) => {
    const size = chosen.find((c) => c.piece === piece)?.size;
    if (!size) throw new Invalid(fillOutPieceSize(piece));
    const offered = color.pieces?.find((q) => q.name === piece)?.available_sizes.find((s) => s.name === size);
    if (!offered) throw new Invalid(`The ${piece} of ${title} in ${color.color_name} has no size '${size}'`);
    if (offered.sold_out) throw new Conflict(`The ${piece} in size ${size} is sold out`);
    return { piece, size };
  });
}

/** Step: one piece per selection, identical selections merged. */
function mergePieces(pieces: Piece[]): Piece[] {
  const merged = new Map<string, Piece>();
  for (const piece of pieces) {
    const key = keyOf(piece);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + piece.quantity } : piece);
  }
  return [...merged.values()];
}

/**
 * A line's pictures with the colour bought first ('first is main', spec §3): the colour's own picture
 * when the owner set one, then the item's others. Every view of a line (bag, checkout, the order's
 * snapshot and so its emails, return page and admin card) takes the first.
 */
function picturesOf(itemPictures: string[], colorPicture: string | null | undefined): string[] {
  if (!colorPicture || itemPictures[0] === colorPicture) return itemPictures;
  return [colorPicture, ...itemPictures.filter((p) => p !== colorPicture)];
}

/** A gift card as a bag line: 'Gift card', '$100 for Anna', its own picture, one of it. */
export function giftCardCartLine(card: OrderGiftCard): Omit<CartLine, 'index'> {
  return {
    title: 'Gift card',
    url: 'gift-card',
    size: `${formatPrice(card.amountCents)} for ${card.recipientName}`,
    color: '',
    product_type: 'gift_card',
    product_name: `Digital gift card, sent by email on ${sendDayText(card.sendOn)}`,
    pictures: [GIFT_CARD_PICTURE],
    available_products: [],
    sizeIndex: 0,
    colorIndex: 0,
    quantity: 1,
    price: card.amountCents / 100,
    giftCard: {
      amount: card.amountCents / 100,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      senderName: card.senderName,
      message: card.message,
      sendOn: card.sendOn,
    },
  };
}

/** Step: a stored line described and priced from the catalog; undefined when it is no longer on offer. */
function describeLine(snapshot: CatalogSnapshot, stored: StoredLine): LiveLine | undefined {
  if (stored.giftCard) return { stored, line: giftCardCartLine(stored.giftCard) };
  const item = snapshot.byId.get(stored.itemId);
  const product = item?.available_products.find((p) => p.type === stored.productType);
  const colorIndex = product?.colors.findIndex((c) => c.color_name === stored.color) ?? -1;
  const color = product?.colors[colorIndex];
  // A set's line: its size text names a size on offer for each piece (issue 27 item 4).
  const pieceSizes = product?.pieces?.length ? parseSetSize(product.pieces, stored.size) : undefined;
  const sizeIndex = product?.pieces?.length
    ? pieceSizes?.every((p) =>
        color?.pieces?.some((q) => q.name === p.piece && q.available_sizes.some((s) => s.name === p.size)),
      )
      ? (color?.pieces?.[0]?.available_sizes.findIndex((s) => s.name === pieceSizes[0]!.size) ?? -1)
      : -1
    : (color?.available_sizes.findIndex((s) => s.name === stored.size) ?? -1);
  if (!item || !product || colorIndex < 0 || sizeIndex < 0) return undefined;
  return {
    stored,
    line: {
      title: item.title,
      url: item.url,
      size: stored.size,
      color: stored.color,
      product_type: product.type,
      product_name: product.name,
      pictures: picturesOf(item.pictures, product.colors[colorIndex]!.color_picture),
      available_products: item.available_products,
      sizeIndex,
      colorIndex,
      quantity: stored.quantity,
      price: product.price,
      ...(pieceSizes ? { piece_sizes: pieceSizes } : {}),
    },
  };
}

/** Step: the bag's lines still on offer, and the ids of those to drop. */
function sortOut(snapshot: CatalogSnapshot, lines: StoredLine[]) {
  const live: LiveLine[] = [];
  const stale: number[] = [];
  for (const stored of lines) {
    const described = describeLine(snapshot, stored);
    if (described) live.push(described);
    else stale.push(stored.id);
  }
  return { live, stale };
}

export type BagLine = LiveLine;

/** For checkout: a bag's stored lines, described and priced from the catalog, and the ids no longer on offer. */
export function describeBag(snapshot: CatalogSnapshot, lines: StoredLine[]): { live: BagLine[]; stale: number[] } {
  return sortOut(snapshot, lines);
}

type StockRow = LineKey & { piece: string; soldOut: boolean; stock: number | null };

type StockProblem = { kind: 'gone' } | { kind: 'sold-out' } | { kind: 'short'; left: number };

/** Why `quantity` of a size cannot be had (gone from the catalog, sold out, fewer left), or undefined when it can. */
function stockProblem(size: StockRow | undefined, quantity: number): StockProblem | undefined {
  if (!size) return { kind: 'gone' };
  if (size.soldOut || size.stock === 0) return { kind: 'sold-out' };
  if (size.stock !== null && quantity > size.stock) return { kind: 'short', left: size.stock };
  return undefined;
}

/** A live line as demand: its key, its pieces' sizes (a set), its quantity. */
const demandLine = (l: LiveLine) => ({ key: l.stored, pieceSizes: l.line.piece_sizes, quantity: l.stored.quantity });

/**
 * Step: the bag after the add stays within each size's stock and the shop's limits. Stock is counted
 * per size row over the whole bag: a set's piece shares its size's stock with other lines that take it.
 */
function checkLimits(live: LiveLine[], pieces: Piece[], stock: StockRow[]) {
  const inBag = new Map(live.map((l) => [keyOf(l.stored), l.stored.quantity]));
  const stockOf = new Map(stock.map((s) => [rowKeyOf(s), s]));
  const demand = demandOf([
    ...live.filter((l) => !l.stored.giftCard).map(demandLine),
    ...pieces.map((p) => ({ key: p, pieceSizes: p.pieceSizes, quantity: p.quantity })),
  ]);
  for (const piece of pieces) {
    for (const row of sizeRowsOf(piece, piece.pieceSizes)) {
      const key = rowKeyOf(row);
      const problem = stockProblem(stockOf.get(key), demand.get(key)?.quantity ?? piece.quantity);
      if (problem?.kind === 'gone') throw new NotFound('This piece is no longer available');
      if (problem?.kind === 'sold-out')
        throw new Conflict(row.piece ? `The ${row.piece} in size ${row.size} is sold out` : 'This size is sold out');
      if (problem?.kind === 'short') throw new Conflict(`Only ${problem.left} left in ${rowName(row)}`);
    }
    const quantity = (inBag.get(keyOf(piece)) ?? 0) + piece.quantity;
    if (quantity > MAX_LINE_QUANTITY)
      throw new Conflict(`You can add up to ${MAX_LINE_QUANTITY} of one piece to the bag`);
  }
  if (piecesIn(live.map((l) => l.stored)) + piecesIn(pieces) > MAX_BAG_PIECES) {
    throw new Conflict(`Your bag can hold up to ${MAX_BAG_PIECES} pieces`);
  }
}

// The item's available products repeat in every line of that item and are the bulk of a bag's
// answer: each catalog version's arrays are serialised once (a new snapshot brings new arrays).
const productsJson = new WeakMap<object, string>();

/** The /getCart answer as JSON text, the same as JSON.stringify(lines) but without re-serialising the catalog per line. */
export function cartLinesJson(lines: CartLine[]): string {
  const parts = lines.map(({ available_products, ...rest }) => {
    let products = productsJson.get(available_products);
    if (products === undefined) productsJson.set(available_products, (products = JSON.stringify(available_products)));
    return `${JSON.stringify(rest).slice(0, -1)},"available_products":${products}}`;
  });
  return `[${parts.join(',')}]`;
}

/** A write to a bag, as the batch applies it. */
type BagWrite =
  | { kind: 'add'; sessionId: string | undefined; pieces: Piece[] }
  | { kind: 'remove'; sessionId: string | undefined; index: number; all: boolean }
  | { kind: 'gift'; sessionId: string | undefined; card: OrderGiftCard };

/**
 * What a write leaves: the pieces in the bag, a session created for it, and the bag's new /getCart
 * lines with the snapshot that described them and the session's end (for the bag cache; no lines
 * when a piece could not be described, e.g. the catalog changed meanwhile).
 */
export type BagWritten = {
  count: number;
  sessionId: string;
  newSession?: { id: string; expiresAt: Date };
  bag?: { lines: CartLine[]; snapshot: CatalogSnapshot; liveUntil: Date };
};

/** Step: the bag's lines after adding the pieces (more of a line already there, new lines after). */
function linesAfterAdd(snapshot: CatalogSnapshot, live: LiveLine[], pieces: Piece[]): LiveLine[] | undefined {
  const lines = live.map((l) => ({ ...l }));
  for (const piece of pieces) {
    const at = lines.findIndex((l) => keyOf(l.stored) === keyOf(piece));
    if (at >= 0) {
      const quantity = lines[at]!.stored.quantity + piece.quantity;
      lines[at] = { stored: { ...lines[at]!.stored, quantity }, line: { ...lines[at]!.line, quantity } };
      continue;
    }
    const described = describeLine(snapshot, { id: 0, ...piece });
    if (!described) return undefined;
    lines.push(described);
  }
  // Gift cards come after the pieces, as the bag is read back.
  return [...lines.filter((l) => !l.stored.giftCard), ...lines.filter((l) => l.stored.giftCard)];
}

export function cartService(db: Db, catalog: CatalogService, clock: Clock = () => new Date()) {
  const repo = cartRepository(db);

  /**
   * One transaction for a batch of bag writes (group commit, src/server/db/group-commit.ts): the
   * sessions are locked and their bags read once for all, each write is checked and applied to its
   * bag in memory, and the changes are written in one statement. A batch holds at
   * most one write per session, so each write sees its bag as the one before it left it.
   */
  async function applyWrites(writes: BagWrite[]): Promise<Settled<BagWritten>[]> {
    const snapshot = await catalog.snapshot();
    return db.transaction(async (tx) => {
      const now = clock();
      const ids = [...new Set(writes.flatMap((w) => (w.sessionId ? [w.sessionId] : [])))];
      const liveUntil = await repo.lockSessions(tx, ids, now);
      const stored = await repo.openBags(tx, [...liveUntil.keys()]);
      const pieces = writes.flatMap((w) => (w.kind === 'add' ? w.pieces : []));
      const stock = await repo.sizeStock(
        tx,
        mergePieces(pieces).flatMap((p) => sizeRowsOf(p, p.pieceSizes)),
      );
      /** Lines gone from the catalog, deleted first; then the batch's changes, written in one statement. */
      const stale: number[] = [];
      const changes: Required<Omit<BagChanges, 'carts'>> & { carts: Map<string, BagChanges['carts'][number]> } = {
        removedLines: [],
        quantities: [],
        carts: new Map(),
        newLines: [],
        newGiftCards: [],
        removedGiftCards: [],
      };

      /** The live session's bag with lines gone from the catalog dropped (and deleted). */
      const bagOf = (sessionId: string | undefined) => {
        if (!sessionId || !liveUntil.has(sessionId)) return undefined;
        const bag = stored.get(sessionId);
        const { live, stale: gone } = sortOut(snapshot, bag?.lines ?? []);
        stale.push(...gone);
        return { cartId: bag?.cartId, live, liveUntil: liveUntil.get(sessionId)! };
      };
      const written = (count: number, sessionId: string, lines: LiveLine[] | undefined, until: Date): BagWritten => ({
        count,
        sessionId,
        ...(lines
          ? { bag: { lines: lines.map((l, index) => ({ ...l.line, index })), snapshot, liveUntil: until } }
          : {}),
      });

      async function add(write: Extract<BagWrite, { kind: 'add' }>): Promise<BagWritten> {
        const bag = bagOf(write.sessionId);
        const live = bag?.live ?? [];
        checkLimits(live, write.pieces, stock);
        const newSession = bag ? undefined : await sessionService(tx, clock).createShopper();
        const sessionId = newSession?.id ?? write.sessionId!;
        const cartId = bag?.cartId ?? hexId();
        changes.carts.set(cartId, { id: cartId, sessionId });
        for (const piece of write.pieces) {
          const line = live.find((l) => keyOf(l.stored) === keyOf(piece))?.stored;
          if (line) changes.quantities.push({ id: line.id, quantity: line.quantity + piece.quantity });
          else {
            const { pieceSizes: _, ...key } = piece;
            changes.newLines.push({ cartId, ...key });
          }
        }
        const count = piecesIn(live.map((l) => l.stored)) + piecesIn(write.pieces);
        const lines = linesAfterAdd(snapshot, live, write.pieces);
        return {
          ...written(count, sessionId, lines, newSession?.expiresAt ?? bag!.liveUntil),
          ...(newSession ? { newSession } : {}),
        };
      }

      function remove(write: Extract<BagWrite, { kind: 'remove' }>): BagWritten {
        const bag = bagOf(write.sessionId);
        const target = bag?.live[write.index]?.stored;
        if (!bag?.cartId || !target) throw new Invalid('No such line in the bag');
        const left = write.all || target.giftCard ? 0 : target.quantity - 1;
        if (target.giftCard) changes.removedGiftCards.push(-target.id);
        else if (left > 0) changes.quantities.push({ id: target.id, quantity: left });
        else changes.removedLines.push(target.id);
        changes.carts.set(bag.cartId, { id: bag.cartId, sessionId: write.sessionId! });
        const lines = bag.live.flatMap((l) =>
          l.stored.id !== target.id
            ? [l]
            : left > 0
              ? [{ stored: { ...l.stored, quantity: left }, line: { ...l.line, quantity: left } }]
              : [],
        );
        return written(piecesIn(lines.map((l) => l.stored)), write.sessionId!, lines, bag.liveUntil);
      }

      /** A gift card: no stock to check, only the bag's size limit. */
      async function addGift(write: Extract<BagWrite, { kind: 'gift' }>): Promise<BagWritten> {
        const bag = bagOf(write.sessionId);
        const live = bag?.live ?? [];
        if (piecesIn(live.map((l) => l.stored)) + 1 > MAX_BAG_PIECES)
          throw new Conflict(`Your bag can hold up to ${MAX_BAG_PIECES} pieces`);
        const newSession = bag ? undefined : await sessionService(tx, clock).createShopper();
        const sessionId = newSession?.id ?? write.sessionId!;
        const cartId = bag?.cartId ?? hexId();
        changes.carts.set(cartId, { id: cartId, sessionId });
        changes.newGiftCards.push({ cartId, ...write.card });
        // Not kept in the bag cache: its row id is known after the insert, the next /getCart reads it.
        const count = piecesIn(live.map((l) => l.stored)) + 1;
        return { count, sessionId, ...(newSession ? { newSession } : {}) };
      }

      const outcomes: Settled<BagWritten>[] = [];
      for (const write of writes) {
        try {
          outcomes.push({
            ok: true,
            value:
              write.kind === 'add' ? await add(write) : write.kind === 'gift' ? await addGift(write) : remove(write),
          });
        } catch (error) {
          // A write the shop refuses (sold out, no such line) is answered alone; anything else breaks the batch.
          if (!(error instanceof AppError && error.statusCode < 500)) throw error;
          outcomes.push({ ok: false, error });
        }
      }
      await repo.deleteLines(tx, stale);
      await repo.writeChanges(tx, { ...changes, carts: [...changes.carts.values()] }, now);
      return outcomes;
    });
  }

  const write = groupCommit(applyWrites, { keyOf: (w) => w.sessionId });

  return {
    /**
     * GET /getCart: the lines in the order first added; no session or no bag is an empty bag.
     * Also which catalog snapshot described them and until when the session lives (for the bag cache).
     */
    async lines(
      sessionId: string | undefined,
    ): Promise<{ lines: CartLine[]; snapshot: CatalogSnapshot; liveUntil: Date | undefined }> {
      const snapshot = await catalog.snapshot();
      if (!sessionId) return { lines: [], snapshot, liveUntil: undefined };
      const bag = await repo.bagOf(sessionId, clock());
      const { live, stale } = sortOut(snapshot, bag.lines);
      await repo.deleteLines(db, stale);
      return { lines: live.map((l, index) => ({ ...l.line, index })), snapshot, liveUntil: bag.liveUntil };
    },

    /**
     * POST /addToCart: one piece per selection. Without a live session one is created (its id is
     * returned for the cookie). Prices and names a client sends are never read: the catalog's are used.
     */
    async add(sessionId: string | undefined, selections: Selection[]): Promise<BagWritten> {
      const snapshot = await catalog.snapshot();
      const pieces = mergePieces(selections.map((s) => findSelection(snapshot, s)));
      return write({ kind: 'add', sessionId, pieces });
    },

    /**
     * POST /requestCheckout: the bag may go to checkout: it holds something, every piece is still on
     * offer, and no line asks for more than the stock. Records when the bag went to checkout (the
     * owner's Non-Empty Carts shows it). Refusals are 4xx with the shopper's words.
     */
    async requestCheckout(sessionId: string | undefined): Promise<{ success: true }> {
      const snapshot = await catalog.snapshot();
      const stored = sessionId ? await repo.bagOf(sessionId, clock()) : { cartId: undefined, lines: [] };
      const { live, stale } = sortOut(snapshot, stored.lines);
      if (stale.length > 0) throw new Conflict('A piece in your bag is no longer available, please review your bag');
      if (!stored.cartId || live.length === 0) throw new Invalid('Your Shopping Cart Is Empty');
      const pieces = live.filter((l) => !l.stored.giftCard);
      const demand = demandOf(pieces.map(demandLine));
      const stock = await repo.sizeStock(
        db,
        [...demand.values()].map((d) => d.row),
      );
      const stockOf = new Map(stock.map((s) => [rowKeyOf(s), s]));
      for (const { stored: piece, line } of pieces) {
        for (const row of sizeRowsOf(piece, line.piece_sizes)) {
          const key = rowKeyOf(row);
          const problem = stockProblem(stockOf.get(key), demand.get(key)?.quantity ?? piece.quantity);
          const size = row.piece ? `${row.piece} size ${row.size}` : `size ${row.size}`;
          if (problem?.kind === 'short')
            throw new Conflict(`Only ${problem.left} left of ${line.title} in ${size}, please review your bag`);
          if (problem) throw new Conflict(`${line.title} in ${size} is sold out`);
        }
      }
      await repo.markCheckoutRequested(stored.cartId, clock());
      return { success: true };
    },

    /**
     * POST /addGiftCard (added): a gift card into the bag, as /addToCart adds a piece. The body passed
     * the contract's schema; the send date is checked against the shop's today here.
     */
    async addGiftCard(sessionId: string | undefined, body: GiftCardBody): Promise<BagWritten> {
      const problem = sendOnProblem(body.sendOn, clock().toISOString().slice(0, 10));
      if (problem) throw new Invalid(problem);
      const card: OrderGiftCard = {
        amountCents: body.amount * 100,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        senderName: body.senderName,
        message: body.message,
        sendOn: body.sendOn,
      };
      return write({ kind: 'gift', sessionId, card });
    },

    /** POST /takeBagNotices: the pieces that left this shopper's bag since last told; none without a session. */
    async takeNotices(sessionId: string | undefined): Promise<{ removed: string[] }> {
      return { removed: sessionId ? await repo.takeNotices(sessionId) : [] };
    },

    /** POST /removeFromCart: one piece of the line at `index`, or the whole line with `all`. */
    async remove(
      sessionId: string | undefined,
      { index, all = false }: { index: number; all?: boolean },
    ): Promise<BagWritten> {
      if (!sessionId) throw new Invalid('No such line in the bag');
      return write({ kind: 'remove', sessionId, index, all });
    },
  };
}
export type CartService = ReturnType<typeof cartService>;
