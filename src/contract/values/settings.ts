// The shop's settings (issue 26, Settings tab): the keys of the `settings` table each section is
// stored under, and the defaults a shop starts with. Zod-free: the admin chunk and the storefront
// read these; the schemas are in ../settings.ts.

/** Each section of ShopSettings is one row of the `settings` table, under this key. */
export const SETTINGS_KEYS = {
  shop: 'shop',
  shipping: 'shipping',
  shipFrom: 'shipFrom',
  marketing: 'marketing',
  tax: 'tax',
  insights: 'insights',
} as const;

/** The set-up checklist's 'hide' choice (a settings row, so it holds on every device). */
export const SETUP_HIDDEN_SETTING = 'setupHidden';

export const SHIPPING_REGIONS = ['us', 'international', 'both'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];

/**
 * The carrier services labels can be bought with (the label table's tokens, DEFAULT_LABEL_RATES in
 * src/server/providers/shipping/table-shipping.ts; a test keeps the two alike). A shipping option's
 * `labelService` is one of these tokens, or '' for none (the owner picks among the rates).
 */
export const LABEL_SERVICES = [
  { token: 'usps_ground_advantage', name: 'USPS Ground Advantage', scope: 'us' },
  { token: 'usps_priority', name: 'USPS Priority Mail', scope: 'us' },
  { token: 'ups_ground', name: 'UPS Ground', scope: 'us' },
  { token: 'ups_second_day_air', name: 'UPS 2nd Day Air', scope: 'us' },
  { token: 'usps_priority_mail_international', name: 'USPS Priority Mail International', scope: 'international' },
  { token: 'dhl_express_worldwide', name: 'DHL Express Worldwide', scope: 'international' },
] as const;

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'pinterest', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Dollars, percent and seconds, as the owner types them; the server turns them into cents where it prices. */
export const DEFAULT_SETTINGS = {
  shop: {
    name: 'Murashki',
    supportEmail: '',
    social: { instagram: '', facebook: '', pinterest: '', tiktok: '' },
  },
  shipping: {
    options: [
      { type: 'standard', description: 'Standard (3–5 business days)', price: 8, region: 'us', labelService: '' },
      { type: 'express', description: 'Express (1–2 business days)', price: 18, region: 'us', labelService: '' },
      {
        type: 'overnight',
        description: 'Overnight (next business day)',
        price: 35,
        region: 'us',
        labelService: '',
      },
      {
        type: 'international',
        description: 'International (7–14 business days)',
        price: 25,
        region: 'international',
        labelService: '',
      },
      {
        type: 'international-express',
        description: 'International Express (3–5 business days)',
        price: 45,
        region: 'international',
        labelService: '',
      },
    ],
    /** Spec §9: free standard shipping from $100 in the US, from $300 anywhere. */
    freeShippingUs: 100,
    freeShippingElsewhere: 300,
  },
  shipFrom: {
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
  },
  marketing: {
    /** Spec §9: 15 % off a first order for a newsletter subscriber. */
    newsletterDiscountPercent: 15,
    /** Spec §9: $20 for the referred friend, $20 for the one who referred. */
    referralFriend: 20,
    referralReferrer: 20,
    /** Spec §9: the promo popup is due 60 s after a first visit. */
    popupDelaySeconds: 60,
  },
  tax: {
    /** Combined rates that take precedence over the built-in table: a state ('CA') or a ZIP prefix ('941', '94110'). */
    overrides: [] as { place: string; ratePercent: number }[],
  },
  /** Issue 28: the owner's reports (Overview, Demand) and abandoned-checkout reminders. */
  insights: {
    /** The IANA time zone the Overview's days and months are counted in. */
    timeZone: 'UTC',
    /** Tracked stock at or under this many pieces is 'low' on the Demand tab. */
    lowStockThreshold: 3,
    /** A checkout that gave an email and placed no order for this long is abandoned. */
    abandonAfterMinutes: 60,
    /** Whether shoppers who asked for one get a reminder of an abandoned checkout. */
    checkoutReminders: true,
  },
} as const;
