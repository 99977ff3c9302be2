// The built-in express provider: PayPal's order life cycle (created → approved → completed) with
// our own approval dialog in the browser (POST /sandbox/paypal/approve), kept in the database.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema.js';
import type { ExpressAddress, ExpressOrder, ExpressProvider } from './express-provider.js';
import { PaymentError } from './payment-provider.js';

const STATUS = {
  requires_payment_method: 'CREATED',
  requires_capture: 'APPROVED',
  succeeded: 'COMPLETED',
  canceled: 'VOIDED',
} as const;

export type SandboxApproval = {
  orderID: string;
  payer: { givenName: string; surname: string; email: string };
  shipping: ExpressAddress;
};

export function sandboxPaypalProvider(db: Db, options: { latencyMs?: number } = {}) {
  const latency = () => (options.latencyMs ? new Promise((r) => setTimeout(r, options.latencyMs)) : Promise.resolve());

  async function row(id: string) {
    const [found] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, 'paypal')));
    if (!found) throw new PaymentError('This PayPal order could not be found', 'RESOURCE_NOT_FOUND');
    return found;
  }
  const toOrder = (r: typeof sandboxPayments.$inferSelect): ExpressOrder => ({
    id: r.id,
    status: STATUS[r.status],
    amountCents: r.amountCents,
    payer: r.details.payer as ExpressOrder['payer'],
    shipping: r.details.shipping as ExpressOrder['shipping'],
    captureId: typeof r.details.captureId === 'string' ? r.details.captureId : undefined,
  });

  const provider: ExpressProvider & { approve(input: SandboxApproval): Promise<ExpressOrder> } = {
    name: 'sandbox',
    clientId: 'sandbox',

    async createOrder({ amount, idempotencyKey }) {
      await latency();
      const [existing] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, `paypal:${idempotencyKey}`));
      if (existing && existing.status === 'requires_payment_method') {
        await db
          .update(sandboxPayments)
          .set({ amountCents: amount.totalCents })
          .where(eq(sandboxPayments.id, existing.id));
        return { id: existing.id };
      }
      if (existing)
        await db.update(sandboxPayments).set({ idempotencyKey: null }).where(eq(sandboxPayments.id, existing.id));
      const id = `SANDBOX-${randomBytes(8).toString('hex').toUpperCase()}`;
      await db.insert(sandboxPayments).values({
        id,
        kind: 'paypal',
        clientSecret: id,
        amountCents: amount.totalCents,
        idempotencyKey: `paypal:${idempotencyKey}`,
      });
      return { id };
    },

    /** What our approval dialog calls in place of PayPal's window. */
    async approve({ orderID, payer, shipping }) {
      await latency();
      const [approved] = await db
        .update(sandboxPayments)
        .set({ status: 'requires_capture', details: { payer, shipping } })
        .where(
          and(
            eq(sandboxPayments.id, orderID),
            eq(sandboxPayments.kind, 'paypal'),
            eq(sandboxPayments.status, 'requires_payment_method'),
          ),
        )
        .returning();
      if (!approved) throw new PaymentError('This PayPal order cannot be approved any more', 'ORDER_NOT_APPROVABLE');
      return toOrder(approved);
    },

    async getOrder(id) {
      await latency();
      return toOrder(await row(id));
    },

    async updateAmount(id, amount) {
      await latency();
      const updated = await db
        .update(sandboxPayments)
        .set({ amountCents: amount.totalCents })
        .where(
          and(
            eq(sandboxPayments.id, id),
            sql`${sandboxPayments.status} in ('requires_payment_method', 'requires_capture')`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (updated.length === 0)
        throw new PaymentError('This PayPal order can no longer be changed', 'ORDER_ALREADY_CAPTURED');
    },

    async capture(id) {
      await latency();
      const captureId = `SANDBOXCAP-${randomBytes(6).toString('hex').toUpperCase()}`;
      const [captured] = await db
        .update(sandboxPayments)
        .set({
          status: 'succeeded',
          amountCapturedCents: sql`${sandboxPayments.amountCents}`,
          details: sql`${sandboxPayments.details} || ${JSON.stringify({ captureId })}::jsonb`,
        })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'requires_capture')))
        .returning();
      if (captured) return { captureId, amountCents: captured.amountCents };
      const current = toOrder(await row(id));
      if (current.status === 'COMPLETED' && current.captureId)
        return { captureId: current.captureId, amountCents: current.amountCents };
      throw new PaymentError('The payer has not approved this PayPal order', 'ORDER_NOT_APPROVED');
    },

    async release(id) {
      await latency();
      await db
        .update(sandboxPayments)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.kind, 'paypal'),
            sql`${sandboxPayments.status} in ('requires_payment_method', 'requires_capture')`,
          ),
        );
    },

    async refund(captureId, amountCents) {
      await latency();
      const [found] = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, 'paypal'), sql`${sandboxPayments.details}->>'captureId' = ${captureId}`));
      if (!found) throw new PaymentError('No such capture', 'RESOURCE_NOT_FOUND');
      const left = found.amountCapturedCents - found.amountRefundedCents;
      const amount = amountCents ?? left;
      if (amount <= 0 || amount > left)
        throw new PaymentError('The refund amount is more than the amount left to refund', 'REFUND_AMOUNT_EXCEEDED');
      const done = await db
        .update(sandboxPayments)
        .set({ amountRefundedCents: sql`${sandboxPayments.amountRefundedCents} + ${amount}` })
        .where(
          and(
            eq(sandboxPayments.id, found.id),
            sql`${sandboxPayments.amountCapturedCents} - ${sandboxPayments.amountRefundedCents} >= ${amount}`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (done.length === 0)
        throw new PaymentError('The refund amount is more than the amount left to refund', 'REFUND_AMOUNT_EXCEEDED');
      return { id: `SANDBOXREF-${randomBytes(6).toString('hex').toUpperCase()}`, amountCents: amount };
    },
  };
  return provider;
}
export type SandboxPaypalProvider = ReturnType<typeof sandboxPaypalProvider>;
