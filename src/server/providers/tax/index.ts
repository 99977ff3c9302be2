// Which tax provider this copy of the shop uses: the table shipped with the code (default), or Stripe
// Tax with TAX_PROVIDER=stripe (config.ts refuses it without STRIPE_SECRET_KEY). Both put the owner's
// overrides (Settings → Tax) first.
import type { FastifyBaseLogger } from 'fastify';
import type { TaxOverride } from '../../../domain/tax-overrides.js';
import type { Config } from '../../config.js';
import { stripeTaxProvider } from './stripe-tax.js';
import { tableTaxProvider, type TaxProvider } from './tax-provider.js';

export function taxProvider(
  config: Pick<Config, 'taxProvider' | 'stripe'>,
  readOverrides: () => Promise<readonly TaxOverride[]>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): TaxProvider {
  if (config.taxProvider === 'stripe' && config.stripe) {
    return stripeTaxProvider({ secretKey: config.stripe.secretKey, api: config.stripe.api, readOverrides, log });
  }
  return tableTaxProvider(readOverrides);
}
