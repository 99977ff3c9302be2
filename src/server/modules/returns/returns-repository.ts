// Returns' SQL: the order as a return needs it (never its address or payment), final-sale flags,
// the recorded return request, and the owner's return address.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SETTINGS_KEYS, ShipFromSettingsSchema } from '../../../contract/settings.js';
import type { Db, Tx } from '../../db/client.js';
import { colors, items, orders, productTypes, settings, sizes, type ReturnRequest } from '../../db/schema.js';

import { addressLinesOf } from './return-labels.js';

type Executor = Db | Tx;

/** The settings key of the address returns are sent to (lines of text). */
export const RETURN_ADDRESS_SETTING = 'returnAddress';

export function returnsRepository() {
  return {
    /** The order's lines, money and return state; `lock` holds it until the transaction ends. */
    async orderForReturn(executor: Executor, id: number, options: { lock?: boolean } = {}) {
      const query = executor
        .select({
          id: orders.id,
          email: orders.email,
          firstName: sql<string>`coalesce(${orders.shippingInfo}->>'firstName', '')`,
          country: sql<string>`coalesce(${orders.shippingInfo}->>'country', '')`,
          lines: orders.lines,
          promo: orders.promo,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          taxCents: orders.taxCents,
          processed: orders.processed,
          returnRequest: orders.returnRequest,
        })
        .from(orders)
        .where(eq(orders.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Which of these items are still in the catalog. */
    async liveItemIds(executor: Executor, itemIds: string[]): Promise<Set<string>> {
      if (itemIds.length === 0) return new Set();
      const rows = await executor
        .select({ id: items.id })
        .from(items)
        .where(inArray(items.id, [...new Set(itemIds)]));
      return new Set(rows.map((r) => r.id));
    },

    /** Which of these items are final sale now. */
    async finalSaleItemIds(executor: Executor, itemIds: string[]): Promise<Set<string>> {
      if (itemIds.length === 0) return new Set();
      const rows = await executor
        .select({ id: items.id, finalSale: items.isFinalSale })
        .from(items)
        .where(inArray(items.id, [...new Set(itemIds)]));
      return new Set(rows.filter((r) => r.finalSale).map((r) => r.id));
    },

    async saveReturnRequest(tx: Tx, id: number, request: ReturnRequest) {
      await tx.update(orders).set({ returnRequest: request }).where(eq(orders.id, id));
    },

    /** What a refund needs of the order, locked until the transaction ends. */
    async orderForRefund(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          id: orders.id,
          email: orders.email,
          firstName: sql<string>`coalesce(${orders.shippingInfo}->>'firstName', '')`,
          lines: orders.lines,
          totalCents: orders.totalCents,
          balanceCents: orders.balanceCents,
          balanceCode: orders.balanceCode,
          paymentProvider: orders.paymentProvider,
          paymentReference: orders.paymentReference,
          paymentMethodDetails: orders.paymentMethodDetails,
          returnRequest: orders.returnRequest,
        })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      return row;
    },

    /**
     * Puts returned pieces back into the stock of their size (tracked sizes only: an untracked size
     * has no count to raise) and clears its sold-out flag; answers how many pieces went back.
     */
    async restock(
      tx: Tx,
      pieces: {
        itemId: string;
        productType: string;
        color: string;
        /** A set's piece ('' or absent for a single item). */
        piece?: string;
        size: string;
        quantity: number;
        /** How many returned pieces this counts as (a set's second piece: 0); `quantity` when absent. */
        units?: number;
      }[],
    ): Promise<number> {
      let restocked = 0;
      for (const piece of pieces) {
        const rows = await tx
          .update(sizes)
          .set({ stock: sql`${sizes.stock} + ${piece.quantity}`, soldOut: false })
          .where(
            and(
              isNotNull(sizes.stock),
              eq(sizes.piece, piece.piece ?? ''),
              eq(sizes.name, piece.size),
              sql`${sizes.colorId} in (select c.id from ${colors} c join ${productTypes} p on c.product_type_id = p.id
                   where p.item_id = ${piece.itemId} and p.type = ${piece.productType} and c.color_name = ${piece.color})`,
            ),
          )
          .returning({ id: sizes.id });
        if (rows.length > 0) restocked += piece.units ?? piece.quantity;
      }
      return restocked;
    },

    /**
     * The return address as lines: the owner's ship-from address once saved in Settings (issue 26),
     * else the older 'returnAddress' setting (lines), else undefined (the default address).
     */
    async returnAddressSetting(executor: Executor): Promise<unknown> {
      const rows = await executor
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(inArray(settings.key, [SETTINGS_KEYS.shipFrom, RETURN_ADDRESS_SETTING]));
      const shipFrom = ShipFromSettingsSchema.safeParse(rows.find((r) => r.key === SETTINGS_KEYS.shipFrom)?.value);
      if (shipFrom.success) return addressLinesOf(shipFrom.data);
      return rows.find((r) => r.key === RETURN_ADDRESS_SETTING)?.value;
    },
  };
}
export type ReturnsRepository = ReturnType<typeof returnsRepository>;
export type ReturnOrder = NonNullable<Awaited<ReturnType<ReturnsRepository['orderForReturn']>>>;
