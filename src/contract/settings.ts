// The shop's settings (issue 26): GET /admin/api/settings answers them whole, POST saves them whole.
// Every field has a message a person understands. Defaults and storage keys: values/settings.ts.
import { z } from 'zod';
import { EmailSchema } from './common.js';
import {
  DEFAULT_SETTINGS,
  LABEL_SERVICES,
  SETTINGS_KEYS,
  SHIPPING_REGIONS,
  SOCIAL_NETWORKS,
  type ShippingRegion,
} from './values/settings.js';

export { DEFAULT_SETTINGS, LABEL_SERVICES, SETTINGS_KEYS, SHIPPING_REGIONS, SOCIAL_NETWORKS, type ShippingRegion };

const LABEL_TOKENS: readonly string[] = LABEL_SERVICES.map((s) => s.token);

const dollars = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is at most $${max.toLocaleString('en-US')}`)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: `${what} has at most two decimals`,
    });

const httpsUrlOrEmpty = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `${what} is too long`)
    .refine((s) => s === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(s), { error: `${what} must be an https:// address` });

export const ShopDetailsSchema = z.object({
  name: z.string().trim().min(1, 'The shop name is required').max(60, 'The shop name is at most 60 characters'),
  /** Empty: the SUPPORT_EMAIL the shop was started with. */
  supportEmail: z.union([z.literal(''), EmailSchema]),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, httpsUrlOrEmpty(`The ${n} link`)])) as Record<
      (typeof SOCIAL_NETWORKS)[number],
      ReturnType<typeof httpsUrlOrEmpty>
    >,
  ),
});

export const ShippingOptionSettingSchema = z.object({
  /** The option's key in orders and at checkout: lowercase letters, digits and hyphens. */
  type: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The option key may hold lowercase letters, digits and hyphens')
    .max(40, 'The option key is at most 40 characters'),
  description: z
    .string()
    .trim()
    .min(1, 'The description is required')
    .max(80, 'The description is at most 80 characters'),
  price: dollars('The price', 1000),
  region: z.enum(SHIPPING_REGIONS, { error: 'Choose US, international or both' }),
  /** The carrier service labels are bought with for this option ('' = the owner picks among the rates). */
  labelService: z
    .string()
    .trim()
    .refine((s) => s === '' || LABEL_TOKENS.includes(s), { error: 'Choose a carrier service from the list' }),
});

export const ShippingSettingsSchema = z
  .object({
    options: z
      .array(ShippingOptionSettingSchema)
      .min(1, 'Add at least one shipping option')
      .max(12, 'At most 12 shipping options'),
    freeShippingUs: dollars('The US free-shipping threshold', 100_000),
    freeShippingElsewhere: dollars('The free-shipping threshold elsewhere', 100_000),
  })
  .superRefine(({ options }, ctx) => {
    const seen = new Set<string>();
    options.forEach((o, i) => {
      if (seen.has(o.type))
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'type'],
          message: `The option key ${o.type} is used twice`,
        });
      seen.add(o.type);
    });
    // Checkout offers nothing to an address no option serves.
    if (options.length > 0 && !options.some((o) => o.region !== 'international'))
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add an option for US addresses (US or both)' });
    if (options.length > 0 && !options.some((o) => o.region !== 'us'))
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Add an option for addresses outside the US (international or both)',
      });
  });

export const ShipFromSettingsSchema = z.object({
  name: z.string().trim().min(1, 'The sender name is required').max(100),
  company: z.string().trim().max(100),
  street1: z.string().trim().min(1, 'The street is required').max(100),
  street2: z.string().trim().max(100),
  city: z.string().trim().min(1, 'The city is required').max(60),
  state: z.string().trim().max(40),
  zip: z.string().trim().min(1, 'The ZIP or postal code is required').max(20),
  country: z.string().trim().length(2, 'The country is a two-letter code (US)'),
  phone: z.string().trim().max(30),
  email: z.union([z.literal(''), EmailSchema]),
});

export const MarketingSettingsSchema = z.object({
  newsletterDiscountPercent: z
    .number({ error: 'The newsletter discount must be a number' })
    .int('The newsletter discount is a whole percent')
    .min(1, 'The newsletter discount is at least 1 %')
    .max(90, 'The newsletter discount is at most 90 %'),
  referralFriend: dollars("The friend's gift", 1000),
  referralReferrer: dollars("The referrer's reward", 1000),
  popupDelaySeconds: z
    .number({ error: 'The popup delay must be a number' })
    .int('The popup delay is whole seconds')
    .min(0, 'The popup delay cannot be negative')
    .max(3600, 'The popup delay is at most 3,600 seconds'),
});

export const TaxOverrideSchema = z.object({
  /** A US state ('CA') or a ZIP prefix of 3 or 5 digits ('941', '94110'). */
  place: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z]{2}|\d{3}|\d{5})$/, 'Enter a state (CA) or a ZIP prefix of 3 or 5 digits'),
  ratePercent: z
    .number({ error: 'The rate must be a number' })
    .min(0, 'The rate cannot be negative')
    .max(20, 'The rate is at most 20 %'),
});
export const TaxSettingsSchema = z.object({
  overrides: z
    .array(TaxOverrideSchema)
    .max(500, 'At most 500 tax rates')
    .superRefine((overrides, ctx) => {
      const seen = new Set<string>();
      overrides.forEach((o, i) => {
        if (seen.has(o.place))
          ctx.addIssue({ code: 'custom', path: [i, 'place'], message: `${o.place} has a rate already` });
        seen.add(o.place);
      });
    }),
});

/** An IANA time zone this server's Intl knows ('UTC', 'America/New_York'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const InsightsSettingsSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1, 'Choose a time zone')
    .refine(isTimeZone, { error: 'Choose a time zone from the list (for example America/New_York)' }),
  lowStockThreshold: z
    .number({ error: 'The low-stock level must be a number' })
    .int('The low-stock level is a whole number of pieces')
    .min(0, 'The low-stock level cannot be negative')
    .max(1000, 'The low-stock level is at most 1,000 pieces'),
  abandonAfterMinutes: z
    .number({ error: 'The waiting time must be a number' })
    .int('The waiting time is whole minutes')
    .min(15, 'The waiting time is at least 15 minutes')
    .max(10080, 'The waiting time is at most 10,080 minutes (a week)'),
  checkoutReminders: z.boolean({ error: 'Say whether reminders are sent' }),
});

export const ShopSettingsSchema = z.object({
  shop: ShopDetailsSchema,
  shipping: ShippingSettingsSchema,
  shipFrom: ShipFromSettingsSchema,
  marketing: MarketingSettingsSchema,
  tax: TaxSettingsSchema,
  // Issue 28; optional in a save so a client written before it keeps saving (the defaults fill in).
  insights: InsightsSettingsSchema.default(() => structuredClone(DEFAULT_SETTINGS.insights) as InsightsSettings),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
export type InsightsSettings = z.infer<typeof InsightsSettingsSchema>;

/** POST /admin/api/settings answers what was saved. */
export const SaveSettingsAnswerSchema = ShopSettingsSchema;
