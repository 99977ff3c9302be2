// A local fake of the parts of Stripe's HTTP API the shop uses (PaymentIntents with manual
// capture, refunds), with Stripe's answer and error shapes, so the real SDK can be tested offline.
// Issue 29: it also sends webhook events to the shop, signed as Stripe signs them (block below).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeTaxFake } from './stripe-tax-fake.js'; // Stripe Tax (issue 29 #6)

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  // payments (issue 29 #1): the methods the intent allows, as Stripe answers them.
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
};
type Card = { brand: string; last4: string };

export async function startStripeFake(secretKey = 'sk_test_fake') {
  const intents = new Map<string, Intent>();
  const cards = new Map<string, Card>();
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string }[] = [];
  const tax = stripeTaxFake(); // Stripe Tax (issue 29 #6)

  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

  // ---- payments (issue 29 #1): what the Payment Element path needs ----
  /** Payment methods other than a plain card (a wallet's card, Link), as Stripe expands them. */
  const methods = new Map<string, Record<string, unknown>>();
  /** allowed_payment_method_types[i] as sent; Stripe answers the compatible ones as payment_method_types. */
  function allowedTypesOf(form: URLSearchParams) {
    const allowed = [...form].filter(([k]) => /^allowed_payment_method_types\[\d*\]$/.test(k)).map(([, v]) => v);
    return {
      allowed_payment_method_types: allowed.length > 0 ? allowed : null,
      payment_method_types: allowed.length > 0 ? allowed : ['card'],
    };
  }
  /** What Stripe.js does when the shopper pays with `method`: refused unless the intent allows its type. */
  function confirmWith(piId: string, method: Record<string, unknown> & { type: string }) {
    const pi = intents.get(piId);
    if (!pi)
      return { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } };
    if (!pi.payment_method_types.includes(method.type))
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_invalid_parameter',
          message: `The payment method type provided: ${method.type} is invalid. This payment_intent's allowed payment method types are: ${pi.payment_method_types.join(', ')}.`,
        },
      };
    if (pi.status !== 'requires_payment_method')
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
        },
      };
    const pm = id('pm');
    methods.set(pm, { id: pm, object: 'payment_method', ...method });
    pi.payment_method = pm;
    pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    if (pi.status === 'succeeded') pi.amount_received = pi.amount;
    return { paymentIntent: { id: pi.id, status: pi.status } };
  }
  // ---- end of payments (issue 29 #1) ----
  const fail = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, code } },
  });

  function route(
    method: string,
    path: string,
    form: URLSearchParams,
    query: URLSearchParams,
  ): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50)
        return fail(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
      const pi: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        capture_method: form.get('capture_method') ?? 'automatic',
        client_secret: '',
        status: 'requires_payment_method',
        metadata: Object.fromEntries(
          [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
        ),
        payment_method: null,
        ...allowedTypesOf(form),
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(pi.id, pi);
      return { status: 200, body: pi };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi) return fail(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, 'resource_missing');
      const view = () => ({
        ...pi,
        payment_method:
          pi.payment_method && [...query].some(([k, v]) => k.startsWith('expand[') && v === 'payment_method')
            ? (methods.get(pi.payment_method) ?? {
                id: pi.payment_method,
                object: 'payment_method',
                type: 'card',
                card: cards.get(pi.payment_method),
              })
            : pi.payment_method,
      });
      if (method === 'GET' && !m[2]) return { status: 200, body: view() };
      if (method === 'POST' && m[2] === '/capture') {
        if (pi.status !== 'requires_capture') {
          return fail(
            400,
            'invalid_request_error',
            `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        webhookOnCapture(pi); // issue 29
        return { status: 200, body: view() };
      }
      if (method === 'POST' && m[2] === '/cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled') {
          return fail(
            400,
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        pi.status = 'canceled';
        return { status: 200, body: view() };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.get('payment_intent') ?? '');
      if (!pi)
        return fail(
          404,
          'invalid_request_error',
          `No such payment_intent: '${form.get('payment_intent')}'`,
          'resource_missing',
        );
      const left = pi.amount_received - (refunded.get(pi.id) ?? 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : left;
      if (pi.status !== 'succeeded')
        return fail(
          400,
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
          'charge_not_refundable',
        );
      if (amount > left || amount <= 0)
        return fail(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount_too_large',
        );
      refunded.set(pi.id, (refunded.get(pi.id) ?? 0) + amount);
      // Issue 29: the refund as Stripe keeps it (with its metadata), and its events to the shop.
      const refund = refundOf(pi, amount, 'succeeded', metadataOf(form));
      webhookOnRefund(pi, refund);
      return { status: 200, body: refund };
    }
    // --- Stripe Tax (issue 29 #6): POST /v1/tax/calculations, in stripe-tax-fake.ts ---
    const taxAnswer = tax.route(method, path, form);
    if (taxAnswer) return taxAnswer;
    // --- end of Stripe Tax ---
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.fake');
    requests.push({ method: req.method ?? '', path: url.pathname });
    let answer: { status: number; body: unknown };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      answer = fail(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_*****');
    } else {
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : undefined;
      answer =
        (cacheKey && idempotent.get(cacheKey)) ||
        route(
          req.method ?? 'GET',
          url.pathname,
          new URLSearchParams(Buffer.concat(chunks).toString()),
          url.searchParams,
        );
      if (cacheKey && answer.status < 500) idempotent.set(cacheKey, answer);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(answer.body));
  }

  // ---------- issue 29 (webhooks): events signed as Stripe signs them, posted to the shop ----------
  // Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the whsec_ secret>`.
  // API captures and refunds send their events as Stripe does; the dashboard helpers change the
  // fake's state as an action in Stripe's dashboard would, then post its events.
  type StripeRefund = {
    id: string;
    object: 'refund';
    amount: number;
    currency: string;
    payment_intent: string;
    charge: string;
    status: 'pending' | 'succeeded' | 'failed' | 'canceled';
    metadata: Record<string, string>;
    created: number;
  };
  type StripeDispute = {
    id: string;
    object: 'dispute';
    amount: number;
    currency: string;
    charge: string;
    payment_intent: string;
    reason: string;
    status: string;
    evidence_details: { due_by: number };
    created: number;
  };
  const charges = new Map<string, string>();
  const disputes = new Map<string, StripeDispute>();
  let endpoint: { url: string; secret: string } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const sent: StripeEvent[] = [];
  const seconds = () => Math.floor(Date.now() / 1000);

  function metadataOf(form: URLSearchParams): Record<string, string> {
    return Object.fromEntries(
      [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
  }
  function chargeIdOf(pi: Intent) {
    const known = charges.get(pi.id);
    if (known) return known;
    const chargeId = id('ch');
    charges.set(pi.id, chargeId);
    return chargeId;
  }
  function chargeOf(pi: Intent) {
    const amountRefunded = refunded.get(pi.id) ?? 0;
    return {
      id: chargeIdOf(pi),
      object: 'charge' as const,
      amount: pi.amount,
      amount_captured: pi.amount_received,
      amount_refunded: amountRefunded,
      refunded: pi.amount_received > 0 && amountRefunded >= pi.amount_received,
      captured: pi.status === 'succeeded',
      currency: pi.currency,
      payment_intent: pi.id,
      status: 'succeeded',
    };
  }
  function refundOf(pi: Intent, amount: number, status: StripeRefund['status'], metadata: Record<string, string>) {
    return {
      id: id('re'),
      object: 'refund' as const,
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: chargeIdOf(pi),
      status,
      metadata,
      created: seconds(),
    };
  }
  /** An event as Stripe writes it (`created` in unix seconds; an older time for a late arrival). */
  function stripeEvent(type: string, object: object, created = seconds()): StripeEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
  /**
   * Posts one event to the shop now, signed with the endpoint's secret at `timestamp` (now), as
   * Stripe does; `signature` replaces the header (null: none at all), `body` the bytes sent.
   */
  async function deliverEvent(
    event: StripeEvent,
    options: { timestamp?: number; secret?: string; signature?: string | null; body?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    if (!endpoint) throw new Error('the Stripe fake has no webhook endpoint: call sendEventsTo first');
    const payload = JSON.stringify(event, null, 2);
    const header =
      options.signature === undefined
        ? stripeSignatureHeader(payload, options.secret ?? endpoint.secret, options.timestamp)
        : options.signature;
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      body: options.body ?? payload,
    });
    const text = await res.text();
    if (options.signature === undefined && options.body === undefined) sent.push(event);
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  /** Events of the API's own actions, posted in the background one after another (eventsSettled waits). */
  function sendInBackground(events: StripeEvent[]) {
    if (!endpoint) return;
    queue = queue.then(async () => {
      for (const event of events) await deliverEvent(event).catch(() => undefined);
    });
  }
  function webhookOnCapture(pi: Intent) {
    sendInBackground([
      stripeEvent('payment_intent.succeeded', { ...pi, latest_charge: chargeIdOf(pi) }),
      stripeEvent('charge.captured', chargeOf(pi)),
    ]);
  }
  function webhookOnRefund(pi: Intent, refund: StripeRefund) {
    sendInBackground([stripeEvent('refund.created', refund), stripeEvent('charge.refunded', chargeOf(pi))]);
  }
  const webhooks = {
    /** Where the shop listens (…/webhooks/stripe) and the endpoint's signing secret (whsec_…). */
    sendEventsTo(url: string, secret: string) {
      endpoint = { url, secret };
    },
    /** Waits for the events of API actions still being posted. */
    eventsSettled: () => queue,
    /** Every event posted as Stripe would (not the tampered ones), oldest first. */
    sentEvents: sent,
    /** What Stripe has refunded of a payment, in all. */
    refundedCents: (piId: string) => refunded.get(piId) ?? 0,
    stripeEvent,
    deliverEvent,
    /** A refund made in Stripe's dashboard: the fake's charge is refunded, then refund.created and charge.refunded are posted. */
    async dashboardRefund(piId: string, amountCents?: number) {
      const pi = intents.get(piId);
      if (pi?.status !== 'succeeded') throw new Error(`no captured payment ${piId}`);
      const left = pi.amount_received - (refunded.get(pi.id) ?? 0);
      const amount = amountCents ?? left;
      if (amount <= 0 || amount > left) throw new Error(`cannot refund ${amount} of ${left} left`);
      refunded.set(pi.id, (refunded.get(pi.id) ?? 0) + amount);
      const refund = refundOf(pi, amount, 'succeeded', {});
      const events = [stripeEvent('refund.created', refund), stripeEvent('charge.refunded', chargeOf(pi))];
      const answers = [];
      for (const event of events) answers.push(await deliverEvent(event));
      return { refund, events, answers };
    },
    /** The shopper's bank disputes the charge: charge.dispute.created is posted (`deliver: false` builds it without posting). */
    async dispute(piId: string, options: { reason?: string; deliver?: boolean } = {}) {
      const reason = options.reason ?? 'fraudulent';
      const pi = intents.get(piId);
      if (!pi) throw new Error(`no payment ${piId}`);
      const dispute: StripeDispute = {
        id: id('du'),
        object: 'dispute',
        amount: pi.amount_received,
        currency: pi.currency,
        charge: chargeIdOf(pi),
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        evidence_details: { due_by: seconds() + 7 * 86_400 },
        created: seconds(),
      };
      disputes.set(dispute.id, dispute);
      const event = stripeEvent('charge.dispute.created', dispute);
      return {
        dispute: structuredClone(dispute),
        event,
        answer: options.deliver === false ? undefined : await deliverEvent(event),
      };
    },
    /** The dispute is decided: charge.dispute.closed is posted (`deliver: false` builds it without posting). */
    async closeDispute(disputeId: string, status: 'won' | 'lost', options: { deliver?: boolean } = {}) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = status;
      const event = stripeEvent('charge.dispute.closed', dispute);
      return { event, answer: options.deliver === false ? undefined : await deliverEvent(event) };
    },
    /** An authorisation that expired (or was canceled) before capture: payment_intent.canceled is posted. */
    async expireAuthorization(piId: string) {
      const pi = intents.get(piId);
      if (pi?.status !== 'requires_capture') throw new Error(`no authorised payment ${piId}`);
      pi.status = 'canceled';
      const event = stripeEvent('payment_intent.canceled', { ...pi, cancellation_reason: 'automatic' });
      return { event, answer: await deliverEvent(event) };
    },
  };
  // ---------- end of issue 29 (webhooks) ----------

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    secretKey,
    requests,
    intent: (piId: string) => intents.get(piId),
    /** What Stripe.js does in the shopper's browser: confirm the intent with a card. */
    confirmWithCard(piId: string, card: '4242424242424242' | '4000000000000002') {
      const pi = intents.get(piId)!;
      if (card === '4000000000000002')
        return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
      const pm = id('pm');
      cards.set(pm, { brand: 'visa', last4: card.slice(-4) });
      pi.payment_method = pm;
      pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      if (pi.status === 'succeeded') pi.amount_received = pi.amount;
      return { paymentIntent: { id: pi.id, status: pi.status } };
    },
    // Issue 29 (webhooks).
    ...webhooks,
    // payments (issue 29 #1): what the Payment Element confirms besides a plain card.
    /** A wallet's card (Apple Pay, Google Pay, …): a card payment method whose card names its wallet. */
    confirmWithWallet: (piId: string, wallet: 'apple_pay' | 'google_pay' | 'link', billingName = '') =>
      confirmWith(piId, {
        type: 'card',
        card: { brand: 'visa', last4: '4242', wallet: { type: wallet } },
        billing_details: { name: billingName },
      }),
    /** Link's own payment method (type 'link'), paid from the shopper's Link account. */
    confirmWithLink: (piId: string, email: string) => confirmWith(piId, { type: 'link', link: { email } }),
    /** A card typed into the Payment Element, with the billing name the shop passed. */
    confirmWithElementCard: (piId: string, billingName: string) =>
      confirmWith(piId, {
        type: 'card',
        card: { brand: 'visa', last4: '4242', wallet: null },
        billing_details: { name: billingName },
      }),
    ...tax.controls, // Stripe Tax (issue 29 #6): taxCalculations, setTaxOutage(down)
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Issue 29 (webhooks).
export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** Stripe's signature header of `payload`, as Stripe computes it (t = unix seconds, now unless given). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
