// Issue 29 #2: POST /webhooks/stripe. The shop takes card payments through Stripe (the local fake of
// Stripe's API) and listens on a real port; the fake posts its events as Stripe does, signed with
// the endpoint's secret. An unsigned, badly signed or stale event answers 400 and changes nothing;
// each event is stored once by its id, so a replay, a duplicate or a late arrival changes nothing
// twice; a refund made in Stripe's dashboard shows on the order and caps (or refuses) the back
// office's own refund; a dispute flags the order and emails the owners.
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import {
  activity,
  balances,
  emailOutbox,
  orderPayments,
  orders,
  paymentEvents,
  sizes,
} from '../../src/server/db/schema.js';
import { rowsOf } from '../../src/server/db/client.js';
import type { ProviderPaymentState, ProviderRefund } from '../../src/server/db/schema/payment-events.js';
import { refundTotals } from '../../src/server/modules/webhooks/payment-state.js';
import { createAdminTestApp, type AdminTestApp, TEST_ADMIN } from '../support/admin-session.js';
import { startStripeFake, type StripeEvent } from '../support/fakes/stripe-fake.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, createTestApp, storefrontItems } from '../support/test-app.js';

const SECRET = `whsec_${'0123456789abcdef'.repeat(2)}`;
let fake: Awaited<ReturnType<typeof startStripeFake>>;
let t: AdminTestApp;
let all: Item[];

beforeAll(async () => {
  fake = await startStripeFake('sk_test_shop');
  t = await createAdminTestApp({
    fixture: 'demo',
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_API_URL: `http://127.0.0.1:${fake.api.port}`,
      STRIPE_WEBHOOK_SECRET: SECRET,
    },
  });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.sendEventsTo(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/stripe`, SECRET);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const post = async (url: string, payload: unknown, cookie?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(cookie ? { headers: { cookie } } : {}),
    remoteAddress: `10.9.0.${++clients}`,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
};
let clients = 0;

/** An order paid by card through Stripe (authorised in the fake as Stripe.js would, captured by the shop). */
async function stripeOrder(email: string) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  const shopper = { ...US_SHOPPER, email };
  await post('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: shopper }, cookie)) as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: shopper.zip }, cookie)) as { taxRate: number };
  const secret = (await post(
    '/api/getClientSecret',
    { taxRate, shippingFee: option!.amt, shippingType: option!.type },
    cookie,
  )) as string;
  const piId = secret.split('_secret_')[0]!;
  fake.confirmWithCard(piId, '4242424242424242');
  const { orderId } = (await post(
    '/placeOrder',
    {
      shippingInfo: shopper,
      billingInfo: { cardholderName: 'Ada Lovelace' },
      shippingType: option!.type,
      promo: null,
      additionalInfo: { paymentIntentId: piId },
    },
    cookie,
  )) as { orderId: number };
  await fake.eventsSettled();
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, piId, totalCents: row!.totalCents };
}

/** The owner ships the order and the shopper asks to return every piece. */
async function requestReturn(orderId: number) {
  const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
    orderId,
    trackingNumber: `TRK${orderId}`,
    trackingUrlLink: `https://track.example/${orderId}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await post('/requestReturn', {
    creditSelected: false,
    orderId,
    items: row!.lines.map((l, index) => ({ index, quantity: l.quantity })),
    international: false,
  });
  const [returned] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return returned!.returnRequest!.totalRefundCents;
}

/** The owner refunds the return of `orderId` (all of it, `returnCents`), to the card unless told, without restocking. */
const refundReturn = (
  orderId: number,
  returnCents: number,
  method: 'original_payment' | 'store_credit' = 'original_payment',
) => t.admin('POST', '/admin/api/refundReturn', { orderId, method, restock: false, amount: returnCents / 100 });

async function listed(orderId: number): Promise<PlacedOrder> {
  const res = await t.admin('GET', `/admin/api/getPlacedOrders?search=${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlacedOrder[])[0]!;
}
const storedEvents = (eventId: string) => t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
const activityOf = (kind: string, orderId: number) =>
  t.db
    .select()
    .from(activity)
    .where(and(eq(activity.kind, kind), sql`${activity.detail}->>'orderId' = ${String(orderId)}`));
const disputeMails = () =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'payment_dispute'), eq(emailOutbox.to, TEST_ADMIN.email)))
    .orderBy(emailOutbox.id);
const seconds = () => Math.floor(Date.now() / 1000);
const chargeOf = (piId: string, captured: number, refunded: number) => ({
  id: `ch_${piId.slice(3)}`,
  object: 'charge',
  amount: captured,
  amount_captured: captured,
  amount_refunded: refunded,
  refunded: refunded >= captured,
  captured: true,
  currency: 'usd',
  payment_intent: piId,
});

describe('POST /webhooks/stripe: signatures', () => {
  it('answers 400 to an unsigned, badly signed, tampered or stale event and changes nothing; the same event signed is applied', async () => {
    const { orderId, piId, totalCents } = await stripeOrder('signed@example.com');
    const event = fake.stripeEvent('charge.refunded', chargeOf(piId, totalCents, totalCents));

    const unsigned = await fake.deliverEvent(event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ error: 'invalid', message: expect.stringContaining('Stripe-Signature') });
    const wrongSecret = await fake.deliverEvent(event, { secret: `whsec_${'f'.repeat(32)}` });
    expect(wrongSecret).toMatchObject({ status: 400, body: { message: expect.stringContaining('does not match') } });
    const tampered = await fake.deliverEvent(event, {
      body: JSON.stringify({ ...event, data: { object: chargeOf(piId, totalCents, 1) } }, null, 2),
    });
    expect(tampered.status).toBe(400);
    const stale = await fake.deliverEvent(event, { timestamp: seconds() - 301 });
    expect(stale.status).toBe(400);
    const garbage = await fake.deliverEvent(event, { signature: 't=1,v1=abc' });
    expect(garbage.status).toBe(400);

    expect(await storedEvents(event.id)).toEqual([]);
    expect((await listed(orderId)).providerPayment).toBeUndefined();

    const signed = await fake.deliverEvent(event);
    expect(signed).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect((await listed(orderId)).providerPayment).toMatchObject({
      provider: 'Stripe',
      refundedOutside: totalCents / 100,
      fullyRefunded: true,
    });
  });

  it('keeps every other route parsing JSON as before', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/getTaxRate',
      headers: { 'content-type': 'application/json' },
      payload: '{"zipCode": "10001"',
    });
    expect(broken.statusCode).toBe(400);
    const parsed = await t.app.inject({ method: 'POST', url: '/getTaxRate', payload: { zipCode: '10001' } });
    expect(parsed.statusCode, parsed.body).toBe(200);
  });
});

describe('POST /webhooks/stripe: captures', () => {
  it("records the shop's own capture, and settles an order a crash left waiting for its capture", async () => {
    const { orderId, piId, totalCents } = await stripeOrder('capture@example.com');
    const received = fake.sentEvents.filter((e) => (e.data.object as { id?: string }).id === piId);
    expect(received.map((e) => e.type)).toContain('payment_intent.succeeded');
    const [stored] = await storedEvents(received[0]!.id);
    expect(stored).toMatchObject({ provider: 'stripe', orderId, outcome: 'applied' });
    const [state] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(state!.state.capture).toMatchObject({ status: 'captured', amountCents: totalCents });

    // A crash between the order's commit and its capture: the order still waits for it.
    await t.db.update(orders).set({ pendingCaptureId: piId }).where(eq(orders.id, orderId));
    const succeeded = fake.stripeEvent('payment_intent.succeeded', { ...fake.intent(piId) });
    expect((await fake.deliverEvent(succeeded)).body).toEqual({ received: true, outcome: 'applied' });
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(settled!.pendingCaptureId).toBeNull();
    expect(settled!.paymentReference).toBe(piId);
  });

  it('flags an order whose authorisation Stripe canceled before it was captured', async () => {
    const { orderId, piId } = await stripeOrder('expired@example.com');
    // As a crash leaves it: authorised, not captured, no capture reported yet.
    await t.db.update(orders).set({ pendingCaptureId: piId }).where(eq(orders.id, orderId));
    await t.db.delete(orderPayments).where(eq(orderPayments.orderId, orderId));
    Object.assign(fake.intent(piId)!, { status: 'requires_capture', amount_received: 0 });

    const { answer } = await fake.expireAuthorization(piId);
    expect(answer.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(orderId)).providerPayment).toMatchObject({
      provider: 'Stripe',
      notCaptured: { status: 'canceled', message: 'canceled (automatic)' },
    });
    expect(await activityOf('payment.failed', orderId)).toEqual([
      expect.objectContaining({ adminEmail: 'Stripe', adminId: null }),
    ]);
  });
});

describe('POST /webhooks/stripe: refunds made in the dashboard', () => {
  it('shows the refund and its amount on the order, in Activity as done by Stripe; a replay or a duplicate changes nothing', async () => {
    const { orderId, piId } = await stripeOrder('partial@example.com');
    const { events, answers } = await fake.dashboardRefund(piId, 2000);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toEqual({ received: true, outcome: 'applied' });
    const order = await listed(orderId);
    expect(order.providerPayment).toEqual({
      provider: 'Stripe',
      refundedOutside: 20,
      fullyRefunded: false,
      disputes: [],
    });
    const [recorded] = await activityOf('payment.refunded', orderId);
    expect(recorded).toMatchObject({
      adminEmail: 'Stripe',
      adminId: null,
      summary: expect.stringContaining('Stripe refunded $20.00'),
    });

    // Replayed (re-signed later, as Stripe's retries are) and duplicated at once: stored once, applied once.
    const replay = await fake.deliverEvent(events[0]!, { timestamp: seconds() + 5 });
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    const both = await Promise.all([fake.deliverEvent(events[1]!), fake.deliverEvent(events[1]!)]);
    expect(both.map((a) => (a.body as { outcome: string }).outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await storedEvents(events[0]!.id)).toHaveLength(1);
    expect(await activityOf('payment.refunded', orderId)).toHaveLength(1);
    expect((await listed(orderId)).providerPayment?.refundedOutside).toBe(20);
  });

  it('applies one of two deliveries of the same new event at once', async () => {
    const { orderId, piId } = await stripeOrder('twice@example.com');
    const refund = {
      id: `re_twice${piId.slice(3, 12)}`,
      object: 'refund',
      amount: 1500,
      currency: 'usd',
      payment_intent: piId,
      status: 'succeeded',
      metadata: {},
    };
    const event = fake.stripeEvent('refund.created', refund);
    const answers = await Promise.all([fake.deliverEvent(event), fake.deliverEvent(event)]);
    expect(answers.map((a) => (a.body as { outcome: string }).outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await activityOf('payment.refunded', orderId)).toHaveLength(1);
    expect((await listed(orderId)).providerPayment?.refundedOutside).toBe(15);
  });

  it("caps the back office's refund of a return by what the dashboard refunded, and does not count the shop's own refund as the dashboard's", async () => {
    const { orderId, piId, totalCents } = await stripeOrder('capped@example.com');
    const returnCents = await requestReturn(orderId);
    // All but $10 refunded in the dashboard: the return's refund is capped at the $10 left.
    const outside = totalCents - 1000;
    await fake.dashboardRefund(piId, outside);
    const due = Math.min(returnCents, totalCents - outside);
    expect(due).toBeLessThan(returnCents);

    const res = await refundReturn(orderId, returnCents);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: due / 100, method: 'original_payment' });
    await fake.eventsSettled();

    // Stripe holds both refunds: all that was captured, no more.
    expect(fake.refundedCents(piId)).toBe(outside + due);
    const order = await listed(orderId);
    expect(order.returnRequest).toMatchObject({ total_refund: due / 100, providerRefunded: outside / 100 });
    // The shop's own refund came back through the webhook, tagged: what is outside the shop is unchanged.
    expect(order.providerPayment).toMatchObject({ refundedOutside: outside / 100, fullyRefunded: false });
    expect(await activityOf('payment.refunded', orderId)).toHaveLength(1);
    expect(await activityOf('refund.made', orderId)).toEqual([
      expect.objectContaining({ summary: expect.stringContaining('was refunded outside the shop') }),
    ]);
  });

  it('refuses to refund again from the back office an order refunded in full in the dashboard, to the card or as store credit', async () => {
    const email = 'full.refund@example.com';
    const { orderId, piId, totalCents } = await stripeOrder(email);
    const returnCents = await requestReturn(orderId);
    await fake.dashboardRefund(piId);
    expect((await listed(orderId)).providerPayment).toMatchObject({
      refundedOutside: totalCents / 100,
      fullyRefunded: true,
    });

    for (const method of ['original_payment', 'store_credit'] as const) {
      const res = await refundReturn(orderId, returnCents, method);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain(`Order #${orderId} was already refunded in full through Stripe`);
    }
    const order = await listed(orderId);
    expect(order.returnRequest?.refundedAt).toBeUndefined();
    expect(order.returnRequest?.refundPending).toBeUndefined();
    expect(await t.db.select().from(balances).where(sql`lower(${balances.issuedTo}) = ${email}`)).toEqual([]);
    expect(fake.refundedCents(piId)).toBe(totalCents);
    expect(await activityOf('refund.made', orderId)).toEqual([]);
  });

  it("applies events by Stripe's own states and times, not by their arrival", async () => {
    const { orderId, piId, totalCents } = await stripeOrder('late@example.com');
    const now = seconds();
    const refund = {
      id: `re_late${piId.slice(3, 12)}`,
      object: 'refund',
      amount: 3000,
      currency: 'usd',
      payment_intent: piId,
      metadata: {},
    };
    const created = fake.stripeEvent('refund.created', { ...refund, status: 'pending' }, now);
    const updated = fake.stripeEvent('refund.updated', { ...refund, status: 'succeeded' }, now + 5);
    const newerTotal = fake.stripeEvent('charge.refunded', chargeOf(piId, totalCents, 3000), now + 5);
    const olderTotal = fake.stripeEvent('charge.refunded', chargeOf(piId, totalCents, 1000), now);

    const outcomes: string[] = [];
    for (const e of [updated, newerTotal, created, olderTotal])
      outcomes.push(((await fake.deliverEvent(e)).body as { outcome: string }).outcome);
    expect(outcomes).toEqual(['applied', 'applied', 'unchanged', 'unchanged']);
    const [row] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(row!.state.refunds[refund.id]).toMatchObject({ status: 'succeeded', amountCents: 3000 });
    expect(row!.state.refunded).toMatchObject({ totalCents: 3000 });
    expect((await listed(orderId)).providerPayment?.refundedOutside).toBe(30);
    expect(await activityOf('payment.refunded', orderId)).toHaveLength(1);
  });
});

describe('refunds made in the dashboard, in the Overview and the Orders tab', () => {
  type Today = {
    figures: { revenue: number; sales: number; refunds: number; refundCount: number };
    toAct: { toShip: number; returnsToHandle: number };
  };
  const today = async (): Promise<Today> => {
    const res = await t.admin('GET', '/admin/api/overview?period=today');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Today;
  };
  const cents = (dollars: number) => Math.round(dollars * 100);
  const inFilter = async (filter: 'to-ship' | 'returns', orderId: number) => {
    const res = await t.admin('GET', `/admin/api/getPlacedOrders?filter=${filter}&search=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PlacedOrder[]).some((o) => o.id === orderId);
  };

  it("counts a dashboard refund in the Overview's refunds and revenue once, and the shop's own refund once", async () => {
    const { piId } = await stripeOrder('overview.refund@example.com');
    const before = await today();
    const { events } = await fake.dashboardRefund(piId, 2000);
    const after = await today();
    expect(cents(after.figures.refunds) - cents(before.figures.refunds)).toBe(2000);
    expect(after.figures.refundCount - before.figures.refundCount).toBe(1);
    expect(cents(after.figures.revenue) - cents(before.figures.revenue)).toBe(-2000);
    expect(after.figures.sales).toBe(before.figures.sales);

    // A replay, and the same refund growing in a later event, count what Stripe says once.
    await fake.deliverEvent(events[0]!, { timestamp: seconds() + 5 });
    await fake.deliverEvent(events[1]!);
    expect((await today()).figures).toEqual(after.figures);

    // The back office's own refund of a return counts once, from the order, not again when its
    // webhook comes back tagged as the shop's.
    const { orderId } = await stripeOrder('own.refund@example.com');
    const returnCents = await requestReturn(orderId);
    const beforeOwn = await today();
    const res = await refundReturn(orderId, returnCents);
    expect(res.statusCode, res.body).toBe(200);
    await fake.eventsSettled();
    const afterOwn = await today();
    expect(cents(afterOwn.figures.refunds) - cents(beforeOwn.figures.refunds)).toBe(returnCents);
    expect(afterOwn.figures.refundCount - beforeOwn.figures.refundCount).toBe(1);
  });

  it('takes an order refunded in full in the dashboard off To ship and Returns to handle; a part refund leaves it', async () => {
    const unshipped = await stripeOrder('refunded.unshipped@example.com');
    const partly = await stripeOrder('partly.unshipped@example.com');
    expect(await inFilter('to-ship', unshipped.orderId)).toBe(true);
    const before = await today();

    await fake.dashboardRefund(partly.piId, 1000);
    expect(await inFilter('to-ship', partly.orderId)).toBe(true);
    await fake.dashboardRefund(unshipped.piId);
    expect(await inFilter('to-ship', unshipped.orderId)).toBe(false);
    expect(await inFilter('to-ship', partly.orderId)).toBe(true);
    expect((await today()).toAct.toShip).toBe(before.toAct.toShip - 1);

    const returned = await stripeOrder('refunded.return@example.com');
    await requestReturn(returned.orderId);
    expect(await inFilter('returns', returned.orderId)).toBe(true);
    const withReturn = await today();
    await fake.dashboardRefund(returned.piId);
    expect(await inFilter('returns', returned.orderId)).toBe(false);
    expect((await today()).toAct.returnsToHandle).toBe(withReturn.toAct.returnsToHandle - 1);
  });

  it('sums the refunds outside the shop in SQL as the back office does', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, s)).toISOString();
    const refund = (amountCents: number, status: ProviderRefund['status'], byShop: boolean, s = 0): ProviderRefund => ({
      amountCents,
      status,
      byShop,
      at: at(s),
    });
    const states: ProviderPaymentState[] = [
      { refunds: {}, disputes: {} },
      { refunds: { a: refund(500, 'succeeded', false) }, disputes: {} },
      { refunds: { a: refund(500, 'pending', false), b: refund(700, 'failed', false) }, disputes: {} },
      { refunds: { a: refund(500, 'succeeded', true) }, disputes: {}, refunded: { totalCents: 500, at: at(1) } },
      // The running total is ahead of the refunds' own events: the rest is outside until they come.
      { refunds: { a: refund(500, 'succeeded', true) }, disputes: {}, refunded: { totalCents: 1800, at: at(2) } },
      { refunds: {}, disputes: {}, refunded: { totalCents: 900, at: at(3) } },
      {
        refunds: {
          a: refund(300, 'succeeded', false),
          b: refund(200, 'canceled', false),
          c: refund(400, 'succeeded', true),
        },
        disputes: {},
        refunded: { totalCents: 600, at: at(4) },
      },
    ];
    for (const state of states) {
      const result = await t.db.execute(
        sql`select provider_refunded_outside_cents(${JSON.stringify(state)}::jsonb)::int as cents`,
      );
      const [row] = rowsOf<{ cents: number }>(result);
      expect(row?.cents, JSON.stringify(state)).toBe(refundTotals(state).outsideCents);
    }
  });
});

describe('POST /webhooks/stripe: disputes', () => {
  it('flags the order and emails the owners once; a closed dispute shows its outcome', async () => {
    const { orderId, piId, totalCents } = await stripeOrder('dispute@example.com');
    const mailsBefore = (await disputeMails()).length;
    const { dispute, event, answer } = await fake.dispute(piId, { reason: 'product_not_received' });
    expect(answer?.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({
        id: dispute.id,
        open: true,
        reason: 'product not received',
        amount: totalCents / 100,
        dueBy: expect.any(String),
      }),
    ]);
    const mails = await disputeMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe(`Order #${orderId}: the payment is disputed at Stripe`);
    expect(await activityOf('payment.disputed', orderId)).toEqual([expect.objectContaining({ adminEmail: 'Stripe' })]);

    expect((await fake.deliverEvent(event)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await disputeMails()).toHaveLength(mailsBefore + 1);

    const closed = await fake.closeDispute(dispute.id, 'lost');
    expect(closed.answer?.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({ id: dispute.id, open: false, outcome: 'lost', status: 'lost' }),
    ]);
    expect((await disputeMails()).at(-1)!.subject).toBe(`Order #${orderId}: the Stripe dispute is closed`);
  });

  it('keeps a dispute closed when its creation arrives after its closing, with one email', async () => {
    const { orderId, piId } = await stripeOrder('dispute.late@example.com');
    const mailsBefore = (await disputeMails()).length;
    const { dispute, event: createdEvent } = await fake.dispute(piId, { deliver: false });
    const { answer } = await fake.closeDispute(dispute.id, 'won');
    expect(answer?.body).toEqual({ received: true, outcome: 'applied' });
    expect((await fake.deliverEvent(createdEvent)).body).toEqual({ received: true, outcome: 'unchanged' });
    expect((await listed(orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({ id: dispute.id, open: false, outcome: 'won' }),
    ]);
    expect(await disputeMails()).toHaveLength(mailsBefore + 1);
  });
});

describe('POST /webhooks/stripe: other events', () => {
  it('stores an event of a kind the shop does not use, and one about no order of the shop, and answers 200', async () => {
    const other = fake.stripeEvent('customer.created', { id: 'cus_123', object: 'customer' });
    expect((await fake.deliverEvent(other)).body).toEqual({ received: true, outcome: 'ignored' });
    expect(await storedEvents(other.id)).toEqual([
      expect.objectContaining({ type: 'customer.created', outcome: 'ignored', orderId: null }),
    ]);
    const stranger = fake.stripeEvent('refund.created', {
      id: 're_stranger',
      object: 'refund',
      amount: 500,
      status: 'succeeded',
      payment_intent: 'pi_not_ours',
      metadata: {},
    });
    expect((await fake.deliverEvent(stranger)).body).toEqual({ received: true, outcome: 'unknown_order' });
    expect(await storedEvents(stranger.id)).toEqual([
      expect.objectContaining({ outcome: 'unknown_order', orderId: null }),
    ]);
  });

  it('answers 400 and stores nothing for an event of a handled kind whose object cannot be read', async () => {
    const unreadable: StripeEvent = fake.stripeEvent('refund.created', {
      id: 're_x',
      object: 'refund',
      status: 'succeeded',
    });
    const res = await fake.deliverEvent(unreadable);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid', message: expect.stringContaining('refund.created') });
    expect(await storedEvents(unreadable.id)).toEqual([]);
  });
});

describe('webhooks without their secret', () => {
  it('answer 404 with what to set, and store nothing', async () => {
    const plain = await createTestApp();
    try {
      const stripe = await plain.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{"id":"evt_1","object":"event"}',
      });
      expect(stripe.statusCode).toBe(404);
      expect(stripe.json()).toMatchObject({
        error: 'not_found',
        message: expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
      });
      const paypal = await plain.app.inject({
        method: 'POST',
        url: '/webhooks/paypal',
        headers: { 'content-type': 'application/json' },
        payload: '{"id":"WH-1"}',
      });
      expect(paypal.statusCode).toBe(404);
      expect(paypal.json().message).toContain('PAYPAL_WEBHOOK_ID');
      expect(await plain.db.select().from(paymentEvents)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
