// Promotions' SQL for the promoter report: the campaign behind a code, and the orders placed with it.
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, promotions } from '../../db/schema.js';

export function promotionsRepository(db: Db) {
  return {
    /** Codes are matched case-insensitively (the unique index is on lower(code)). */
    async byCode(code: string) {
      const [row] = await db
        .select({ id: promotions.id, code: promotions.code, passwordHash: promotions.passwordHash, payoutCents: promotions.payoutCents })
        .from(promotions)
        .where(sql`lower(${promotions.code}) = lower(${code})`);
      return row;
    },

    /** Orders whose promo was this code, newest first. */
    async ordersWithCode(code: string) {
      return db
        .select({
          id: orders.id,
          promo: orders.promo,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          totalCents: orders.totalCents,
        })
        .from(orders)
        .where(sql`lower(${orders.promo}->>'code') = lower(${code})`)
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },
  };
}
