// Balances' SQL (ARCHITECTURE "Balances"): a code's balance and its ledger. Every change of
// `remaining_cents` writes its ledger entry in the same transaction; spending is one conditional
// update, so two checkouts spending the same balance at once cannot take it below zero.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { balanceEntries, balances } from '../../db/schema.js';
import { codeWith } from '../marketing/marketing-repository.js';

type Executor = Db | Tx;
export type BalanceRow = typeof balances.$inferSelect;
export type BalanceKind = BalanceRow['kind'];

/** Store credit codes read CREDIT-XXXXXXXX, gift cards GIFTCARD-XXXXXXXX (marketing's unguessable alphabet). */
export const BALANCE_PREFIX: Record<BalanceKind, string> = { store_credit: 'CREDIT', gift_card: 'GIFTCARD' };

export function balancesRepository() {
  return {
    /** Codes are matched case-insensitively (the unique index is on lower(code)). */
    async byCode(executor: Executor, code: string): Promise<BalanceRow | undefined> {
      const [row] = await executor.select().from(balances).where(sql`lower(${balances.code}) = lower(${code.trim()})`);
      return row;
    },

    async byId(executor: Executor, id: number): Promise<BalanceRow | undefined> {
      const [row] = await executor.select().from(balances).where(eq(balances.id, id));
      return row;
    },

    /** The newest store credit balance of an email: a second refund tops it up instead of adding a code. */
    async storeCreditOf(tx: Tx, email: string): Promise<BalanceRow | undefined> {
      const [row] = await tx
        .select()
        .from(balances)
        .where(and(eq(balances.kind, 'store_credit'), sql`lower(${balances.issuedTo}) = lower(${email})`))
        .orderBy(desc(balances.createdAt), desc(balances.id))
        .limit(1)
        .for('update');
      return row;
    },

    /** A new balance with a fresh code, holding `amountCents` (its 'issued' entry written with it). */
    async issue(
      tx: Tx,
      input: { kind: BalanceKind; issuedTo: string | null; amountCents: number; orderId?: number | null; note: string },
    ): Promise<BalanceRow> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await tx
          .insert(balances)
          .values({
            code: codeWith(BALANCE_PREFIX[input.kind]),
            kind: input.kind,
            issuedTo: input.issuedTo,
            remainingCents: input.amountCents,
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          await tx.insert(balanceEntries).values({
            balanceId: row.id,
            kind: 'issued',
            amountCents: input.amountCents,
            orderId: input.orderId ?? null,
            note: input.note,
          });
          return row;
        }
      }
      throw new Error('Could not find a free balance code');
    },

    /** Adds to a balance (a refund back to it, a failed order undone); answers what it holds now. */
    async credit(
      tx: Tx,
      balanceId: number,
      amountCents: number,
      entry: { kind: 'issued' | 'restored'; orderId?: number | null; note: string },
    ): Promise<number> {
      const [row] = await tx
        .update(balances)
        .set({ remainingCents: sql`${balances.remainingCents} + ${amountCents}`, updatedAt: sql`now()` })
        .where(eq(balances.id, balanceId))
        .returning({ remainingCents: balances.remainingCents });
      if (!row) throw new Error(`No balance ${balanceId}`);
      await tx
        .insert(balanceEntries)
        .values({ balanceId, kind: entry.kind, amountCents, orderId: entry.orderId ?? null, note: entry.note });
      return row.remainingCents;
    },

    /**
     * Spends `amountCents` if the balance still holds that much, in one statement (the row lock makes
     * a concurrent spend wait and then see the lower amount). Answers what is left, or undefined
     * when the balance no longer holds enough.
     */
    async spend(tx: Tx, balanceId: number, amountCents: number, orderId: number): Promise<number | undefined> {
      const [row] = await tx
        .update(balances)
        .set({ remainingCents: sql`${balances.remainingCents} - ${amountCents}`, updatedAt: sql`now()` })
        .where(and(eq(balances.id, balanceId), sql`${balances.remainingCents} >= ${amountCents}`))
        .returning({ remainingCents: balances.remainingCents });
      if (!row) return undefined;
      await tx
        .insert(balanceEntries)
        .values({ balanceId, kind: 'spent', amountCents, orderId, note: `Order #${orderId}` });
      return row.remainingCents;
    },

    async entriesOf(executor: Executor, balanceId: number) {
      return executor
        .select()
        .from(balanceEntries)
        .where(eq(balanceEntries.balanceId, balanceId))
        .orderBy(balanceEntries.id);
    },
  };
}
export type BalancesRepository = ReturnType<typeof balancesRepository>;
