// A local fake of PayPal's Orders v2 and OAuth endpoints with PayPal's answer and error shapes.
import { randomBytes } from 'node:crypto';
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
      return {
        status: 201,
        body: {
          id: `REF${uid()}`,
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: (amount / 100).toFixed(2) },
        },
      };
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
