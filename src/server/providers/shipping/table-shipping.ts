// The built-in shipping provider: checkout options from the owner's Settings (shipping options, a
// region each; the demo's figures by default), for a US brand shipping worldwide; label
// rates from a carrier table (key 'labelRates'), and labels the shop renders itself as 4x6 PDFs.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEYS,
  ShippingSettingsSchema,
  type ShopSettings,
} from '../../../contract/settings.js';
import { isUsCountry } from '../../../domain/geo.js';
import { toCents } from '../../../domain/money.js';
import { renderLabelPdf } from './label-pdf.js';
import {
  DEFAULT_SHIP_FROM,
  parcelFor,
  ShippingError,
  type CheckoutShippingOption,
  type LabelAddress,
  type LabelRate,
  type ShippingProvider,
} from './shipping-provider.js';

export const LABEL_RATES_SETTING = 'labelRates';

/** The owner's shipping options as Settings hold them (dollars, a region each). */
export type ShippingSettings = ShopSettings['shipping'];

/** The options for a US address (region 'us' or 'both') or any other ('international' or 'both'), in the owner's order, fees in cents. */
export function checkoutOptionsOf(shipping: ShippingSettings, us: boolean): CheckoutShippingOption[] {
  return shipping.options
    .filter((o) => o.region === 'both' || o.region === (us ? 'us' : 'international'))
    .map((o) => ({ type: o.type, description: o.description, feeCents: toCents(o.price) }));
}

/** The demo's figures (DEFAULT_SETTINGS): delivery times as its Shipping & Returns page and FAQ tell them (demo-content.test.ts). */
const DEFAULT_SHIPPING: ShippingSettings = ShippingSettingsSchema.parse(DEFAULT_SETTINGS.shipping);
export const DEFAULT_SHIPPING_RATES = {
  domestic: checkoutOptionsOf(DEFAULT_SHIPPING, true),
  international: checkoutOptionsOf(DEFAULT_SHIPPING, false),
};

const CARRIERS = ['USPS', 'UPS', 'DHL Express'] as const;
type Carrier = (typeof CARRIERS)[number];
const LabelServiceSchema = z.object({
  carrier: z.enum(CARRIERS),
  /** Part of the rate's object_id: lowercase letters, digits and '_'. */
  token: z.string().regex(/^[a-z0-9_]{1,40}$/),
  name: z.string().min(1),
  /** For the first piece; each further piece adds `perPieceCents`. */
  amountCents: z.number().int().min(0),
  perPieceCents: z.number().int().min(0).default(0),
  estimatedDays: z.number().int().min(0).nullable(),
});
export const LabelRatesSchema = z.object({
  domestic: z.array(LabelServiceSchema).min(1),
  international: z.array(LabelServiceSchema).min(1),
});
export type LabelRates = z.infer<typeof LabelRatesSchema>;

export const DEFAULT_LABEL_RATES: LabelRates = {
  domestic: [
    {
      carrier: 'USPS',
      token: 'usps_ground_advantage',
      name: 'Ground Advantage',
      amountCents: 545,
      perPieceCents: 40,
      estimatedDays: 4,
    },
    {
      carrier: 'USPS',
      token: 'usps_priority',
      name: 'Priority Mail',
      amountCents: 935,
      perPieceCents: 50,
      estimatedDays: 2,
    },
    { carrier: 'UPS', token: 'ups_ground', name: 'Ground', amountCents: 1120, perPieceCents: 60, estimatedDays: 3 },
    {
      carrier: 'UPS',
      token: 'ups_second_day_air',
      name: '2nd Day Air',
      amountCents: 2480,
      perPieceCents: 90,
      estimatedDays: 2,
    },
  ],
  international: [
    {
      carrier: 'USPS',
      token: 'usps_priority_mail_international',
      name: 'Priority Mail International',
      amountCents: 4600,
      perPieceCents: 150,
      estimatedDays: 8,
    },
    {
      carrier: 'DHL Express',
      token: 'dhl_express_worldwide',
      name: 'Express Worldwide',
      amountCents: 6250,
      perPieceCents: 200,
      estimatedDays: 3,
    },
  ],
};

/** A 75 px wide logo badge per carrier, inline so the admin page loads nothing from elsewhere. */
const LOGO_COLORS: Record<Carrier, [string, string]> = {
  USPS: ['#004b87', '#ffffff'],
  UPS: ['#351c15', '#ffb500'],
  'DHL Express': ['#ffcc00', '#d40511'],
};
export function carrierLogo(carrier: Carrier): string {
  const [bg, fg] = LOGO_COLORS[carrier];
  const text = carrier === 'DHL Express' ? 'DHL' : carrier;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="75" height="30" viewBox="0 0 75 30"><rect width="75" height="30" rx="4" fill="${bg}"/><text x="37.5" y="20" font-family="Arial,Helvetica,sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="${fg}">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The check digit of a UPU S10 item number (international mail: CP123456789US) over its 8 digits. */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, d, i) => total + Number(d) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * Tracking numbers in each carrier's own format, and its public tracking page. USPS abroad numbers
 * its parcels the international (S10) way: Priority Mail International is CP…US.
 */
function newTracking(carrier: Carrier, international: boolean): { trackingNumber: string; trackingUrl: string } {
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
  if (carrier === 'USPS' && international) {
    const serial = digits(8);
    const n = `CP${serial}${s10CheckDigit(serial)}US`;
    return { trackingNumber: n, trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` };
  }
  if (carrier === 'UPS') {
    const n = `1ZMUR${digits(13)}`;
    return { trackingNumber: n, trackingUrl: `https://www.ups.com/track?tracknum=${n}` };
  }
  if (carrier === 'DHL Express') {
    const n = digits(10);
    return {
      trackingNumber: n,
      trackingUrl: `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`,
    };
  }
  const n = `9400${digits(18)}`;
  return { trackingNumber: n, trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` };
}

const RATE_ID_PREFIX = 'rate_table_';

/**
 * `readShipping` answers the owner's shipping settings (services.settings.read(), cached; the
 * defaults without it); `readSetting` any other setting by key (label rates, ship-from address).
 * A malformed setting falls back to the defaults.
 */
export function tableShippingProvider(
  readShipping: () => Promise<ShippingSettings> = async () => DEFAULT_SHIPPING,
  options: { readSetting?: (key: string) => Promise<unknown>; clock?: () => Date } = {},
): ShippingProvider {
  const readSetting = options.readSetting ?? (async () => undefined);
  const clock = options.clock ?? (() => new Date());

  const labelServices = async (shipTo: LabelAddress) => {
    const parsed = LabelRatesSchema.safeParse(await readSetting(LABEL_RATES_SETTING));
    const table = parsed.success ? parsed.data : DEFAULT_LABEL_RATES;
    return isUsCountry(shipTo.country) ? table.domestic : table.international;
  };
  const shipFrom = shipFromReader(readSetting);

  return {
    name: 'table',
    async checkoutOptions(destination): Promise<CheckoutShippingOption[]> {
      return checkoutOptionsOf(await readShipping(), isUsCountry(destination.country));
    },

    async labelRates(order): Promise<LabelRate[]> {
      const services = await labelServices(order.shipTo);
      return services
        .map((s) => ({
          objectId: `${RATE_ID_PREFIX}${s.token}`,
          provider: s.carrier,
          providerImage75: carrierLogo(s.carrier),
          serviceLevel: { name: s.name, token: s.token },
          amountCents: s.amountCents + s.perPieceCents * Math.max(0, order.pieces - 1),
          currency: 'USD',
          estimatedDays: s.estimatedDays,
        }))
        .sort((a, b) => a.amountCents - b.amountCents);
    },

    async buyLabel(order, rateId) {
      const rate = (await this.labelRates(order)).find((r) => r.objectId === rateId);
      if (!rate)
        throw new ShippingError(
          `The rate ${rateId} is not offered for order #${order.id}; please choose one of the listed rates`,
        );
      const tracking = newTracking(rate.provider as Carrier, !isUsCountry(order.shipTo.country));
      const bytes = await renderLabelPdf({
        shipFrom: await shipFrom(),
        shipTo: order.shipTo,
        carrier: rate.provider,
        service: rate.serviceLevel.name,
        trackingNumber: tracking.trackingNumber,
        orderId: order.id,
        weightLb: parcelFor(order.pieces).weightLb,
        date: clock(),
      });
      return { ...tracking, label: { kind: 'pdf', bytes }, rate };
    },

    async buyReturnLabel(order) {
      const home = await shipFrom();
      // The parcel travels to the shop: the shop's side decides the service (its cheapest).
      const [rate] = await this.labelRates({ ...order, shipTo: home });
      if (!rate) throw new ShippingError(`No service is set up for return labels to ${home.country}`);
      const tracking = newTracking(rate.provider as Carrier, false);
      const bytes = await renderLabelPdf({
        shipFrom: order.shipTo,
        shipTo: home,
        carrier: rate.provider,
        service: rate.serviceLevel.name,
        trackingNumber: tracking.trackingNumber,
        orderId: order.id,
        weightLb: parcelFor(order.pieces).weightLb,
        date: clock(),
        kind: 'return',
      });
      return { ...tracking, label: { kind: 'pdf', bytes }, rate };
    },
  };
}

export const SHIP_FROM_SETTING = SETTINGS_KEYS.shipFrom;
const ShipFromSchema = z.object({
  name: z.string().min(1),
  company: z.string().optional(),
  street1: z.string().min(1),
  street2: z.string().optional(),
  city: z.string().min(1),
  state: z.string(),
  zip: z.string().min(1),
  country: z.string().min(2),
  phone: z.string().optional(),
  email: z.string().optional(),
});

/**
 * The owner's ship-from address (Settings → Ship from, stored under 'shipFrom'), or the studio's.
 * Empty optional fields (company, second line, phone, email) are left out of the label.
 */
export function shipFromReader(readSetting: (key: string) => Promise<unknown>) {
  return async (): Promise<LabelAddress> => {
    const parsed = ShipFromSchema.safeParse(await readSetting(SHIP_FROM_SETTING));
    if (!parsed.success) return DEFAULT_SHIP_FROM;
    return Object.fromEntries(
      Object.entries(parsed.data).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as LabelAddress;
  };
}

/** Whether `token` names a carrier service of the label table (DEFAULT_LABEL_RATES): a shipping option's labelService. */
export const LABEL_SERVICE_TOKENS: readonly string[] = [
  ...DEFAULT_LABEL_RATES.domestic.map((s) => s.token),
  ...DEFAULT_LABEL_RATES.international.map((s) => s.token),
];
