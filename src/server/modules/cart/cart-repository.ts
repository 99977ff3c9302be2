// The bag's SQL: a shopper session's open cart (order_id null) and its lines. A bag is read whole in
// one statement, so a bag of 20 lines costs the same round trips as a bag of one.
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import {
  cartGiftCards,
  cartLines,
  carts,
  colors,
  productTypes,
  sessions,
  sizes,
  type OrderGiftCard,
} from '../../db/schema.js';

/** A line as stored: one (item, product type, colour, size) with its quantity. */
export type StoredLine = {
  id: number;
  itemId: string;
  productType: string;
  color: string;
  size: string;
  quantity: number;
  /** A gift card (cart_gift_cards, id = −its row id): no item, stock or size; always one. */
  giftCard?: OrderGiftCard;
};

/** A session's open bag: its cart (none before the first add) and lines in the order first added. */
export type StoredBag = { cartId: string | undefined; lines: StoredLine[] };

export type LineKey = { itemId: string; productType: string; color: string; size: string };

/** What a batch of bag writes changes (cart-service.ts), written by writeChanges. */
export type BagChanges = {
  removedLines: number[];
  quantities: { id: number; quantity: number }[];
  carts: { id: string; sessionId: string }[];
  newLines: (LineKey & { cartId: string; quantity: number })[];
  /** Gift cards added (cart_gift_cards) and removed (their row ids). */
  newGiftCards?: (OrderGiftCard & { cartId: string })[];
  removedGiftCards?: number[];
};

type GiftCardRow = OrderGiftCard & { id: number };
type BagRow = { cartId: string | null; line: StoredLine | null; giftCards?: GiftCardRow[] | null };

/** A gift card row as a stored line of the bag: after the pieces, id −row id (never a cart_lines id). */
export const giftCardLine = (g: GiftCardRow): StoredLine => {
  const { id, ...card } = g;
  return { id: -id, itemId: '', productType: 'gift_card', color: '', size: '', quantity: 1, giftCard: card };
};

/** Each row carries its cart's gift cards (one statement still reads the whole bag). */
const giftCardsOfCart = sql<
  GiftCardRow[] | null
>`(select json_agg(json_build_object('id', g.id, 'amountCents', g.amount_cents, 'recipientName', g.recipient_name, 'recipientEmail', g.recipient_email, 'senderName', g.sender_name, 'message', g.message, 'sendOn', g.send_on) order by g.id) from ${cartGiftCards} g where g.cart_id = ${carts.id})`;

/** The newest open cart of the rows (rows come newest cart first), with its lines, gift cards last. */
function toBag(rows: BagRow[]): StoredBag {
  const first = rows.find((r) => r.cartId !== null);
  const cartId = first?.cartId ?? undefined;
  if (!cartId) return { cartId: undefined, lines: [] };
  const cards =
    (typeof first?.giftCards === 'string' ? (JSON.parse(first.giftCards) as GiftCardRow[]) : first?.giftCards) ?? [];
  return {
    cartId,
    lines: [...rows.flatMap((r) => (r.cartId === cartId && r.line ? [r.line] : [])), ...cards.map(giftCardLine)],
  };
}

const lineColumns = {
  id: cartLines.id,
  itemId: cartLines.itemId,
  productType: cartLines.productType,
  color: cartLines.color,
  size: cartLines.size,
  quantity: cartLines.quantity,
};

/**
 * Notes lines leaving open bags because their piece left the shop on their shoppers' sessions
 * ('Title (Colour, size S)'), for the bag to tell them. `gone` selects (or deletes … returning)
 * cart_id, item_id, color, size; it runs before the item itself is deleted.
 */
export async function noteRemovedLines(executor: Db | Tx, gone: SQL) {
  await executor.execute(sql`
    with gone as (${gone}),
    notes as (
      select c.session_id, jsonb_agg(distinct i.title || ' (' || g.color || ', size ' || g.size || ')') as titles
      from gone g join carts c on c.id = g.cart_id and c.order_id is null join items i on i.id = g.item_id
      group by c.session_id
    )
    update sessions s set data = jsonb_set(s.data, '{bagNotices}', coalesce(s.data->'bagNotices', '[]'::jsonb) || n.titles)
    from notes n where s.id = n.session_id`);
}

export function cartRepository(db: Db) {
  return {
    /**
     * GET /getCart: sessions → carts → cart_lines in one statement. `liveUntil` is the session's
     * expiry, undefined when there is no live shopper session.
     */
    async bagOf(sessionId: string, now: Date): Promise<StoredBag & { liveUntil: Date | undefined }> {
      const rows = await db
        .select({ liveUntil: sessions.expiresAt, cartId: carts.id, line: lineColumns, giftCards: giftCardsOfCart })
        .from(sessions)
        .leftJoin(carts, and(eq(carts.sessionId, sessions.id), isNull(carts.orderId)))
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .where(and(eq(sessions.id, sessionId), eq(sessions.kind, 'shopper'), gt(sessions.expiresAt, now)))
        .orderBy(desc(carts.createdAt), desc(carts.id), asc(cartLines.id));
      return { ...toBag(rows), liveUntil: rows[0]?.liveUntil };
    },

    /**
     * Inside a write: locks the live session's row, so the writes of one bag are serialised (no two
     * open carts, no quantity check racing another add). False when there is no such session.
     * A statement of its own: under READ COMMITTED a later statement then sees what the previous
     * holder of the lock committed, which rows joined to the locked one would not.
     */
    async lockSession(tx: Tx, sessionId: string, now: Date): Promise<boolean> {
      const rows = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.kind, 'shopper'), gt(sessions.expiresAt, now)))
        .for('update');
      return rows.length > 0;
    },

    /** Inside a write, after lockSession: the open cart (even an empty one) and its lines. */
    async openBag(tx: Tx, sessionId: string): Promise<StoredBag> {
      const rows = await tx
        .select({ cartId: carts.id, line: lineColumns, giftCards: giftCardsOfCart })
        .from(carts)
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .where(and(eq(carts.sessionId, sessionId), isNull(carts.orderId)))
        .orderBy(desc(carts.createdAt), desc(carts.id), asc(cartLines.id));
      return toBag(rows);
    },

    /** POST /requestCheckout: the bag went to checkout now. */
    async markCheckoutRequested(cartId: string, now: Date) {
      await db.update(carts).set({ checkoutRequestedAt: now }).where(eq(carts.id, cartId));
    },

    /** Stock and sold-out flag of the chosen size rows (a set's: per piece), fresher than the catalog snapshot. */
    async sizeStock(tx: Db | Tx, keys: (LineKey & { piece: string })[]) {
      if (keys.length === 0) return [];
      return tx
        .select({
          itemId: productTypes.itemId,
          productType: productTypes.type,
          color: colors.colorName,
          piece: sizes.piece,
          size: sizes.name,
          soldOut: sizes.soldOut,
          stock: sizes.stock,
        })
        .from(sizes)
        .innerJoin(colors, eq(sizes.colorId, colors.id))
        .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
        .where(
          or(
            ...keys.map((k) =>
              and(
                eq(productTypes.itemId, k.itemId),
                eq(productTypes.type, k.productType),
                eq(colors.colorName, k.color),
                eq(sizes.piece, k.piece),
                eq(sizes.name, k.size),
              ),
            ),
          ),
        );
    },

    /**
     * Inside a batch of bag writes: locks the live shopper sessions among `ids`, in id order (so two
     * server copies lock in the same order), and answers when each ends.
     */
    async lockSessions(tx: Tx, ids: string[], now: Date): Promise<Map<string, Date>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), eq(sessions.kind, 'shopper'), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.id))
        .for('update');
      return new Map(rows.map((r) => [r.id, r.expiresAt]));
    },

    /** Inside a batch, after lockSessions: each session's open bag (sessions without a cart are absent). */
    async openBags(tx: Tx, sessionIds: string[]): Promise<Map<string, StoredBag>> {
      if (sessionIds.length === 0) return new Map();
      const rows = await tx
        .select({ sessionId: carts.sessionId, cartId: carts.id, line: lineColumns, giftCards: giftCardsOfCart })
        .from(carts)
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .where(and(inArray(carts.sessionId, sessionIds), isNull(carts.orderId)))
        .orderBy(asc(carts.sessionId), desc(carts.createdAt), desc(carts.id), asc(cartLines.id));
      const rowsOf = new Map<string, BagRow[]>();
      for (const row of rows) {
        const bagRows = rowsOf.get(row.sessionId);
        if (bagRows) bagRows.push(row);
        else rowsOf.set(row.sessionId, [row]);
      }
      return new Map([...rowsOf].map(([sessionId, bagRows]) => [sessionId, toBag(bagRows)]));
    },

    /**
     * A batch's changes in one statement, one round trip: lines removed, quantities set, carts
     * created or touched (updated_at), new lines added. The parts of a WITH that change data always
     * run to completion, and the new lines' foreign key is checked at the end of the statement, when
     * their new carts exist. The parts touch different rows: removed and re-counted lines are lines
     * of the bag, new lines are not (lines gone from the catalog are deleted before, on their own).
     */
    async writeChanges(tx: Tx, changes: BagChanges, now: Date) {
      if (Object.values(changes).every((rows) => !rows || rows.length === 0)) return;
      const at = sql`${now.toISOString()}::timestamptz`;
      const list = <T>(rows: T[], row: (r: T) => SQL) => sql.join(rows.map(row), sql`, `);
      const parts: SQL[] = [];
      if (changes.removedLines.length > 0) {
        parts.push(
          sql`removed as (delete from ${cartLines} where ${cartLines.id} in (${list(changes.removedLines, (id) => sql`${id}::integer`)}))`,
        );
      }
      if (changes.quantities.length > 0) {
        const values = list(changes.quantities, (l) => sql`(${l.id}::integer, ${l.quantity}::integer)`);
        parts.push(
          sql`counted as (update ${cartLines} set quantity = v.quantity from (values ${values}) as v(id, quantity) where ${cartLines.id} = v.id)`,
        );
      }
      if (changes.carts.length > 0) {
        const values = list(changes.carts, (c) => sql`(${c.id}, ${c.sessionId}, ${at}, ${at})`);
        parts.push(
          sql`touched as (insert into ${carts} (id, session_id, created_at, updated_at) values ${values} on conflict (id) do update set updated_at = excluded.updated_at)`,
        );
      }
      const main =
        changes.newLines.length > 0
          ? sql`insert into ${cartLines} (cart_id, item_id, product_type, color, size, quantity, created_at)
                values ${list(changes.newLines, (l) => sql`(${l.cartId}, ${l.itemId}, ${l.productType}, ${l.color}, ${l.size}, ${l.quantity}::integer, ${at})`)}
                on conflict (cart_id, item_id, product_type, color, size) do update set quantity = ${cartLines}.quantity + excluded.quantity`
          : sql`select 1`;
      if (parts.length > 0 || changes.newLines.length > 0)
        await tx.execute(parts.length > 0 ? sql`with ${sql.join(parts, sql`, `)} ${main}` : main);
      if (changes.removedGiftCards?.length)
        await tx.delete(cartGiftCards).where(inArray(cartGiftCards.id, changes.removedGiftCards));
      if (changes.newGiftCards?.length)
        await tx.insert(cartGiftCards).values(changes.newGiftCards.map((g) => ({ ...g, createdAt: now })));
    },

    /** Deletes lines no longer on offer, and notes each on its shopper's session to be told (takeNotices). */
    async deleteLines(executor: Db | Tx, lineIds: number[]) {
      if (lineIds.length === 0) return;
      const ids = sql.join(
        lineIds.map((id) => sql`${id}`),
        sql`, `,
      );
      await noteRemovedLines(
        executor,
        sql`delete from cart_lines where id in (${ids}) returning cart_id, item_id, color, size`,
      );
    },

    /** POST /takeBagNotices: the pieces that left the session's bag since it was last told, cleared as they are read. */
    async takeNotices(sessionId: string): Promise<string[]> {
      const rows = await db.execute(sql`
        with old as (select id, data->'bagNotices' as notes from sessions where id = ${sessionId} and data ? 'bagNotices' for update)
        update sessions s set data = s.data - 'bagNotices' from old where s.id = old.id returning old.notes`);
      return rowsOf<{ notes: string[] | null }>(rows).flatMap((r) => r.notes ?? []);
    },
  };
}
export type CartRepository = ReturnType<typeof cartRepository>;
