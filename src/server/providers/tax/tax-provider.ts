// Where the server gets a tax rate for an address. The table ships with the code and is the
// default; the owner's overrides (Settings → Tax: a ZIP, a ZIP prefix or a state) come before it.
// An online service (exact local rates, clothing exemptions) can implement the same shape.
import { isUsAddress } from '../../../domain/geo.js';
import { type TaxOverride, taxRateWithOverrides } from '../../../domain/tax-overrides.js';

export interface TaxProvider {
  /** The sales tax rate for an address, e.g. 0.0725; 0 when none applies (spec §9: US zips only). */
  rateFor(input: { zip: string; country: string }): Promise<number>;
}

/** `readOverrides`: the owner's rates (services.settings.read(), cached in the read model); none by default. */
export function tableTaxProvider(readOverrides: () => Promise<readonly TaxOverride[]> = async () => []): TaxProvider {
  return {
    async rateFor({ zip, country }) {
      if (!isUsAddress({ country, zip })) return 0;
      return taxRateWithOverrides(zip, await readOverrides()).rate;
    },
  };
}
