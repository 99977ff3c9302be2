// The Settings form's draft: ShopSettings with the amounts the owner types kept as text (so '7.' and
// '' stay on screen while typing), turned back into numbers for the check and the save. Pure and
// Zod-free (the admin chunk); the schemas check the result lazily (admin-schemas.ts).
import type { ShopSettings } from '../../../../contract/settings.js';
import type { ShippingRegion } from '../../../../contract/values/settings.js';

export type ShippingOptionDraft = {
  type: string;
  description: string;
  price: string;
  region: ShippingRegion;
  labelService: string;
};
export type TaxOverrideDraft = { place: string; ratePercent: string };

export type SettingsDraft = {
  shop: ShopSettings['shop'];
  marketing: ShopSettings['marketing'];
  shipFrom: ShopSettings['shipFrom'];
  shipping: { options: ShippingOptionDraft[]; freeShippingUs: string; freeShippingElsewhere: string };
  tax: { overrides: TaxOverrideDraft[] };
  insights: ShopSettings['insights'];
};

const text = (n: number) => String(n);
/** '' and anything not a number stay NaN, which the schema names ('The price must be a number'). */
const number = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim()));

export function draftOf(s: ShopSettings): SettingsDraft {
  return {
    shop: s.shop,
    insights: s.insights,
    marketing: s.marketing,
    shipFrom: s.shipFrom,
    shipping: {
      options: s.shipping.options.map((o) => ({ ...o, price: text(o.price) })),
      freeShippingUs: text(s.shipping.freeShippingUs),
      freeShippingElsewhere: text(s.shipping.freeShippingElsewhere),
    },
    tax: { overrides: s.tax.overrides.map((o) => ({ ...o, ratePercent: text(o.ratePercent) })) },
  };
}

export function settingsOf(d: SettingsDraft): ShopSettings {
  return {
    shop: d.shop,
    insights: d.insights,
    marketing: d.marketing,
    shipFrom: d.shipFrom,
    shipping: {
      options: d.shipping.options.map((o) => ({ ...o, price: number(o.price) })),
      freeShippingUs: number(d.shipping.freeShippingUs),
      freeShippingElsewhere: number(d.shipping.freeShippingElsewhere),
    },
    tax: { overrides: d.tax.overrides.map((o) => ({ ...o, ratePercent: number(o.ratePercent) })) },
  };
}

/** The issues inside one section, by their path from there ('shipping.options.0.price' → 'options.0.price'). */
export function errorsWithin(issues: Record<string, string>, section: keyof ShopSettings): Record<string, string> {
  const prefix = `${section}.`;
  const within: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    if (path.startsWith(prefix)) within[path.slice(prefix.length)] = message;
    else if (path === section) within[''] = message;
  }
  return within;
}

/** A fresh option's key: 'option', else 'option-2', 'option-3'… whichever is free. */
export function freeKey(options: readonly { type: string }[], base = 'option'): string {
  const taken = new Set(options.map((o) => o.type));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** `list` with the entry at `index` moved by `by` (-1 up, 1 down); unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
