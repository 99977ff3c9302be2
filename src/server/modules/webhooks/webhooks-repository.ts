// Webhooks' SQL: events stored once by their id, the order a payment belongs to (locked, as the
// back office's refund locks it), and what the provider reported of it.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  admins,
  orderPayments,
  orders,
  paymentEvents,
  type PaymentEventOutcome,
  type PaymentEventProvider,
  type ProviderPaymentState,
} from '../../db/schema.js';
import type { ReceivedEvent } from './received-event.js';

type Executor = Db | Tx;

export function webhooksRepository() {
  return {
    /** Stores the event; false when its id is already stored (a replay or a second delivery). */
    async storeEvent(tx: Tx, event: ReceivedEvent): Promise<boolean> {
      const rows = await tx
        .insert(paymentEvents)
        .values({
          provider: event.provider,
          eventId: event.id,
          type: event.type.slice(0, 200),
          objectId: event.objectId ?? null,
          occurredAt: event.at,
          outcome: 'ignored',
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length > 0;
    },

    async setOutcome(tx: Tx, event: ReceivedEvent, outcome: PaymentEventOutcome, orderId: number | null) {
      await tx
        .update(paymentEvents)
        .set({ outcome, orderId })
        .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.id)));
    },

    /** The shop's order paid with one of these provider ids (card intent, PayPal capture or order), locked until the transaction ends. */
    async lockOrderOfPayment(tx: Tx, provider: PaymentEventProvider, paymentIds: string[]) {
      if (paymentIds.length === 0) return undefined;
      const [row] = await tx
        .select({
          id: orders.id,
          totalCents: orders.totalCents,
          balanceCents: orders.balanceCents,
          pendingCaptureId: orders.pendingCaptureId,
          paymentReference: orders.paymentReference,
        })
        .from(orders)
        .where(
          and(
            eq(orders.paymentProvider, provider),
            or(inArray(orders.paymentReference, paymentIds), inArray(orders.pendingCaptureId, paymentIds)),
          ),
        )
        .limit(1)
        .for('update');
      return row;
    },

    async state(executor: Executor, orderId: number): Promise<ProviderPaymentState | undefined> {
      const [row] = await executor
        .select({ state: orderPayments.state })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId));
      return row?.state;
    },

    async saveState(tx: Tx, orderId: number, provider: PaymentEventProvider, state: ProviderPaymentState) {
      await tx
        .insert(orderPayments)
        .values({ orderId, provider, state })
        .onConflictDoUpdate({ target: orderPayments.orderId, set: { state, updatedAt: sql`now()` } });
    },

    /** The provider took the money: nothing is pending capture any more (PayPal's reference is its capture id). */
    async markCaptured(tx: Tx, orderId: number, reference: string | undefined) {
      await tx
        .update(orders)
        .set({ pendingCaptureId: null, ...(reference ? { paymentReference: reference } : {}) })
        .where(and(eq(orders.id, orderId), isNotNull(orders.pendingCaptureId)));
    },

    /** Who is told of a dispute: every owner account. */
    async ownerEmails(executor: Executor): Promise<string[]> {
      const rows = await executor.select({ email: admins.email }).from(admins).where(eq(admins.role, 'owner'));
      return rows.map((r) => r.email);
    },

    /** What the providers reported of these orders' payments, by order. */
    async statesOf(executor: Executor, orderIds: number[]) {
      if (orderIds.length === 0)
        return new Map<number, { provider: PaymentEventProvider; state: ProviderPaymentState }>();
      const rows = await executor
        .select({ orderId: orderPayments.orderId, provider: orderPayments.provider, state: orderPayments.state })
        .from(orderPayments)
        .where(inArray(orderPayments.orderId, orderIds));
      return new Map(rows.map((r) => [r.orderId, { provider: r.provider, state: r.state }]));
    },
  };
}
export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
