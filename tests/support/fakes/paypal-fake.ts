// A local fake of PayPal's Orders v2 and OAuth endpoints with PayPal's answer and error shapes.
// Issue 29: it also sends webhook events signed as PayPal signs them, and answers PayPal's
// verify-webhook-signature call for what it signed (block below).
import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Order = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  payer?: unknown;
  purchase_units: {
    reference_id: string;
    amount: { currency_code: string; value: string };
    shipping?: unknown;
    payments?: unknown;
  }[];
};

/** The payer the fake SDK's button approves as, and their address. */
export const PAYER = { given_name: 'Paula', surname: 'Payer', email: 'paula@example.com' };
export const PAYER_ADDRESS = {
  address_line_1: '350 Fifth Avenue',
  address_line_2: '',
  admin_area_2: 'New York',
  admin_area_1: 'NY',
  postal_code: '10001',
  country_code: 'US',
};

/**
 * PayPal's JS SDK as far as the shop uses it: paypal.Buttons({createOrder, onApprove, onError})
 * renders a 'PayPal' button; a click asks the shop for the order, approves it as the payer in
 * PayPal's window would (POST /test/approve/{id} on this fake), then calls onApprove.
 */
const FAKE_SDK = `(() => {
  const base = new URL(document.currentScript.src).origin;
  window.paypal = {
    Buttons(options) {
      return {
        isEligible: () => true,
        close: () => Promise.resolve(),
        render(container) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'fake-paypal-button';
          button.textContent = 'PayPal';
          button.addEventListener('click', async () => {
            try {
              const orderID = await options.createOrder();
              const approved = await fetch(base + '/test/approve/' + encodeURIComponent(orderID), { method: 'POST' });
              if (!approved.ok) throw new Error('approval failed');
              await options.onApprove({ orderID });
            } catch (err) {
              if (options.onError) options.onError(err);
            }
          });
          container.append(button);
          return Promise.resolve();
        },
      };
    },
  };
})();`;

export async function startPaypalFake(clientId = 'paypal-client', clientSecret = 'paypal-secret') {
  const orders = new Map<string, Order>();
  const refunds = new Map<string, number>();
  const byRequestId = new Map<string, unknown>();
  const tokens = new Set<string>();
  const uid = () => randomBytes(8).toString('hex').toUpperCase();
  const unprocessable = (issue: string, description: string) => ({
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      details: [{ issue, description }],
    },
  });

  /** What the payer does in PayPal's window. */
  function approve(
    id: string,
    payer: { given_name: string; surname: string; email: string },
    address: Record<string, string>,
  ) {
    const order = orders.get(id)!;
    order.status = 'APPROVED';
    order.payer = { name: { given_name: payer.given_name, surname: payer.surname }, email_address: payer.email };
    order.purchase_units[0]!.shipping = { name: { full_name: `${payer.given_name} ${payer.surname}` }, address };
  }

  // biome-ignore lint/suspicious/noExplicitAny: the fake reads whatever JSON the adapter sends, as PayPal would
  function route(method: string, path: string, body: any): { status: number; body?: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifyWebhookSignature(body); // issue 29
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const order: Order = { id: uid(), status: 'CREATED', intent: body.intent, purchase_units: body.purchase_units };
      orders.set(order.id, order);
      return { status: 201, body: order };
    }
    if ((m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path))) {
      const order = orders.get(m[1]!);
      if (!order)
        return {
          status: 404,
          body: {
            name: 'RESOURCE_NOT_FOUND',
            message: 'The specified resource does not exist.',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          },
        };
      if (method === 'GET' && !m[2]) return { status: 200, body: order };
      if (method === 'PATCH' && !m[2]) {
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
        for (const op of body as { op: string; path: string; value: Order['purchase_units'][0]['amount'] }[]) {
          if (op.op === 'replace' && op.path.endsWith('/amount')) order.purchase_units[0]!.amount = op.value;
        }
        return { status: 204 };
      }
      if (method === 'POST' && m[2]) {
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order.status !== 'APPROVED')
          return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        order.status = 'COMPLETED';
        const unit = order.purchase_units[0]!;
        unit.payments = { captures: [{ id: `CAP${uid()}`, status: 'COMPLETED', amount: unit.amount }] };
        webhookOnCapture(order); // issue 29
        return { status: 201, body: order };
      }
    }
    if (method === 'POST' && (m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      const order = [...orders.values()].find(
        // biome-ignore lint/suspicious/noExplicitAny: the stored order is PayPal's loose JSON
        (o) => (o.purchase_units[0]!.payments as any)?.captures?.[0]?.id === m![1],
      );
      if (!order)
        return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' } };
      const captured = Math.round(Number(order.purchase_units[0]!.amount.value) * 100);
      const left = captured - (refunds.get(m[1]!) ?? 0);
      const amount = body?.amount ? Math.round(Number(body.amount.value) * 100) : left;
      if (amount > left)
        return unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      refunds.set(m[1]!, (refunds.get(m[1]!) ?? 0) + amount);
      // Issue 29: the refund as PayPal keeps it (its custom_id, the capture it refunds), and its event.
      const refund = refundOf(m[1]!, amount, body?.custom_id);
      webhookOnRefund(refund);
      return { status: 201, body: refund };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: `No route ${method} ${path}` } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', 'http://paypal.fake');
    const path = url.pathname;
    let answer: { status: number; body?: unknown };
    if (req.method === 'GET' && path === '/sdk/js') {
      // PayPal's JS SDK, as the browser loads it; a wrong client id fails to load, as PayPal's does.
      const ok = url.searchParams.get('client-id') === clientId && url.searchParams.get('intent') === 'capture';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/javascript' });
      res.end(ok ? FAKE_SDK : 'throw new Error("invalid client-id")');
      return;
    }
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === CERT_PATH) {
      // Issue 29: the certificate named by paypal-cert-url (here the public key of the fake's signatures).
      res.writeHead(200, { 'content-type': 'application/x-pem-file' });
      res.end(keys().publicKey.export({ type: 'spki', format: 'pem' }));
      return;
    }
    if (req.method === 'POST' && (m = /^\/test\/approve\/([^/]+)$/.exec(path))) {
      // The payer's approval in PayPal's window, done by the fake SDK's button.
      const known = orders.has(m[1]!);
      if (known) approve(m[1]!, PAYER, PAYER_ADDRESS);
      res.writeHead(known ? 200 : 404, { 'access-control-allow-origin': '*' });
      res.end();
      return;
    }
    if (path === '/v1/oauth2/token') {
      const ok = req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const token = `A21AA${uid()}`;
      if (ok) tokens.add(token);
      answer = ok
        ? { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 32400 } }
        : { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    } else if (!tokens.has(String(req.headers.authorization).replace(/^Bearer /, ''))) {
      answer = {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        },
      };
    } else {
      const requestId = req.headers['paypal-request-id'];
      const cached = typeof requestId === 'string' ? byRequestId.get(requestId) : undefined;
      answer = (cached as typeof answer) ?? route(req.method ?? 'GET', path, raw ? JSON.parse(raw) : undefined);
      if (typeof requestId === 'string' && answer.status < 300) byRequestId.set(requestId, answer);
    }
    res.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }

  // ---------- issue 29 (webhooks): events signed as PayPal signs them, posted to the shop ----------
  // PayPal signs "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>"
  // with SHA256withRSA and sends the signature with its certificate's address in the paypal-*
  // headers; the shop asks PayPal (here: POST /v1/notifications/verify-webhook-signature) whether
  // they hold, and the fake says SUCCESS only for what it signed itself with its own key.
  // Made on first use: most tests of the fake never sign an event.
  let keyPair: { publicKey: KeyObject; privateKey: KeyObject } | undefined;
  const keys = () => {
    keyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return keyPair;
  };
  const CERT_PATH = `/v1/notifications/certs/CERT-${randomBytes(6).toString('hex')}`;
  const webhookIds = new Set<string>();
  let endpoint: { url: string; webhookId: string } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const disputes = new Map<string, Record<string, unknown>>();
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const money = (cents: number) => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });
  const capturedCents = (captureId: string) => {
    const order = [...orders.values()].find(
      // biome-ignore lint/suspicious/noExplicitAny: the stored order is PayPal's loose JSON
      (o) => (o.purchase_units[0]!.payments as any)?.captures?.[0]?.id === captureId,
    );
    return order ? Math.round(Number(order.purchase_units[0]!.amount.value) * 100) : undefined;
  };
  const signedMessage = (transmissionId: string, time: string, webhookId: string, body: string) =>
    `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;

  function refundOf(captureId: string, amountCents: number, customId?: string) {
    const id = `REF${uid()}`;
    const now = new Date().toISOString();
    return {
      id,
      status: 'COMPLETED',
      amount: money(amountCents),
      ...(customId ? { custom_id: customId } : {}),
      seller_payable_breakdown: {
        gross_amount: money(amountCents),
        total_refunded_amount: money(refunds.get(captureId) ?? amountCents),
      },
      create_time: now,
      update_time: now,
      links: [
        { href: `${base()}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }
  /** An event as PayPal writes it; `createTime` an older time for a late arrival. */
  function paypalEvent(type: string, resource: object, createTime = new Date().toISOString()): PaypalEvent {
    return {
      id: `WH-${uid()}-${uid()}`,
      event_version: '1.0',
      create_time: createTime,
      resource_type: type.startsWith('CUSTOMER.DISPUTE') ? 'dispute' : type.endsWith('REFUNDED') ? 'refund' : 'capture',
      resource_version: '2.0',
      event_type: type,
      summary: type.toLowerCase().replaceAll('.', ' '),
      resource: structuredClone(resource) as Record<string, unknown>,
      links: [],
    };
  }
  /** Posts one event to the shop, signed now; `headers` overrides the paypal-* headers, `body` the bytes sent. */
  async function deliverEvent(
    event: PaypalEvent,
    options: { headers?: Record<string, string | null>; body?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    if (!endpoint) throw new Error('the PayPal fake has no webhook: call sendEventsTo first');
    const payload = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const signature = sign(
      'sha256',
      Buffer.from(signedMessage(transmissionId, time, endpoint.webhookId, payload)),
      keys().privateKey,
    );
    const headers: Record<string, string | null> = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${base()}${CERT_PATH}`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature.toString('base64'),
      'paypal-transmission-time': time,
      ...options.headers,
    };
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PayPal/AUHD-214.0-58236787',
        ...Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null)),
      },
      body: options.body ?? payload,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  // biome-ignore lint/suspicious/noExplicitAny: the fake reads whatever JSON the shop sends, as PayPal would
  function verifyWebhookSignature(body: any): { status: number; body: unknown } {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    const missing =
      fields.find((f) => typeof body?.[f] !== 'string') ?? (body?.webhook_event ? undefined : 'webhook_event');
    if (missing)
      return {
        status: 400,
        body: {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          details: [{ field: missing, issue: 'MISSING_REQUIRED_PARAMETER' }],
        },
      };
    const ok =
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === `${base()}${CERT_PATH}` &&
      webhookIds.has(body.webhook_id) &&
      verify(
        'sha256',
        Buffer.from(
          signedMessage(
            body.transmission_id,
            body.transmission_time,
            body.webhook_id,
            JSON.stringify(body.webhook_event),
          ),
        ),
        keys().publicKey,
        Buffer.from(body.transmission_sig, 'base64'),
      );
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }
  function sendInBackground(events: PaypalEvent[]) {
    if (!endpoint) return;
    queue = queue.then(async () => {
      for (const event of events) await deliverEvent(event).catch(() => undefined);
    });
  }
  function webhookOnCapture(order: Order) {
    const unit = order.purchase_units[0]!;
    // biome-ignore lint/suspicious/noExplicitAny: the stored order is PayPal's loose JSON
    const capture = (unit.payments as any).captures[0];
    const now = new Date().toISOString();
    sendInBackground([
      paypalEvent('PAYMENT.CAPTURE.COMPLETED', {
        ...capture,
        final_capture: true,
        create_time: now,
        update_time: now,
        supplementary_data: { related_ids: { order_id: order.id } },
      }),
    ]);
  }
  function webhookOnRefund(refund: ReturnType<typeof refundOf>) {
    sendInBackground([paypalEvent('PAYMENT.CAPTURE.REFUNDED', refund)]);
  }
  function disputeOf(disputeId: string, captureId: string, amountCents: number, reason: string, status: string) {
    const now = new Date().toISOString();
    return {
      dispute_id: disputeId,
      create_time: now,
      update_time: now,
      disputed_transactions: [{ seller_transaction_id: captureId, seller: { merchant_id: 'MERCHANTFAKE' } }],
      reason,
      status,
      dispute_amount: money(amountCents),
      dispute_life_cycle_stage: 'CHARGEBACK',
      seller_response_due_date: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    };
  }
  const webhooks = {
    /**
     * Registers the shop's webhook (…/webhooks/paypal) and answers its id (PAYPAL_WEBHOOK_ID); give the
     * id again to move a webhook registered before the shop was listening.
     */
    sendEventsTo(url: string, webhookId = `${uid().slice(0, 8)}${uid().slice(0, 9)}`) {
      webhookIds.add(webhookId);
      endpoint = { url, webhookId };
      return webhookId;
    },
    /** Waits for the events of API actions still being posted. */
    eventsSettled: () => queue,
    paypalEvent,
    deliverEvent,
    /** A refund made in PayPal's dashboard: the capture is refunded, then PAYMENT.CAPTURE.REFUNDED is posted. */
    async dashboardRefund(captureId: string, amountCents?: number) {
      const captured = capturedCents(captureId);
      if (captured === undefined) throw new Error(`no capture ${captureId}`);
      const left = captured - (refunds.get(captureId) ?? 0);
      const amount = amountCents ?? left;
      if (amount <= 0 || amount > left) throw new Error(`cannot refund ${amount} of ${left} left`);
      refunds.set(captureId, (refunds.get(captureId) ?? 0) + amount);
      const refund = refundOf(captureId, amount);
      const event = paypalEvent('PAYMENT.CAPTURE.REFUNDED', refund);
      return { refund, event, answer: await deliverEvent(event) };
    },
    /** The buyer opens a dispute: CUSTOMER.DISPUTE.CREATED is posted (`deliver: false` builds it without posting). */
    async dispute(captureId: string, options: { reason?: string; deliver?: boolean } = {}) {
      const captured = capturedCents(captureId);
      if (captured === undefined) throw new Error(`no capture ${captureId}`);
      const dispute = disputeOf(
        `PP-D-${uid().slice(0, 8)}`,
        captureId,
        captured,
        options.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        'WAITING_FOR_SELLER_RESPONSE',
      );
      disputes.set(dispute.dispute_id, dispute);
      const event = paypalEvent('CUSTOMER.DISPUTE.CREATED', dispute);
      return { dispute, event, answer: options.deliver === false ? undefined : await deliverEvent(event) };
    },
    /** PayPal decides the dispute: CUSTOMER.DISPUTE.RESOLVED is posted. */
    async resolveDispute(
      disputeId: string,
      outcome: 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR',
      options: { deliver?: boolean } = {},
    ) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      Object.assign(dispute, {
        status: 'RESOLVED',
        dispute_outcome: { outcome_code: outcome },
        update_time: new Date().toISOString(),
      });
      const event = paypalEvent('CUSTOMER.DISPUTE.RESOLVED', dispute);
      return { event, answer: options.deliver === false ? undefined : await deliverEvent(event) };
    },
  };
  // ---------- end of issue 29 (webhooks) ----------

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    order: (id: string) => orders.get(id),
    /** What the payer does in PayPal's window. */
    approve,
    // Issue 29 (webhooks).
    ...webhooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Issue 29 (webhooks).
export type PaypalEvent = {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: unknown[];
};
