// Payment holds (issue 24 item 28): every card intent and PayPal order the checkout opens is noted
// (payment_holds), and the recovery job releases one that no order took once it is older than
// HOLD_RELEASE_AFTER_MS: after a kill -9 mid-checkout, an abandoned tab or a crashed browser, no
// shopper's funds stay held. A hold an order took (its payment reference, or still pending capture)
// is never released: capture recovery settles those.
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, paymentHolds, sessions } from '../../db/schema.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';

/**
 * How long an open hold with no order is left alone. The checkout asks for its payment when the
 * shopper reaches billing and touches the hold on every new ask; a shopper still typing a card after
 * this long gets a fresh payment on the next PLACE ORDER (the session forgets the released one).
 */
export const HOLD_RELEASE_AFTER_MS = 15 * 60_000;
const PASS_LIMIT = 50;

type Outcome = NonNullable<typeof paymentHolds.$inferSelect.outcome>;
/** 'already': the provider had released it (the checkout did, or it expired); closed as released, not counted. */
type Found = Outcome | 'already';
export type NewHold = {
  id: string;
  provider: 'sandbox' | 'stripe' | 'paypal';
  method: 'card' | 'paypal';
  sessionId: string;
  checkoutKey: string;
};

export function paymentHoldsRepository(db: Db) {
  return {
    /** Notes a payment the checkout opened, or touches it when the checkout asks for it again. */
    async note(hold: NewHold, now: Date) {
      await db
        .insert(paymentHolds)
        .values({ ...hold, createdAt: now, touchedAt: now })
        .onConflictDoUpdate({ target: paymentHolds.id, set: { touchedAt: now, closedAt: null, outcome: null } });
    },

    /** Open holds last touched before `before`, oldest first, that no order took. */
    async orphans(before: Date, limit: number) {
      return db
        .select()
        .from(paymentHolds)
        .where(
          and(
            isNull(paymentHolds.closedAt),
            lt(paymentHolds.touchedAt, before),
            sql`not exists (select 1 from ${orders} where ${orders.paymentReference} = ${paymentHolds.id})`,
            sql`not exists (select 1 from ${orders} where ${orders.pendingCaptureId} = ${paymentHolds.id})`,
          ),
        )
        .orderBy(asc(paymentHolds.touchedAt))
        .limit(limit);
    },

    async hasOrder(reference: string): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.paymentReference} = ${reference} or ${orders.pendingCaptureId} = ${reference}`)
        .limit(1);
      return rows.length > 0;
    },

    async close(id: string, outcome: Outcome, now: Date) {
      await db.update(paymentHolds).set({ closedAt: now, outcome }).where(eq(paymentHolds.id, id));
    },

    /**
     * The session stops offering a released payment: the next ask opens a fresh one (a new
     * idempotency key for the card, a new PayPal order).
     */
    async forgetInSession(sessionId: string, id: string) {
      await db
        .update(sessions)
        .set({
          data: sql`case
            when ${sessions.data}->>'paymentIntentId' = ${id}
              then (${sessions.data} - 'paymentIntentId') || jsonb_build_object('paymentAttempt', coalesce((${sessions.data}->>'paymentAttempt')::int, 0) + 1)
            when ${sessions.data}->>'paypalOrderId' = ${id} then ${sessions.data} - 'paypalOrderId'
            else ${sessions.data} end`,
        })
        .where(eq(sessions.id, sessionId));
    },
  };
}

type HoldDeps = {
  db: Db;
  payments: Pick<PaymentProviders, 'card' | 'express'>;
  clock: () => Date;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
};

/**
 * One pass of the job: releases at the provider every open hold older than `olderThanMs` that no
 * order took, and closes the watch of those already settled. Answers how many it released. A hold
 * the provider cannot be asked about now is tried again on the next pass.
 */
export async function releaseOrphanHolds(deps: HoldDeps, olderThanMs = HOLD_RELEASE_AFTER_MS): Promise<number> {
  const { db, payments, clock, log } = deps;
  const repo = paymentHoldsRepository(db);
  const orphans = await repo.orphans(new Date(clock().getTime() - olderThanMs), PASS_LIMIT);
  let released = 0;
  for (const hold of orphans) {
    try {
      const found = hold.method === 'card' ? await releaseCard(hold.id) : await releasePaypal(hold.id);
      await repo.close(hold.id, found === 'already' ? 'released' : found, clock());
      if (found === 'released') {
        if (hold.sessionId) await repo.forgetInSession(hold.sessionId, hold.id);
        released++;
        log.info({ paymentId: hold.id, provider: hold.provider }, 'payment holds: released a payment no order took');
      }
    } catch (err) {
      if (err instanceof PaymentError && /missing|not_found/i.test(err.code)) {
        await repo.close(hold.id, 'missing', clock());
        continue;
      }
      log.warn(
        { err, paymentId: hold.id },
        'payment holds: could not release this payment now; the next pass tries again',
      );
    }
  }
  return released;

  async function releaseCard(id: string): Promise<Found> {
    const intent = await payments.card.retrieve(id);
    if (intent.status === 'canceled') return 'already';
    if (intent.status === 'succeeded') {
      // An order may have taken it between the query and now; otherwise the money was taken without an order.
      if (await repo.hasOrder(id)) return 'ordered';
      log.error(
        { paymentId: id },
        'payment holds: a card payment was captured with no order; refund it or make the order',
      );
      return 'captured';
    }
    if (await repo.hasOrder(id)) return 'ordered';
    await payments.card.cancel(id);
    return 'released';
  }

  async function releasePaypal(id: string): Promise<Found> {
    const order = await payments.express.getOrder(id);
    if (order.status === 'VOIDED') return 'already';
    if (order.status === 'COMPLETED') {
      if (order.captureId && (await repo.hasOrder(order.captureId))) return 'ordered';
      if (await repo.hasOrder(id)) return 'ordered';
      log.error(
        { paymentId: id },
        'payment holds: a PayPal payment was captured with no order; refund it or make the order',
      );
      return 'captured';
    }
    if (await repo.hasOrder(id)) return 'ordered';
    await payments.express.release(id);
    return 'released';
  }
}
