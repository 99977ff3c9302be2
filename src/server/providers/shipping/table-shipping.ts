// The built-in shipping provider: checkout options from a rate table the owner can change in
// settings (key 'shippingRates'), with sensible defaults for a US brand shipping worldwide.
import { z } from 'zod';
import { isUsCountry } from '../../../domain/geo.js';
import type { CheckoutShippingOption, ShippingProvider } from './shipping-provider.js';

export const SHIPPING_RATES_SETTING = 'shippingRates';

const OptionSchema = z.object({ type: z.string().min(1), description: z.string().min(1), feeCents: z.number().int().min(0) });
export const ShippingRatesSchema = z.object({ domestic: z.array(OptionSchema).min(1), international: z.array(OptionSchema).min(1) });
export type ShippingRates = z.infer<typeof ShippingRatesSchema>;

export const DEFAULT_SHIPPING_RATES: ShippingRates = {
  domestic: [
    { type: 'standard', description: 'Standard (5–7 business days)', feeCents: 800 },
    { type: 'express', description: 'Express (2–3 business days)', feeCents: 1800 },
    { type: 'overnight', description: 'Overnight (next business day)', feeCents: 3500 },
  ],
  international: [
    { type: 'international', description: 'International (7–14 business days)', feeCents: 2500 },
    { type: 'international-express', description: 'International Express (3–5 business days)', feeCents: 4500 },
  ],
};

/** `readRates` returns the stored setting (or undefined); a malformed one falls back to the defaults. */
export function tableShippingProvider(readRates: () => Promise<unknown>): ShippingProvider {
  return {
    name: 'table',
    async checkoutOptions(destination): Promise<CheckoutShippingOption[]> {
      const parsed = ShippingRatesSchema.safeParse(await readRates());
      const rates = parsed.success ? parsed.data : DEFAULT_SHIPPING_RATES;
      return isUsCountry(destination.country) ? rates.domestic : rates.international;
    },
  };
}
