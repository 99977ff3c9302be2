// Capture recovery (issue 8, faults): an order saved in the instant before a crash keeps its card
// payment authorised but not captured. The order records the pending payment until its capture, and
// the recovery pass captures what a crash left behind, leaving younger checkouts alone.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { orders, sandboxPayments } from '../../src/server/db/schema.js';
import { CAPTURE_GRACE_MS } from '../../src/server/modules/checkout/checkout-service.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
});
afterAll(() => t.close());

const order = async (email: string) => {
  // The catalog as it is now: earlier orders may have sold a size out.
  const all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
  const id = await placeOrder(t.app, {
    pieces: [selectionOf(all, 'silk-balconette-bra')],
    shopper: { ...US_SHOPPER, email },
  });
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
};
const paymentOf = async (id: string) =>
  (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;

/** What a crash between the order's commit and the capture leaves: the order saved, the card only authorised. */
async function asIfCrashedBeforeCapture(orderId: number, paymentId: string, savedMsAgo: number) {
  await t.db
    .update(orders)
    .set({ pendingCaptureId: paymentId, createdAt: sql`now() - make_interval(secs => ${savedMsAgo / 1000})` })
    .where(eq(orders.id, orderId));
  await t.db
    .update(sandboxPayments)
    .set({ status: 'requires_capture', amountCapturedCents: 0 })
    .where(eq(sandboxPayments.id, paymentId));
}

describe('capture recovery', () => {
  it('an order placed normally has nothing pending: its payment is captured', async () => {
    const placed = await order('captured-now@example.com');
    expect(placed.pendingCaptureId).toBeNull();
    const payment = await paymentOf(placed.paymentReference!);
    expect(payment.status).toBe('succeeded');
    expect(payment.amountCapturedCents).toBe(placed.totalCents);
  });

  it('captures the payment of an order a crash left authorised, and leaves a younger one to its checkout', async () => {
    const old = await order('crashed-before-capture@example.com');
    const young = await order('still-capturing@example.com');
    await asIfCrashedBeforeCapture(old.id, old.paymentReference!, CAPTURE_GRACE_MS + 30_000);
    await asIfCrashedBeforeCapture(young.id, young.paymentReference!, 5_000);

    expect(await t.app.ctx.services.checkout.recoverCaptures()).toBe(1);
    const settled = await paymentOf(old.paymentReference!);
    expect(settled.status).toBe('succeeded');
    expect(settled.amountCapturedCents).toBe(old.totalCents);
    expect((await t.db.select().from(orders).where(eq(orders.id, old.id)))[0]!.pendingCaptureId).toBeNull();

    expect((await paymentOf(young.paymentReference!)).status).toBe('requires_capture');
    expect((await t.db.select().from(orders).where(eq(orders.id, young.id)))[0]!.pendingCaptureId).toBe(
      young.paymentReference,
    );
    // A second pass (another copy's, say) has nothing left to do for the old one.
    expect(await t.app.ctx.services.checkout.recoverCaptures()).toBe(0);
  });

  it('marks captured an order whose money was taken before the crash, without a second capture', async () => {
    const placed = await order('taken-before-crash@example.com');
    await t.db
      .update(orders)
      .set({ pendingCaptureId: placed.paymentReference, createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(orders.id, placed.id));
    expect(await t.app.ctx.services.checkout.recoverCaptures()).toBe(1);
    const payment = await paymentOf(placed.paymentReference!);
    expect(payment.amountCapturedCents).toBe(placed.totalCents);
    expect((await t.db.select().from(orders).where(eq(orders.id, placed.id)))[0]!.pendingCaptureId).toBeNull();
  });

  it('keeps an order whose authorisation was cancelled pending, for the owner to check, and tries again later', async () => {
    const placed = await order('cancelled-authorisation@example.com');
    await asIfCrashedBeforeCapture(placed.id, placed.paymentReference!, 10 * 60_000);
    await t.db
      .update(sandboxPayments)
      .set({ status: 'canceled' })
      .where(eq(sandboxPayments.id, placed.paymentReference!));
    expect(await t.app.ctx.services.checkout.recoverCaptures()).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.id, placed.id)))[0]!.pendingCaptureId).toBe(
      placed.paymentReference,
    );
    expect((await paymentOf(placed.paymentReference!)).amountCapturedCents).toBe(0);
  });
});

describe('the last piece', () => {
  it('shows sold out on the storefront as soon as an order takes it', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
    const pick = selectionOf(all, 'silk-balconette-bra');
    // One piece left of that size.
    await t.db.execute(sql`
      update sizes s set stock = 1 from colors c, product_types p, items i
       where s.color_id = c.id and c.product_type_id = p.id and p.item_id = i.id
         and i.url = ${pick.url} and p.type = ${pick.product_type} and c.color_name = ${pick.color} and s.name = ${pick.size}`);
    await t.app.ctx.services.readModel.invalidate();
    await placeOrder(t.app, { pieces: [pick], shopper: { ...US_SHOPPER, email: 'last-piece@example.com' } });
    const product = (await t.app.inject({ method: 'GET', url: `/product?url=${pick.url}` })).json() as Item;
    const size = product.available_products
      .find((p) => p.type === pick.product_type)!
      .colors.find((c) => c.color_name === pick.color)!
      .available_sizes.find((s) => s.name === pick.size)!;
    expect(size.sold_out).toBe(true);
  });
});
