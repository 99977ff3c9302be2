// The owner refunds a return (spec §4 "a processed order with a returnRequest is shown as a return,
// refunded to store credit or the original payment method"; issue #7 item 2): store credit is a
// balance credited with the refund amount (issue 24 item 3), emailed and spent at checkout; the original payment
// is refunded through the payment provider; either happens once, also when two refunds race; the
// returned pieces go back into stock when the owner asks; admin only, bad payloads answer 4xx.
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import type { RefundReturnAnswer } from '../../src/contract/refunds.js';
import { formatPrice } from '../../src/domain/money.js';
import {
  balances,
  emailOutbox,
  orders,
  promotions,
  sandboxPayments,
  sizes,
  type OrderLine,
} from '../../src/server/db/schema.js';
import { outboxWorker } from '../../src/server/jobs/outbox.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { storefrontItems } from '../support/test-app.js';
import { sizeRowOf } from '../support/sizes.js';

const quietLog = { warn: () => {}, info: () => {} };

let t: AdminTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];

beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
  t = await createAdminTestApp({ fixture: 'demo', mailer });
  // Plenty of every tracked size, so the orders of this file never sell one out.
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let clients = 0;
const refund = (payload: unknown) => t.admin('POST', '/admin/api/refundReturn', payload);
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const creditCodes = async (email: string) =>
  t.db
    .select()
    .from(balances)
    .where(and(eq(balances.kind, 'store_credit'), sql`lower(${balances.issuedTo}) = lower(${email})`));
const mailsOf = async (kind: string, to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)))
    .orderBy(emailOutbox.id);

const stockOf = async (line: OrderLine) => (await sizeRowOf(t.db, line)).stock;

/** An order of these items, shipped by the owner, with a return requested of every piece; answers its number. */
async function returnedOrder(urls: string[], email = US_SHOPPER.email): Promise<number> {
  const orderId = await placeOrder(t.app, {
    pieces: urls.map((u) => selectionOf(all, u)),
    shopper: { ...US_SHOPPER, email },
  });
  const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
    orderId,
    trackingNumber: `TRK${orderId}`,
    trackingUrlLink: `https://track.example/${orderId}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const { lines } = await orderRow(orderId);
  const requested = await t.app.inject({
    method: 'POST',
    url: '/requestReturn',
    payload: {
      creditSelected: false,
      orderId,
      items: lines.map((l, index) => ({ index, quantity: l.quantity })),
      international: false,
    },
    remoteAddress: `10.7.0.${++clients}`,
  });
  expect(requested.statusCode, requested.body).toBe(200);
  return orderId;
}

describe('POST /admin/api/refundReturn to store credit', () => {
  const email = 'credit.shopper@example.com';
  let orderId: number;
  let answer: RefundReturnAnswer;

  beforeAll(async () => {
    orderId = await returnedOrder(['silk-balconette-bra', 'high-waist-silk-brief'], email);
    const res = await refund({ orderId, method: 'store_credit', restock: false });
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
  });

  it('issues one store credit balance of exactly the refund amount, to the order email, and marks the return refunded', async () => {
    const { returnRequest } = await orderRow(orderId);
    expect(returnRequest!.totalRefundCents).toBeGreaterThan(0);
    expect(answer).toMatchObject({
      ok: true,
      orderId,
      method: 'store_credit',
      refund: returnRequest!.totalRefundCents / 100,
      restocked: 0,
      emailed: true,
    });
    expect(answer.giftCode).toMatch(/^CREDIT-[A-HJ-NP-Z2-9]{8}$/);
    const codes = await creditCodes(email);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ code: answer.giftCode, remainingCents: returnRequest!.totalRefundCents });
    expect(answer.balance).toBe(answer.refund);
    expect(returnRequest).toMatchObject({
      refundMethod: 'store_credit',
      giftCode: answer.giftCode,
      refundedAt: answer.refundedAt,
      creditSelected: true,
      restocked: 0,
    });
    expect(returnRequest!.refundPendingAt).toBeUndefined();
  });

  it('emails the code to the shopper through the outbox, in HTML and text', async () => {
    const [mail] = await mailsOf('store_credit', email);
    expect(mail).toBeDefined();
    const amount = formatPrice(Math.round(answer.refund * 100));
    expect(mail!.subject).toBe(`Your Murashki store credit of ${amount}`);
    for (const part of [mail!.html, mail!.text]) {
      expect(part).toContain(answer.giftCode);
      expect(part).toContain(amount);
      expect(part).toContain('Silk Balconette Bra');
    }
    await outboxWorker(t.db, t.mailer, quietLog).runOnce();
    const sent = sink.received.find((m) => m.subject === mail!.subject);
    expect(sent?.to).toEqual([email]);
    expect(sent?.raw).toMatch(/Content-Type: text\/html/i);
    expect(sent?.raw).toMatch(/Content-Type: text\/plain/i);
  });

  it('shows the order as refunded in the Orders tab, with its code', async () => {
    const [listed] = (await t.admin('GET', `/admin/api/getPlacedOrders?search=${orderId}`)).json() as PlacedOrder[];
    expect(listed!.returnRequest).toMatchObject({
      refundedAt: answer.refundedAt,
      refundMethod: 'store_credit',
      giftCode: answer.giftCode,
      restocked: 0,
      creditSelected: true,
    });
    expect(listed!.returnRequest!.items).toEqual([
      { index: 0, quantity: 1 },
      { index: 1, quantity: 1 },
    ]);
  });

  it('refuses a second refund with a 409 that says so, and issues no second code or email', async () => {
    for (const method of ['store_credit', 'original_payment']) {
      const res = await refund({ orderId, method, restock: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        new RegExp(`^The return of order #${orderId} was already refunded to store credit \\(${answer.giftCode}\\)`),
      );
    }
    expect(await creditCodes(email)).toHaveLength(1);
    expect(await mailsOf('store_credit', email)).toHaveLength(1);
    expect((await orderRow(orderId)).returnRequest!.restocked).toBe(0);
  });

  it('the code is a balance at checkout: the box accepts it, the order spends it after tax and shipping, and it is then used up', async () => {
    const code = answer.giftCode!;
    const sid = (await t.app.inject({ method: 'GET', url: '/token' })).cookies.find((c) => c.name === 'sid')!;
    const check = await t.app.inject({
      method: 'POST',
      url: '/applyPromo',
      payload: { promo: code.toLowerCase() },
      headers: { cookie: `sid=${sid.value}` },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      success: true,
      promo: null,
      balance: { code, kind: 'store_credit', available: answer.refund },
    });

    // Three pieces cost more than the credit: it is all spent, and the rest is charged.
    const piece = selectionOf(all, 'silk-balconette-bra');
    const next = await placeOrder(t.app, {
      pieces: [piece, piece, piece],
      shopper: { ...US_SHOPPER, email },
      promo: code,
    });
    const placed = await orderRow(next);
    expect(placed.promo).toBeNull();
    expect(placed.discountCents).toBe(0);
    expect(placed).toMatchObject({ balanceCode: code, balanceCents: Math.round(answer.refund * 100) });
    expect((await creditCodes(email))[0]!.remainingCents).toBe(0);

    await expect(
      placeOrder(t.app, {
        pieces: [selectionOf(all, 'silk-balconette-bra')],
        shopper: { ...US_SHOPPER, email },
        promo: code,
      }),
    ).rejects.toThrow(/refused/);
  });
});

describe('POST /admin/api/refundReturn to the original payment', () => {
  const email = 'card.shopper@example.com';

  it('refunds the refund amount through the payment provider and emails the shopper', async () => {
    const orderId = await returnedOrder(['high-waist-silk-brief'], email);
    const before = await orderRow(orderId);
    const res = await refund({ orderId, method: 'original_payment', restock: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RefundReturnAnswer;
    expect(answer).toMatchObject({
      ok: true,
      method: 'original_payment',
      refund: before.returnRequest!.totalRefundCents / 100,
      restocked: 0,
    });
    expect(answer.providerRefundId).toMatch(/^re_sandbox_/);
    expect(answer.giftCode).toBeUndefined();

    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, before.paymentReference!));
    expect(payment!.amountRefundedCents).toBe(before.returnRequest!.totalRefundCents);
    // Shipping is not refunded.
    expect(payment!.amountRefundedCents).toBe(before.totalCents - before.shippingCents);

    const after = await orderRow(orderId);
    expect(after.returnRequest).toMatchObject({
      refundMethod: 'original_payment',
      providerRefundId: answer.providerRefundId,
      refundedAt: answer.refundedAt,
    });
    expect(after.returnRequest!.refundPendingAt).toBeUndefined();
    const [mail] = await mailsOf('refund', email);
    expect(mail!.subject).toBe(`Your refund of ${formatPrice(Math.round(answer.refund * 100))} for order #${orderId}`);
    expect(mail!.text).toContain('Visa •••• 4242');
    expect(await creditCodes(email)).toHaveLength(0);

    const again = await refund({ orderId, method: 'original_payment', restock: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already refunded to the original payment/);
    const [unchanged] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, before.paymentReference!));
    expect(unchanged!.amountRefundedCents).toBe(before.returnRequest!.totalRefundCents);
  });

  it('shows the provider message when the provider refuses, and marks nothing refunded', async () => {
    const orderId = await returnedOrder(['silk-bikini-brief'], email);
    const { paymentReference } = await orderRow(orderId);
    // Someone refunded the whole payment in the provider's dashboard already.
    await t.app.ctx.services.payments.card.refund(paymentReference!);
    const res = await refund({ orderId, method: 'original_payment', restock: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The payment provider refused the refund: This payment cannot be refunded by that amount',
    );
    const { returnRequest } = await orderRow(orderId);
    expect(returnRequest!.refundedAt).toBeUndefined();
    expect(returnRequest!.refundPendingAt).toBeUndefined();
    expect(returnRequest!.restocked).toBeUndefined();
    // The return can still be refunded another way.
    const credit = await refund({ orderId, method: 'store_credit', restock: false });
    expect(credit.statusCode, credit.body).toBe(200);
  });
});

describe('once only, when two refunds race', () => {
  it.each(['store_credit', 'original_payment'] as const)(
    'two %s refunds at once: one succeeds, the other is refused, one refund happens',
    async (method) => {
      const email = `race.${method}@example.com`;
      const orderId = await returnedOrder(['silk-balconette-bra'], email);
      const { paymentReference, returnRequest } = await orderRow(orderId);
      const answers = await Promise.all([
        refund({ orderId, method, restock: true }),
        refund({ orderId, method, restock: true }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(
        /already refunded|is not confirmed yet/,
      );
      const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentReference!));
      expect(payment!.amountRefundedCents).toBe(method === 'original_payment' ? returnRequest!.totalRefundCents : 0);
      expect(await creditCodes(email)).toHaveLength(method === 'store_credit' ? 1 : 0);
      expect(await mailsOf(method === 'store_credit' ? 'store_credit' : 'refund', email)).toHaveLength(1);
      expect((await orderRow(orderId)).returnRequest!.restocked).toBe(1);
    },
  );

  it('a store credit and an original payment refund at once: exactly one of them', async () => {
    const email = 'race.mixed@example.com';
    const orderId = await returnedOrder(['high-waist-silk-brief'], email);
    const { paymentReference } = await orderRow(orderId);
    const answers = await Promise.all([
      refund({ orderId, method: 'original_payment', restock: false }),
      refund({ orderId, method: 'store_credit', restock: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentReference!));
    const codes = await creditCodes(email);
    expect((payment!.amountRefundedCents > 0 ? 1 : 0) + codes.length).toBe(1);
  });
});

describe('restock', () => {
  it('puts every returned piece back into the stock of its size when chosen, in the same change', async () => {
    const orderId = await returnedOrder(
      ['high-waist-silk-brief', 'high-waist-silk-brief', 'silk-balconette-bra'],
      'restock@example.com',
    );
    const { lines } = await orderRow(orderId);
    const before = await Promise.all(lines.map(stockOf));
    expect(before.every((s) => typeof s === 'number')).toBe(true);
    const res = await refund({ orderId, method: 'store_credit', restock: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restocked).toBe(3);
    expect(await Promise.all(lines.map(stockOf))).toEqual(lines.map((l, i) => before[i]! + l.quantity));
    expect((await orderRow(orderId)).returnRequest!.restocked).toBe(3);
  });

  it('leaves the stock alone when not chosen', async () => {
    const orderId = await returnedOrder(['silk-balconette-bra'], 'norestock@example.com');
    const { lines } = await orderRow(orderId);
    const before = await stockOf(lines[0]!);
    expect((await refund({ orderId, method: 'original_payment', restock: false })).statusCode).toBe(200);
    expect(await stockOf(lines[0]!)).toBe(before);
  });
});

describe('refused calls', () => {
  it('answers 401 without the owner signed in, and refunds nothing', async () => {
    const orderId = await returnedOrder(['silk-balconette-bra'], 'nosession@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/refundReturn',
      payload: { orderId, method: 'store_credit', restock: false },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(401);
    expect((await orderRow(orderId)).returnRequest!.refundedAt).toBeUndefined();
    expect(await creditCodes('nosession@example.com')).toHaveLength(0);
  });

  it.each([
    ['no method', { orderId: 1234567890, restock: false }, /^Method /],
    [
      'an unknown method',
      { orderId: 1234567890, method: 'cash', restock: false },
      /^Method must be 'store_credit' or 'original_payment'/,
    ],
    [
      'restock as text',
      { orderId: 1234567890, method: 'store_credit', restock: 'yes' },
      /^Restock must be true or false/,
    ],
    ['no restock', { orderId: 1234567890, method: 'store_credit' }, /^Restock /],
    [
      'letters for the order',
      { orderId: 'abc', method: 'store_credit', restock: false },
      /^Please enter your order number/,
    ],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const res = await refund(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 for an order that does not exist, and 409 for an order without a return', async () => {
    const missing = await refund({ orderId: 1_234_567_890, method: 'store_credit', restock: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no order #1234567890');
    const orderId = await placeOrder(t.app, { pieces: [selectionOf(all, 'silk-balconette-bra')] });
    const res = await refund({ orderId, method: 'store_credit', restock: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order #${orderId} has no return to refund`);
  });

  it('a refunded return takes no new pieces from the shopper', async () => {
    const orderId = await returnedOrder(['silk-balconette-bra'], 'closed@example.com');
    expect((await refund({ orderId, method: 'store_credit', restock: false })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: { creditSelected: false, orderId, items: [{ index: 0, quantity: 1 }], international: false },
      remoteAddress: `10.7.1.${++clients}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The return for this order has already been refunded/);
    // The return page is told, so it offers no piece to choose.
    const details = await t.app.inject({
      method: 'POST',
      url: '/orderDetailsById',
      payload: { orderId },
      remoteAddress: `10.7.1.${++clients}`,
    });
    expect(details.json()).toMatchObject({ status: 'success', shipped: true, refunded: true });
  });
});

describe("the Orders tab's returnRequest, with the spec's fields (§3 Order: creditSelected, tracking_number, tracking_url_provider)", () => {
  const listed = async (orderId: number) => {
    const res = await t.admin('GET', `/admin/api/getPlacedOrders?search=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PlacedOrder[])[0]!;
  };

  it('a requested return is not store credit and has no return tracking; the order keeps its own tracking', async () => {
    const orderId = await returnedOrder(['silk-bikini-brief'], 'listed.return@example.com');
    const requested = await listed(orderId);
    expect(requested.trackingNumber).toBe(`TRK${orderId}`);
    expect(requested.returnRequest).toMatchObject({
      creditSelected: false,
      tracking_number: null,
      tracking_url_provider: null,
    });
    expect(requested.returnRequest!.refundedAt).toBeUndefined();

    expect((await refund({ orderId, method: 'original_payment', restock: false })).statusCode).toBe(200);
    expect((await listed(orderId)).returnRequest).toMatchObject({
      creditSelected: false,
      refundMethod: 'original_payment',
      tracking_number: null,
      tracking_url_provider: null,
    });
  });

  it('sends the tracking of the parcel coming back when the stored return carries one', async () => {
    const orderId = await returnedOrder(['high-waist-silk-brief'], 'listed.parcel@example.com');
    const { returnRequest } = await orderRow(orderId);
    await t.db
      .update(orders)
      .set({
        returnRequest: {
          ...returnRequest!,
          trackingNumber: 'RET9400111',
          trackingUrlProvider: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=RET9400111',
        },
      })
      .where(eq(orders.id, orderId));
    expect((await listed(orderId)).returnRequest).toMatchObject({
      creditSelected: false,
      tracking_number: 'RET9400111',
      tracking_url_provider: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=RET9400111',
    });
  });
});

describe('refunding what the owner confirmed', () => {
  const requestPieces = async (orderId: number, indexes: number[]) => {
    const { lines } = await orderRow(orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: {
        creditSelected: false,
        orderId,
        items: indexes.map((index) => ({ index, quantity: lines[index]!.quantity })),
        international: false,
      },
      remoteAddress: `10.7.1.${++clients}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await orderRow(orderId)).returnRequest!.totalRefundCents;
  };
  const shipped = async (orderId: number) => {
    const res = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId,
      trackingNumber: `TRK${orderId}`,
      trackingUrlLink: `https://track.example/${orderId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses a refund when the return grew after the owner saw it, says the new amount, and refunds nothing; the new amount goes through', async () => {
    const email = 'grew.shopper@example.com';
    const orderId = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-camisole'), selectionOf(all, 'satin-thong')],
      shopper: { ...US_SHOPPER, email },
    });
    await shipped(orderId);
    const shown = await requestPieces(orderId, [0]);
    // The shopper returns the other piece while the owner's page still shows the first amount.
    const now = await requestPieces(orderId, [1]);
    expect(now).toBeGreaterThan(shown);

    const refused = await refund({ orderId, method: 'store_credit', restock: false, amount: shown / 100 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `The return of order #${orderId} changed since it was shown: the refund is now ${formatPrice(now)}, not ${formatPrice(shown)}. Nothing was refunded; review it and refund again.`,
    );
    expect(await creditCodes(email)).toHaveLength(0);
    expect((await orderRow(orderId)).returnRequest!.refundedAt).toBeUndefined();

    const done = await refund({ orderId, method: 'store_credit', restock: false, amount: now / 100 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ refund: now / 100 });
  });

  it('closes a return that comes to $0 (its pieces were paid by a code): restocked if asked, no payment, no code, no email', async () => {
    const email = 'zero.shopper@example.com';
    await t.db
      .insert(promotions)
      .values({ code: 'ALLGOODS500', type: 'dollarAmount', discountCents: 50_000, kind: 'campaign' });
    const orderId = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-camisole')],
      shopper: { ...US_SHOPPER, email },
      promo: 'ALLGOODS500',
    });
    await shipped(orderId);
    expect(await requestPieces(orderId, [0])).toBe(0);
    const [line] = (await orderRow(orderId)).lines;
    const before = await stockOf(line!);

    const res = await refund({ orderId, method: 'original_payment', restock: true, amount: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, orderId, refund: 0, restocked: 1, emailed: false });
    expect(res.json().providerRefundId).toBeUndefined();
    expect(await stockOf(line!)).toBe(before! + 1);
    expect((await orderRow(orderId)).returnRequest!.refundedAt).toBeDefined();
    expect(await creditCodes(email)).toHaveLength(0);
    expect(await mailsOf('refund', email)).toHaveLength(0);
    // And only once.
    expect((await refund({ orderId, method: 'store_credit', restock: true })).statusCode).toBe(409);
  });

  it('answers 400 for an amount that is not a number of dollars', async () => {
    for (const amount of [-1, 'ten', 1e12]) {
      const res = await refund({ orderId: 1234567, method: 'store_credit', restock: false, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toMatch(/amount/i);
    }
  });
});
