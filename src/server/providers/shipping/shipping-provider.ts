// Shipping behind one interface. Checkout asks for the options a shopper can choose (spec §3
// "Shipping option (checkout)": type, description, amt); the back office buys labels (issue 7):
// it lists a carrier's rates for an order's parcel (spec §3 "Shipping option (admin)") and buys one.
export type ShippingDestination = { country: string; state: string; zip: string };

export type CheckoutShippingOption = {
  /** Stable key stored on the order, e.g. 'standard'. */
  type: string;
  description: string;
  /** The fee before the free-shipping rule, in cents. */
  feeCents: number;
};

/** A postal address as carriers want it. */
export type LabelAddress = {
  name: string;
  company?: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string;
  email?: string;
};

/** What a carrier needs to know about an order to rate and label its parcel. */
export type LabelOrder = {
  id: number;
  shipTo: LabelAddress;
  /** Number of pieces in the parcel (the parcel's weight follows from it). */
  pieces: number;
};

/** One carrier service for one parcel; the calls carry it in Shippo's shape (contract/shipping-labels.ts). */
export type LabelRate = {
  /** The id markAsProcessed buys with. */
  objectId: string;
  /** Carrier name, e.g. 'USPS'. */
  provider: string;
  /** The carrier's logo, 75 px wide. */
  providerImage75: string;
  serviceLevel: { name: string; token: string };
  amountCents: number;
  currency: string;
  estimatedDays: number | null;
};

export type BoughtLabel = {
  trackingNumber: string;
  trackingUrl: string;
  /** The 4x6 inch label itself, or where the carrier keeps it. */
  label: { kind: 'pdf'; bytes: Uint8Array } | { kind: 'url'; url: string };
  /** What was bought, when the provider says (for the records). */
  rate?: LabelRate;
};

/** A carrier refused or failed; `message` is the carrier's own words, safe to show the owner. */
export class ShippingError extends Error {
  override name = 'ShippingError';
}

export interface ShippingProvider {
  readonly name: 'table' | 'shippo';
  /** Options in display order; the first is the one the free-shipping rule makes free. */
  checkoutOptions(destination: ShippingDestination): Promise<CheckoutShippingOption[]>;
  /** Rates for this order's parcel, cheapest first. Throws ShippingError. */
  labelRates(order: LabelOrder): Promise<LabelRate[]>;
  /** Buys the label of a rate from labelRates(order). Throws ShippingError. */
  buyLabel(order: LabelOrder, rateId: string): Promise<BoughtLabel>;
  /**
   * Buys a prepaid return label for the order's parcel coming back: from `order.shipTo` (the
   * shopper's address, as on the outbound parcel) to the ship-from address, with the cheapest
   * domestic service. Throws ShippingError.
   */
  buyReturnLabel(order: LabelOrder): Promise<BoughtLabel>;
}

/** Where parcels leave from, unless the owner's setting 'shipFrom' says otherwise. */
export const DEFAULT_SHIP_FROM: LabelAddress = {
  name: 'Murashki Studio',
  company: 'Murashki',
  street1: '148 Grand Street',
  street2: 'Suite 3',
  city: 'New York',
  state: 'NY',
  zip: '10013',
  country: 'US',
  phone: '+1 212 555 0148',
  email: 'care@murashki.shop',
};

/** Parcel for `pieces` garments: a padded mailer, about 0.35 lb per piece plus the box. */
export function parcelFor(pieces: number) {
  const weightLb = Math.round((0.25 + 0.35 * Math.max(1, pieces)) * 100) / 100;
  return { lengthIn: 12, widthIn: 9, heightIn: pieces > 3 ? 4 : 2, weightLb };
}
