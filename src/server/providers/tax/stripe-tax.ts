// Stripe Tax as the shop's tax rate (TAX_PROVIDER=stripe, decision 048). The checkout charges one rate
// per address (spec §9: tax = discounted subtotal × rate; POST /getTaxRate answers it to the page), so
// this answers Stripe's effective rate for the address: a calculation for one garment of
// REFERENCE_CENTS, tax exclusive, with the clothing tax code. The owner's overrides still come first.
// When Stripe fails, the shipped table answers (logged): the checkout compares the page's rate with its
// own before it authorises a card, so no shopper is charged a tax the page did not show.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import Stripe from 'stripe';
import { isUsAddress } from '../../../domain/geo.js';
import { type TaxOverride, taxRateWithOverrides } from '../../../domain/tax-overrides.js';
import type { TaxProvider } from './tax-provider.js';

/** Stripe's product tax code for clothing (its tax codes list: "Clothing and footwear"). */
export const CLOTHING_TAX_CODE = 'txcd_30011000';
/** The garment the rate is asked for: $100, under the thresholds of the states that exempt cheaper clothing. */
export const REFERENCE_CENTS = 10_000;
/** A checkout waits for this at most per try (two tries) before the table answers. */
export const STRIPE_TAX_TIMEOUT_MS = 3_000;
/** Rates change on set dates, rarely: a zip's rate is asked again after 6 hours. */
export const RATE_TTL_MS = 6 * 60 * 60 * 1000;
/** After a failure the table's rate stands this long, so an outage does not slow every checkout call. */
export const FALLBACK_TTL_MS = 60_000;

export type StripeTaxOptions = {
  secretKey: string;
  /** Stripe's API address (STRIPE_API_URL; tests point it at a local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The owner's rates (Settings → Tax), which come before Stripe's. */
  readOverrides?: () => Promise<readonly TaxOverride[]>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
  fallbackTtlMs?: number;
};

/**
 * The rate Stripe's calculation applies to the reference garment, to a millionth (as the owner's rates
 * are kept): the sum over its tax breakdown of taxable amount × percentage, over the amount. Flat
 * amounts (per-order delivery fees) are not rates and are left out; Stripe answers 0 where the shop has
 * no tax registration, or where clothing is exempt.
 */
export function effectiveRate(calculation: Pick<Stripe.Tax.Calculation, 'tax_breakdown'>): number {
  let taxCents = 0;
  for (const part of calculation.tax_breakdown) {
    if (part.inclusive || part.tax_rate_details.rate_type === 'flat_amount') continue;
    taxCents += (part.taxable_amount * Number(part.tax_rate_details.percentage_decimal)) / 100;
  }
  const rate = taxCents / REFERENCE_CENTS;
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1)
    throw new Error(`Stripe Tax answered an unusable rate (${rate})`);
  return Math.round(rate * 1_000_000) / 1_000_000;
}

/** What a log may say about a failure: Stripe's code and status, never the address. */
function failure(err: unknown) {
  if (err instanceof Stripe.errors.StripeError) return { code: err.code ?? err.type, status: err.statusCode };
  return { code: err instanceof Error ? err.name : 'unknown' };
}

export function stripeTaxProvider(options: StripeTaxOptions): TaxProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? STRIPE_TAX_TIMEOUT_MS,
    telemetry: false,
    ...(options.api ?? {}),
  });
  const readOverrides = options.readOverrides ?? (async () => []);

  async function stripeRate(zip5: string): Promise<number> {
    const calculation = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [
        { amount: REFERENCE_CENTS, reference: 'garment', tax_behavior: 'exclusive', tax_code: CLOTHING_TAX_CODE },
      ],
      customer_details: { address: { country: 'US', postal_code: zip5 }, address_source: 'shipping' },
    });
    return effectiveRate(calculation);
  }

  // One calculation per zip at a time (concurrent checkouts share it), kept RATE_TTL_MS.
  const rates = new LRUCache<string, number>({
    max: 10_000,
    ttl: RATE_TTL_MS,
    fetchMethod: async (zip5, _stale, { options: entry }) => {
      try {
        return await stripeRate(zip5);
      } catch (err) {
        entry.ttl = options.fallbackTtlMs ?? FALLBACK_TTL_MS;
        options.log.warn({ stripe: failure(err) }, 'Stripe Tax did not answer: the shipped tax table gives the rate');
        return taxRateWithOverrides(zip5, []).rate;
      }
    },
  });

  return {
    async rateFor({ zip, country }) {
      if (!isUsAddress({ country, zip })) return 0;
      const own = taxRateWithOverrides(zip, await readOverrides());
      if (own.source !== 'table') return own.rate;
      return (await rates.fetch(zip.trim().slice(0, 5))) ?? own.rate;
    },
  };
}
