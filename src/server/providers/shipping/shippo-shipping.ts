// Labels through Shippo's REST API (https://docs.goshippo.com): a shipment for the order's parcel
// answers the carriers' rates; a transaction buys one as a 4x6 PDF. Checkout options stay the
// owner's table (shoppers pay the shop's flat fees, not live carrier prices).
import type { LabelAddress, LabelOrder, LabelRate, ShippingProvider } from './shipping-provider.js';
import { parcelFor, ShippingError } from './shipping-provider.js';

type ShippoMessage = { source?: string; code?: string; text?: string };
type ShippoRate = {
  object_id: string;
  amount: string;
  currency: string;
  provider: string;
  provider_image_75?: string;
  servicelevel?: { name?: string; token?: string };
  estimated_days?: number | null;
};
type ShippoShipment = { object_id: string; status?: string; rates?: ShippoRate[]; messages?: ShippoMessage[] };
type ShippoTransaction = {
  object_id: string;
  status: 'SUCCESS' | 'ERROR' | 'QUEUED' | 'WAITING' | 'REFUNDED' | string;
  tracking_number?: string;
  tracking_url_provider?: string;
  label_url?: string;
  messages?: ShippoMessage[];
};

const textOf = (messages: ShippoMessage[] | undefined) =>
  (messages ?? [])
    .map((m) => m.text?.trim())
    .filter(Boolean)
    .join('; ');

/** Shippo's amounts are decimal strings ("8.50"): to integer cents without floating point. */
export function centsOf(amount: string): number {
  const m = /^\s*(\d+)(?:\.(\d{1,2})\d*)?\s*$/.exec(amount);
  if (!m) throw new ShippingError(`Shippo answered an amount that is not a price: ${amount}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const toShippoAddress = (a: LabelAddress) => ({
  name: a.name,
  ...(a.company ? { company: a.company } : {}),
  street1: a.street1,
  ...(a.street2 ? { street2: a.street2 } : {}),
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
  ...(a.phone ? { phone: a.phone } : {}),
  ...(a.email ? { email: a.email } : {}),
});

export function shippoShippingProvider(options: {
  token: string;
  /** Without a trailing slash; https://api.goshippo.com unless a test points it at a fake. */
  apiUrl: string;
  shipFrom: () => Promise<LabelAddress>;
  /** Checkout options come from the owner's table. */
  checkout: Pick<ShippingProvider, 'checkoutOptions'>;
  fetch?: typeof fetch;
}): ShippingProvider {
  const doFetch = options.fetch ?? fetch;

  const post = <T>(path: string, body: unknown) => request<T>('POST', path, body);

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `ShippoToken ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new ShippingError(`Shippo could not be reached: ${(err as Error).message}`);
    }
    const answer = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) throw new ShippingError(`Shippo refused the request (${response.status}): ${describe(answer)}`);
    return answer as T;
  }

  async function shipment(order: LabelOrder, how: { returning?: boolean } = {}): Promise<ShippoShipment> {
    const parcel = parcelFor(order.pieces);
    return post<ShippoShipment>('/shipments/', {
      // A return keeps the outbound addresses; Shippo swaps them on the label (extra.is_return).
      address_from: toShippoAddress(await options.shipFrom()),
      address_to: toShippoAddress(order.shipTo),
      ...(how.returning ? { extra: { is_return: true } } : {}),
      parcels: [
        {
          length: String(parcel.lengthIn),
          width: String(parcel.widthIn),
          height: String(parcel.heightIn),
          distance_unit: 'in',
          weight: String(parcel.weightLb),
          mass_unit: 'lb',
        },
      ],
      metadata: how.returning ? `Return of order #${order.id}` : `Order #${order.id}`,
      async: false,
    });
  }

  /** Buys `rate` as a 4x6 PDF (POST /transactions/). */
  async function purchase(rate: ShippoRate, metadata: string) {
    const answer = await post<ShippoTransaction>('/transactions/', {
      rate: rate.object_id,
      label_file_type: 'PDF_4x6',
      async: false,
      metadata,
    });
    if (answer.status !== 'SUCCESS') {
      throw new ShippingError(textOf(answer.messages) || `Shippo could not buy the label (status ${answer.status})`);
    }
    if (!answer.tracking_number || !answer.label_url)
      throw new ShippingError('Shippo bought the label but answered no tracking number or label');
    return {
      trackingNumber: answer.tracking_number,
      trackingUrl:
        answer.tracking_url_provider || `https://goshippo.com/tracking/${encodeURIComponent(answer.tracking_number)}`,
      label: { kind: 'url' as const, url: answer.label_url },
      rate: {
        objectId: rate.object_id,
        provider: rate.provider,
        providerImage75: rate.provider_image_75 ?? '',
        serviceLevel: { name: rate.servicelevel?.name ?? '', token: rate.servicelevel?.token ?? '' },
        amountCents: centsOf(rate.amount),
        currency: rate.currency,
        estimatedDays: rate.estimated_days ?? null,
      },
    };
  }

  return {
    name: 'shippo',
    checkoutOptions: (destination) => options.checkout.checkoutOptions(destination),

    async labelRates(order): Promise<LabelRate[]> {
      const answer = await shipment(order);
      const rates = answer.rates ?? [];
      if (rates.length === 0) {
        throw new ShippingError(
          textOf(answer.messages) || `No carrier offers a rate for order #${order.id}; please check the address`,
        );
      }
      return rates
        .map((r) => ({
          objectId: r.object_id,
          provider: r.provider,
          providerImage75: r.provider_image_75 ?? '',
          serviceLevel: { name: r.servicelevel?.name ?? '', token: r.servicelevel?.token ?? '' },
          amountCents: centsOf(r.amount),
          currency: r.currency,
          estimatedDays: r.estimated_days ?? null,
        }))
        .sort((a, b) => a.amountCents - b.amountCents);
    },

    async buyLabel(order, rateId) {
      // A rate belongs to one shipment: refuse one made for another order's parcel and address.
      if (!/^[\w-]{1,100}$/.test(rateId))
        throw new ShippingError('That is not a Shippo rate; please choose one of the listed rates');
      const rate = await request<ShippoRate & { shipment?: string }>('GET', `/rates/${rateId}`);
      const shipment = rate.shipment
        ? await request<ShippoShipment & { metadata?: string }>('GET', `/shipments/${rate.shipment}`)
        : undefined;
      if (shipment?.metadata !== `Order #${order.id}`) {
        throw new ShippingError(
          `The rate ${rateId} was not quoted for order #${order.id}; please choose one of the listed rates`,
        );
      }
      return purchase(rate, `Order #${order.id}`);
    },

    async buyReturnLabel(order) {
      // Shippo's return labels are scan-based: paid only when the carrier scans the parcel.
      const answer = await shipment(order, { returning: true });
      const cheapest = [...(answer.rates ?? [])].sort((a, b) => centsOf(a.amount) - centsOf(b.amount))[0];
      if (!cheapest)
        throw new ShippingError(textOf(answer.messages) || `No carrier offers a return label for order #${order.id}`);
      return purchase(cheapest, `Return of order #${order.id}`);
    },
  };
}

/** Shippo's error answers: {detail}, {messages:[{text}]}, or {field: [reasons]}. */
function describe(answer: unknown): string {
  if (!answer || typeof answer !== 'object') return 'no details';
  const a = answer as Record<string, unknown>;
  if (typeof a.detail === 'string') return a.detail;
  if (Array.isArray(a.messages)) return textOf(a.messages as ShippoMessage[]) || 'no details';
  return Object.entries(a)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : JSON.stringify(v)}`)
    .join('; ');
}
