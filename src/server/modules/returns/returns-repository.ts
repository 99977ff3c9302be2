// Returns' SQL: the order as a return needs it (never its address or payment), final-sale flags,
// the recorded return request, and the owner's return address.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { items, orders, settings, type ReturnRequest } from '../../db/schema.js';

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

    async returnAddressSetting(executor: Executor): Promise<unknown> {
      const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, RETURN_ADDRESS_SETTING));
      return row?.value;
    },
  };
}
export type ReturnsRepository = ReturnType<typeof returnsRepository>;
export type ReturnOrder = NonNullable<Awaited<ReturnType<ReturnsRepository['orderForReturn']>>>;
