// A local fake of the parts of Stripe's HTTP API the shop uses (PaymentIntents with manual
// capture, refunds), with Stripe's answer and error shapes, so the real SDK can be tested offline.
import { randomBytes } from 'node:crypto';
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
            ? { id: pi.payment_method, object: 'payment_method', type: 'card', card: cards.get(pi.payment_method) }
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
      return {
        status: 200,
        body: { id: id('re'), object: 'refund', amount, payment_intent: pi.id, status: 'succeeded' },
      };
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
    ...tax.controls, // Stripe Tax (issue 29 #6): taxCalculations, setTaxOutage(down)
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
