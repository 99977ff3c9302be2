// Issue 29 #2: POST /webhooks/paypal. The shop takes PayPal through its REST API (the local fake of
// PayPal) and listens on a real port; the fake posts its events with PayPal's transmission headers,
// signed with its own key, and the shop asks the fake's verify-webhook-signature call about each,
// as it asks PayPal. An unsigned or badly signed event answers 400 and changes nothing; events are
// stored once by id; a refund made in PayPal's dashboard shows on the order and caps (or refuses)
// the back office's refund, giving a gift card's part back to it; a dispute flags the order.
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import { activity, balances, emailOutbox, orders, paymentEvents, sizes } from '../../src/server/db/schema.js';
import { balancesRepository } from '../../src/server/modules/balances/balances-repository.js';
import { createAdminTestApp, type AdminTestApp, TEST_ADMIN } from '../support/admin-session.js';
import { startPaypalFake } from '../support/fakes/paypal-fake.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

const OREGON = { ...US_SHOPPER, firstName: 'Olive', lastName: 'Payer', city: 'Portland', state: 'OR', zip: '97201' };
let fake: Awaited<ReturnType<typeof startPaypalFake>>;
let t: AdminTestApp;
let all: Item[];
let clients = 0;

beforeAll(async () => {
  fake = await startPaypalFake();
  // PayPal gives the webhook its id when it is registered; the shop is configured with it.
  const webhookId = fake.sendEventsTo('http://127.0.0.1:9/not-listening-yet');
  t = await createAdminTestApp({
    fixture: 'demo',
    env: {
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_WEBHOOK_ID: webhookId,
    },
  });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.sendEventsTo(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/paypal`, webhookId);
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
    remoteAddress: `10.8.0.${++clients}`,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
};

/** An order paid through PayPal (approved in the fake's window, captured by the shop); `balance` a gift card code applied first. */
async function paypalOrder(email: string, balance?: string) {
  const shopper = { ...OREGON, email };
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  await post('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
  if (balance) expect(await post('/applyPromo', { promo: balance }, cookie)).toMatchObject({ success: true });
  const paypalOrderId = (await post('/paypal/createOrder', { cart: [], promo: null }, cookie)) as string;
  fake.approve(
    paypalOrderId,
    { given_name: 'Olive', surname: 'Payer', email },
    {
      address_line_1: shopper.address,
      admin_area_2: shopper.city,
      admin_area_1: shopper.state,
      postal_code: shopper.zip,
      country_code: 'US',
    },
  );
  await post(
    '/paypal/updateShippingAndTaxes',
    { shippingInfo: shopper, shippingOptionSelected: 'standard', orderId: paypalOrderId },
    cookie,
  );
  const { orderId } = (await post(
    '/placeOrder',
    { shippingInfo: shopper, shippingType: 'standard', promo: null, additionalInfo: { paypalOrderId } },
    cookie,
  )) as { orderId: number };
  await fake.eventsSettled();
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  expect(row!.pendingCaptureId).toBeNull();
  return { orderId, paypalOrderId, captureId: row!.paymentReference!, row: row! };
}

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

describe('POST /webhooks/paypal: signatures', () => {
  it('answers 400 without the transmission headers, with a signature PayPal does not confirm, or to a body that is not JSON; nothing is stored', async () => {
    const { orderId, captureId } = await paypalOrder('signed.pp@example.com');
    const { event } = await fake.dispute(captureId, { deliver: false });

    const unsigned = await fake.deliverEvent(event, {
      headers: { 'paypal-transmission-sig': null, 'paypal-transmission-id': null },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({
      error: 'invalid',
      message: expect.stringContaining('paypal-transmission-id'),
    });

    // Signed over the event as sent, delivered with other bytes: PayPal answers FAILURE.
    const tampered = await fake.deliverEvent(event, {
      body: JSON.stringify({
        ...event,
        resource: { ...event.resource, dispute_amount: { currency_code: 'USD', value: '1.00' } },
      }),
    });
    expect(tampered).toMatchObject({ status: 400, body: { message: expect.stringContaining('PAYPAL_WEBHOOK_ID') } });
    const forged = await fake.deliverEvent(event, {
      headers: { 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
    });
    expect(forged.status).toBe(400);
    const notJson = await fake.deliverEvent(event, { body: 'not json' });
    expect(notJson.status).toBe(400);

    expect(await storedEvents(event.id)).toEqual([]);
    expect((await listed(orderId)).providerPayment).toBeUndefined();
    expect((await fake.deliverEvent(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(orderId)).providerPayment?.disputes).toHaveLength(1);
  });
});

describe('POST /webhooks/paypal: captures', () => {
  it("records the shop's capture, and settles an order a crash left waiting for it with PayPal's capture id", async () => {
    const { orderId, paypalOrderId, captureId, row } = await paypalOrder('capture.pp@example.com');
    const [stored] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.objectId, captureId), eq(paymentEvents.type, 'PAYMENT.CAPTURE.COMPLETED')));
    expect(stored).toMatchObject({ provider: 'paypal', orderId, outcome: 'applied' });

    // A crash between the order's commit and its capture: PayPal's order id pending, no capture id known.
    await t.db
      .update(orders)
      .set({ pendingCaptureId: paypalOrderId, paymentReference: null })
      .where(eq(orders.id, orderId));
    const completed = fake.paypalEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: captureId,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: (row.totalCents / 100).toFixed(2) },
      supplementary_data: { related_ids: { order_id: paypalOrderId } },
    });
    expect((await fake.deliverEvent(completed)).body).toEqual({ received: true, outcome: 'applied' });
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(settled).toMatchObject({ pendingCaptureId: null, paymentReference: captureId });
  });
});

describe('POST /webhooks/paypal: refunds made in the dashboard', () => {
  it("shows the refund on the order and caps the back office's refund; the shop's own refund is not counted as the dashboard's", async () => {
    const { orderId, captureId, row } = await paypalOrder('partial.pp@example.com');
    const returnCents = await requestReturn(orderId);
    const outside = row.totalCents - 1000;
    const { event, answer } = await fake.dashboardRefund(captureId, outside);
    expect(answer.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(orderId)).providerPayment).toEqual({
      provider: 'PayPal',
      refundedOutside: outside / 100,
      fullyRefunded: false,
      disputes: [],
    });
    expect(await activityOf('payment.refunded', orderId)).toEqual([
      expect.objectContaining({ adminEmail: 'PayPal', adminId: null }),
    ]);
    expect((await fake.deliverEvent(event)).body).toEqual({ received: true, outcome: 'duplicate' });

    const res = await t.admin('POST', '/admin/api/refundReturn', {
      orderId,
      method: 'original_payment',
      restock: false,
      amount: returnCents / 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: 10 });
    await fake.eventsSettled();
    expect((await listed(orderId)).providerPayment).toMatchObject({ refundedOutside: outside / 100 });
    expect(await activityOf('payment.refunded', orderId)).toHaveLength(1);
  });

  it('refuses a back-office refund of an order refunded in full in the dashboard', async () => {
    const { orderId, captureId } = await paypalOrder('full.pp@example.com');
    const returnCents = await requestReturn(orderId);
    await fake.dashboardRefund(captureId);
    expect((await listed(orderId)).providerPayment?.fullyRefunded).toBe(true);
    const res = await t.admin('POST', '/admin/api/refundReturn', {
      orderId,
      method: 'original_payment',
      restock: false,
      amount: returnCents / 100,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('already refunded in full through PayPal');
  });

  it("gives the gift card's part back to it when PayPal's part was refunded in full in the dashboard", async () => {
    const email = 'gift.pp@example.com';
    const card = await t.db.transaction((tx) =>
      balancesRepository().issue(tx, { kind: 'gift_card', issuedTo: email, amountCents: 2000, note: 'test' }),
    );
    const { orderId, captureId, row } = await paypalOrder(email, card.code);
    expect(row.balanceCents).toBe(2000);
    const returnCents = await requestReturn(orderId);
    await fake.dashboardRefund(captureId);
    expect((await listed(orderId)).providerPayment).toMatchObject({
      refundedOutside: (row.totalCents - 2000) / 100,
      fullyRefunded: true,
    });

    const res = await t.admin('POST', '/admin/api/refundReturn', {
      orderId,
      method: 'original_payment',
      restock: false,
      amount: returnCents / 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const due = Math.min(returnCents, 2000);
    expect(res.json()).toMatchObject({ refund: due / 100, giftCode: card.code, balanceRestored: due / 100 });
    const [balance] = await t.db.select().from(balances).where(eq(balances.id, card.id));
    expect(balance!.remainingCents).toBe(due);
  });
});

describe('POST /webhooks/paypal: disputes', () => {
  it('flags the order and emails the owners; the resolution shows its outcome; a resolution arriving first stays', async () => {
    const first = await paypalOrder('dispute.pp@example.com');
    const mails = (await disputeMails()).length;
    const { dispute, answer } = await fake.dispute(first.captureId);
    expect(answer?.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listed(first.orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({ id: dispute.dispute_id, open: true, reason: 'merchandise or service not received' }),
    ]);
    expect(await disputeMails()).toHaveLength(mails + 1);
    await fake.resolveDispute(dispute.dispute_id, 'RESOLVED_SELLER_FAVOUR');
    expect((await listed(first.orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({ open: false, outcome: 'won' }),
    ]);
    expect(await disputeMails()).toHaveLength(mails + 2);

    const second = await paypalOrder('dispute.late.pp@example.com');
    const late = await fake.dispute(second.captureId, { deliver: false });
    await fake.resolveDispute(late.dispute.dispute_id, 'RESOLVED_BUYER_FAVOUR');
    expect((await fake.deliverEvent(late.event)).body).toEqual({ received: true, outcome: 'unchanged' });
    expect((await listed(second.orderId)).providerPayment?.disputes).toEqual([
      expect.objectContaining({ open: false, outcome: 'lost' }),
    ]);
    expect(await disputeMails()).toHaveLength(mails + 3);
    expect(await activityOf('payment.disputed', second.orderId)).toHaveLength(1);
  });

  it('stores an event of a kind the shop does not use and answers 200', async () => {
    const event = fake.paypalEvent('CHECKOUT.ORDER.APPROVED', { id: 'ORDER123', status: 'APPROVED' });
    expect((await fake.deliverEvent(event)).body).toEqual({ received: true, outcome: 'ignored' });
    expect(await storedEvents(event.id)).toEqual([expect.objectContaining({ provider: 'paypal', outcome: 'ignored' })]);
  });
});
