// Placing an order, step by step, against the real database with a fake card provider (a small
// PaymentProvider written here, no mocking library): a failed capture undoes the order, a capture a
// time-out hid or a crash left behind is settled, an authorisation is released when the bag changed,
// and the order's emails stay held for as long as the capture can take.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Selection } from '../../../contract/cart.js';
import type { Item } from '../../../contract/catalog.js';
import { carts, emailOutbox, orders } from '../../db/schema.js';
import { outboxWorker } from '../../jobs/outbox.js';
import type { ExpressProvider } from '../../providers/payment/express-provider.js';
import {
  PaymentError,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentStatus,
} from '../../providers/payment/payment-provider.js';
import { tableTaxProvider } from '../../providers/tax/tax-provider.js';
import { selectionOf } from '../../../../tests/support/place-order.js';
import { US_SHOPPER } from '../../../../tests/support/shoppers.js';
import { sizeKeyOf, sizeRowOf } from '../../../../tests/support/sizes.js';
import { cookieFrom, createTestApp, storefrontItems, type TestApp } from '../../../../tests/support/test-app.js';
import { CAPTURE_GRACE_MS, CAPTURE_MAX_MS, CONFIRMATION_HOLD_MS } from './capture-timing.js';
import { BagChanged, PaymentRequired } from './checkout-errors.js';
import { checkoutRepository } from './checkout-repository.js';
import { sessionOf, type CheckoutDeps } from './checkout-session.js';
import { capturePayment, recoverCaptures } from './place-order-capture.js';
import { createOrder } from './place-order-record.js';
import type { PlaceOrderInput } from './place-order-types.js';
import { paymentClaimOf, placeOrder, priceCheckout, validateCheckout, verifyPayment } from './place-order.js';
import { pricingReads } from './pricing.js';

// ---------- a fake card provider ----------

/** A card provider in memory: intents it was told about, the calls made, and what capture does. */
function fakeCard(
  behaviour: {
    /** What capture does; by default it takes the money. */
    capture?: (intent: PaymentIntent) => Promise<void>;
    /** Runs when the checkout looks the intent up (verifyPayment), e.g. to change the bag meanwhile. */
    onRetrieve?: () => Promise<void>;
  } = {},
) {
  const intents = new Map<string, PaymentIntent>();
  const calls: string[] = [];
  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new PaymentError('No such payment', 'resource_missing');
    return intent;
  };
  const provider: PaymentProvider = {
    name: 'sandbox',
    publishableKey: 'fake',
    async createIntent() {
      throw new Error('not used here');
    },
    async retrieve(id) {
      calls.push(`retrieve ${id}`);
      await behaviour.onRetrieve?.();
      return { ...intentOf(id) };
    },
    async capture(id) {
      calls.push(`capture ${id}`);
      const intent = intentOf(id);
      if (behaviour.capture) await behaviour.capture(intent);
      else Object.assign(intent, { status: 'succeeded', amountCapturedCents: intent.amountCents });
      return { ...intent };
    },
    async cancel(id) {
      calls.push(`cancel ${id}`);
      return Object.assign(intentOf(id), { status: 'canceled' as PaymentStatus });
    },
    async refund() {
      throw new Error('not used here');
    },
  };
  return {
    provider,
    calls,
    intents,
    /** The shopper's browser authorised `amountCents` on a new intent. */
    authorise(id: string, amountCents: number) {
      intents.set(id, {
        id,
        status: 'requires_capture',
        amountCents,
        amountCapturedCents: 0,
        currency: 'usd',
        description: 'Visa •••• 4242',
      });
    },
  };
}

const noPaypal: ExpressProvider = new Proxy({} as ExpressProvider, {
  get: (_, key) =>
    key === 'name' ? 'sandbox' : key === 'clientId' ? 'fake' : () => Promise.reject(new Error('no PayPal here')),
});

// ---------- the shop around it ----------

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

function depsWith(card: PaymentProvider, clock: () => Date = () => new Date()): CheckoutDeps {
  const { catalog, readModel, shipping, shopContact: shop, offer } = t.app.ctx.services;
  return {
    db: t.db,
    catalog,
    readModel,
    clock,
    payments: { card, express: noPaypal },
    tax: tableTaxProvider(),
    shipping,
    shop,
    offer,
    log: quietLog,
  };
}

const post = async (url: string, payload: unknown, cookie: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as unknown;
};

let intentCount = 0;

/**
 * A shopper with `piece` in the bag and their shipping chosen, and the card authorised (on `card`)
 * for exactly what the server asks: the session, the /placeOrder input and the intent id.
 */
async function readyToPay(card: ReturnType<typeof fakeCard>, email: string, piece: Selection) {
  const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  await post('/addToCart', [piece], cookie);
  const shopper = { ...US_SHOPPER, email };
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: shopper }, cookie)) as { type: string }[];
  const sessionId = t.app.unsignCookie(decodeURIComponent(cookie.slice('sid='.length))).value!;
  const intentId = `pi_fake_${++intentCount}`;
  const input: PlaceOrderInput = {
    shippingInfo: shopper,
    shippingType: option!.type,
    additionalInfo: { paymentIntentId: intentId },
  };
  // What the server will ask for: the same pricing step placeOrder runs.
  const deps = depsWith(card.provider);
  const before = await sessionOf(deps, sessionId);
  const valid = await validateCheckout(deps, sessionId, input, paymentClaimOf(input.additionalInfo));
  if (!('bag' in valid)) throw new Error('expected a bag');
  const priced = await priceCheckout({ db: t.db, pricing: pricingReads(deps) }, before, valid.bag, input);
  card.authorise(intentId, priced.totals.dueCents);
  await checkoutRepository(t.db).patchSession(sessionId, { paymentIntentId: intentId });
  return { cookie, sessionId, input, intentId, session: await sessionOf(deps, sessionId) };
}

const piece = () => selectionOf(all, 'silk-balconette-bra');
const stockOf = async (sel: Selection) => (await sizeRowOf(t.db, sizeKeyOf(all, sel))).stock;
async function setStock(sel: Selection, stock: number) {
  const { id } = await sizeRowOf(t.db, sizeKeyOf(all, sel));
  await t.db.execute(sql`update sizes set stock = ${stock}, sold_out = false where id = ${id}`);
  await t.app.ctx.services.readModel.invalidate();
}
const ordersOf = (email: string) => t.db.select().from(orders).where(eq(orders.email, email));
const confirmationsTo = (email: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'order_confirmation')));

// Every test starts with the piece well in stock (earlier ones took some).
beforeEach(() => setStock(piece(), 50));

// ---------- the steps ----------

describe('placing an order with a fake card provider', () => {
  it('undoes the order and gives the stock back when the capture fails, and releases the authorisation', async () => {
    const sel = piece();
    await setStock(sel, 3);
    const card = fakeCard({
      capture: async () => {
        throw new PaymentError('Your card was declined', 'card_declined');
      },
    });
    const email = 'capture-fails@example.com';
    const { session, input, intentId } = await readyToPay(card, email, sel);

    const placing = placeOrder(depsWith(card.provider), session, input);
    await expect(placing).rejects.toBeInstanceOf(PaymentRequired);
    await expect(placing).rejects.toMatchObject({ statusCode: 402, message: 'Your card was declined' });

    expect(await ordersOf(email)).toEqual([]);
    expect(await stockOf(sel)).toBe(3);
    expect(await confirmationsTo(email)).toEqual([]);
    // The bag is open again (no order holds it) and the card is not left authorised.
    const [cart] = await t.db.select().from(carts).where(eq(carts.sessionId, session.id));
    expect(cart!.orderId).toBeNull();
    expect(card.calls).toContain(`cancel ${intentId}`);
    expect(card.intents.get(intentId)!.status).toBe('canceled');
  });

  it('keeps the order when a time-out hid a capture that took the money', async () => {
    const sel = piece();
    await setStock(sel, 3);
    const card = fakeCard({
      capture: async (intent) => {
        Object.assign(intent, { status: 'succeeded', amountCapturedCents: intent.amountCents });
        throw new Error('socket hang up');
      },
    });
    const email = 'capture-timed-out@example.com';
    const { session, input, intentId } = await readyToPay(card, email, sel);

    const { orderId } = await placeOrder(depsWith(card.provider), session, input);
    const [order] = await ordersOf(email);
    expect(order!.id).toBe(orderId);
    expect(order!.pendingCaptureId).toBeNull();
    expect(order!.paymentReference).toBe(intentId);
    expect(await stockOf(sel)).toBe(2);
    expect(card.calls.filter((c) => c.startsWith('cancel'))).toEqual([]);
    const [confirmation] = await confirmationsTo(email);
    expect(confirmation!.lockedUntil).toBeNull();
  });

  it('capture recovery captures an order a crash left authorised, once it is older than the grace', async () => {
    const card = fakeCard();
    const email = 'crashed-before-capture@example.com';
    const { session, input, intentId } = await readyToPay(card, email, piece());
    const deps = depsWith(card.provider);

    // Steps 1–4, then the server dies before step 5.
    const claim = paymentClaimOf(input.additionalInfo);
    const valid = await validateCheckout(deps, session.id, input, claim);
    if (!('bag' in valid)) throw new Error('expected a bag');
    const priced = await priceCheckout({ db: t.db, pricing: pricingReads(deps) }, session, valid.bag, input);
    const paid = await verifyPayment(deps.payments, session.data, priced, claim);
    const made = await createOrder(deps, session.id, priced, paid);
    if (!('placed' in made)) throw new Error('expected a new order');
    expect(made.placed.order.pendingCaptureId).toBe(intentId);

    // A young order is its checkout's to capture — even one whose capture is as slow as a capture can
    // be: recovery taking the money then could leave it taken for an order the checkout undoes.
    expect(await recoverCaptures(deps)).toBe(0);
    const slowestCapture = () => new Date(Date.now() + CAPTURE_MAX_MS);
    expect(await recoverCaptures(depsWith(card.provider, slowestCapture))).toBe(0);
    expect(card.calls).not.toContain(`capture ${intentId}`);

    // On a clock past the grace, the pass captures it and notes it.
    const later = () => new Date(Date.now() + CAPTURE_GRACE_MS + 1_000);
    expect(await recoverCaptures(depsWith(card.provider, later))).toBe(1);
    expect(card.calls).toContain(`capture ${intentId}`);
    expect(card.intents.get(intentId)!.status).toBe('succeeded');
    const [order] = await ordersOf(email);
    expect(order!.pendingCaptureId).toBeNull();
    // Nothing left for the next pass.
    expect(await recoverCaptures(depsWith(card.provider, later))).toBe(0);
  });

  it('releases the authorisation when the bag changed after it was priced', async () => {
    let changeBag: (() => Promise<void>) | undefined;
    const card = fakeCard({ onRetrieve: () => changeBag?.() ?? Promise.resolve() });
    const email = 'bag-changed@example.com';
    const { cookie, session, input, intentId } = await readyToPay(card, email, piece());
    // Another tab adds a piece while the payment is being verified.
    changeBag = async () => {
      changeBag = undefined;
      await post('/addToCart', [selectionOf(all, 'silk-balconette-bra')], cookie);
    };

    await expect(placeOrder(depsWith(card.provider), session, input)).rejects.toBeInstanceOf(BagChanged);
    expect(await ordersOf(email)).toEqual([]);
    expect(card.calls).toContain(`cancel ${intentId}`);
    expect(card.calls).not.toContain(`capture ${intentId}`);
    // The session forgets the released payment: the next ask opens a fresh one.
    const after = await sessionOf(depsWith(card.provider), session.id);
    expect(after.data.paymentIntentId).toBeUndefined();
    expect(after.data.paymentAttempt).toBe(1);
  });
});

describe('the held confirmation', () => {
  it('outlasts the longest capture, and the capture-recovery pass after a crash', () => {
    expect(CONFIRMATION_HOLD_MS).toBeGreaterThanOrEqual(CAPTURE_MAX_MS + CAPTURE_GRACE_MS);
    expect(CONFIRMATION_HOLD_MS).toBeGreaterThan(2 * 60_000);
  });

  it('is not sent while a capture is still running after 2 minutes; it leaves once the capture took the money', async () => {
    let finishCapture: () => void = () => {};
    const captureRunning = new Promise<void>((resolve) => {
      finishCapture = resolve;
    });
    let captureStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      captureStarted = resolve;
    });
    const card = fakeCard({
      capture: async (intent) => {
        captureStarted();
        await captureRunning;
        Object.assign(intent, { status: 'succeeded', amountCapturedCents: intent.amountCents });
      },
    });
    const email = 'slow-capture@example.com';
    const { session, input } = await readyToPay(card, email, piece());
    const placing = placeOrder(depsWith(card.provider), session, input);
    await started;

    const [held] = await confirmationsTo(email);
    const [{ heldForMs }] = rowsOf<{ heldForMs: number }>(
      await t.db.execute(
        sql`select extract(epoch from (locked_until - now())) * 1000 as "heldForMs" from email_outbox where id = ${held!.id}`,
      ),
    );
    expect(Number(heldForMs)).toBeGreaterThan(CONFIRMATION_HOLD_MS - 30_000);
    expect(Number(heldForMs)).toBeLessThanOrEqual(CONFIRMATION_HOLD_MS + 1_000);

    // Two minutes and a second pass (the database's clock cannot be moved, so the hold is moved back by as much).
    await t.db.execute(
      sql`update email_outbox set locked_until = locked_until - interval '2 minutes 1 second' where id = ${held!.id}`,
    );
    const worker = outboxWorker(t.db, t.mailer, quietLog);
    await worker.runOnce();
    const [stillHeld] = await confirmationsTo(email);
    expect(stillHeld!.status).toBe('pending');
    expect(stillHeld!.attempts).toBe(0);

    finishCapture();
    await placing;
    await worker.runOnce();
    const [sent] = await confirmationsTo(email);
    expect(sent!.status).toBe('sent');
  });

  it("answers the held confirmation's own outbox row (enqueueEmail's id), which the capture releases", async () => {
    const card = fakeCard();
    const email = 'held-alike@example.com';
    const { session, input } = await readyToPay(card, email, piece());
    const deps = depsWith(card.provider);
    const claim = paymentClaimOf(input.additionalInfo);
    const valid = await validateCheckout(deps, session.id, input, claim);
    if (!('bag' in valid)) throw new Error('expected a bag');
    const priced = await priceCheckout({ db: t.db, pricing: pricingReads(deps) }, session, valid.bag, input);
    const paid = await verifyPayment(deps.payments, session.data, priced, claim);
    const made = await createOrder(deps, session.id, priced, paid);
    if (!('placed' in made)) throw new Error('expected a new order');
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, made.placed.emailId));
    expect(row!.kind).toBe('order_confirmation');
    expect(row!.to).toBe(email);
    expect(row!.lockedUntil).not.toBeNull();

    await capturePayment(deps, made.placed, paid);
    const [released] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, made.placed.emailId));
    expect(released!.lockedUntil).toBeNull();
  });
});

/** node-postgres and PGlite both answer `{ rows }` from execute(). */
function rowsOf<T>(result: unknown): [T, ...T[]] {
  return (result as { rows: [T, ...T[]] }).rows;
}
