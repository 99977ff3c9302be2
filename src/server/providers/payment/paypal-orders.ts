// PayPal's Orders v2 REST API (no SDK needed): OAuth client credentials, create / get / patch /
// capture orders, refund captures. PayPal's own country quirk (C2 for China) lives only here.
import { PaymentError } from './payment-provider.js';
import type { ExpressAmount, ExpressOrder, ExpressProvider } from './express-provider.js';

export type PaypalOptions = { clientId: string; clientSecret: string; baseUrl: string /* https://api-m.paypal.com */ };

const toPaypalCountry = (iso: string) => (iso === 'CN' ? 'C2' : iso);
const fromPaypalCountry = (code: string) => (code === 'C2' ? 'CN' : code);
const money = (cents: number) => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });
const cents = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);

function amountOf(a: ExpressAmount) {
  return {
    ...money(a.totalCents),
    breakdown: {
      item_total: money(a.itemsCents),
      discount: money(a.discountCents),
      shipping: money(a.shippingCents),
      tax_total: money(a.taxCents),
    },
  };
}

type PaypalOrder = {
  id: string;
  status: ExpressOrder['status'] | 'SAVED' | 'PAYER_ACTION_REQUIRED';
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  purchase_units?: {
    amount?: { value: string };
    shipping?: {
      name?: { full_name?: string };
      address?: {
        address_line_1?: string;
        address_line_2?: string;
        admin_area_2?: string;
        admin_area_1?: string;
        postal_code?: string;
        country_code?: string;
      };
    };
    payments?: { captures?: { id: string; status: string; amount: { value: string } }[] };
  }[];
};

/**
 * PayPal's REST API with the shop's client credentials: the OAuth token is asked for once and kept
 * until a minute before it expires. Shared by the Orders adapter below and the webhooks' signature
 * check (issue 29, src/server/modules/webhooks/paypal-events.ts).
 */
export function paypalApi(options: PaypalOptions) {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken() {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const res = await fetch(`${options.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaymentError('PayPal refused our credentials', 'AUTHENTICATION_FAILURE');
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  /** A call with a JSON body already written (`body`), e.g. one that must carry another document byte for byte. */
  async function rawCall<T>(method: string, path: string, body?: string, requestId?: string): Promise<T> {
    const res = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body,
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const error = json as
        | { name?: string; message?: string; details?: { issue?: string; description?: string }[] }
        | undefined;
      const issue = error?.details?.[0];
      throw new PaymentError(
        issue?.description ?? error?.message ?? `PayPal answered ${res.status}`,
        issue?.issue ?? error?.name ?? `HTTP_${res.status}`,
      );
    }
    return json as T;
  }

  return {
    rawCall,
    call: <T>(method: string, path: string, body?: unknown, requestId?: string) =>
      rawCall<T>(method, path, body === undefined ? undefined : JSON.stringify(body), requestId),
  };
}
export type PaypalApi = ReturnType<typeof paypalApi>;

/** Issue 29: the custom_id of the back office's own refunds, so a webhook tells them from refunds made in PayPal's dashboard. */
export const SHOP_REFUND_CUSTOM_ID = 'refunded-by-shop';

export function paypalOrdersProvider(options: PaypalOptions): ExpressProvider {
  const api = paypalApi(options).call;

  function toOrder(o: PaypalOrder): ExpressOrder {
    const unit = o.purchase_units?.[0];
    const a = unit?.shipping?.address;
    const capture = unit?.payments?.captures?.[0];
    return {
      id: o.id,
      status: o.status === 'COMPLETED' || o.status === 'APPROVED' || o.status === 'VOIDED' ? o.status : 'CREATED',
      amountCents: cents(unit?.amount?.value),
      payer: o.payer
        ? {
            givenName: o.payer.name?.given_name ?? '',
            surname: o.payer.name?.surname ?? '',
            email: o.payer.email_address ?? '',
          }
        : undefined,
      shipping: a
        ? {
            name: unit?.shipping?.name?.full_name ?? '',
            address: a.address_line_1 ?? '',
            address2: a.address_line_2 ?? '',
            city: a.admin_area_2 ?? '',
            state: a.admin_area_1 ?? '',
            zip: a.postal_code ?? '',
            country: fromPaypalCountry(a.country_code ?? ''),
          }
        : undefined,
      captureId: capture?.id,
    };
  }

  return {
    name: 'paypal',
    clientId: options.clientId,
    async createOrder({ amount, idempotencyKey }) {
      const order = await api<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        { intent: 'CAPTURE', purchase_units: [{ reference_id: 'default', amount: amountOf(amount) }] },
        `create-${idempotencyKey}-${amount.totalCents}`,
      );
      return { id: order.id };
    },
    async getOrder(id) {
      return toOrder(await api<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`));
    },
    async updateAmount(id, amount) {
      await api('PATCH', `/v2/checkout/orders/${encodeURIComponent(id)}`, [
        { op: 'replace', path: "/purchase_units/@reference_id=='default'/amount", value: amountOf(amount) },
      ]);
    },
    async capture(id, idempotencyKey) {
      const order = toOrder(
        await api<PaypalOrder>(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
          {},
          `capture-${idempotencyKey}`,
        ),
      );
      if (order.status !== 'COMPLETED' || !order.captureId)
        throw new PaymentError('PayPal did not complete the payment', 'CAPTURE_NOT_COMPLETED');
      return { captureId: order.captureId, amountCents: order.amountCents };
    },
    /**
     * Orders v2 with intent CAPTURE holds nothing on the payer's account before the capture, and
     * has no call to void an order: an order not captured simply expires at PayPal. Nothing to do.
     */
    async release() {},
    async refund(captureId, amountCents) {
      const refund = await api<{ id: string; amount?: { value: string } }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          ...(amountCents === undefined ? {} : { amount: money(amountCents) }),
          custom_id: SHOP_REFUND_CUSTOM_ID,
        },
      );
      return { id: refund.id, amountCents: cents(refund.amount?.value) };
    },
  };
}

export const paypalCountry = { toPaypalCountry, fromPaypalCountry };
