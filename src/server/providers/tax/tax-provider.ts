// Where the server gets a tax rate for an address. The table ships with the code and is the
// default; an online service (exact local rates, clothing exemptions) can implement the same shape.
import { isUsAddress } from '../../../domain/geo.js';
import { taxRateForZip } from '../../../domain/tax-table.js';

export interface TaxProvider {
  /** The sales tax rate for an address, e.g. 0.0725; 0 when none applies (spec §9: US zips only). */
  rateFor(input: { zip: string; country: string }): Promise<number>;
}

export function tableTaxProvider(): TaxProvider {
  return {
    async rateFor({ zip, country }) {
      return isUsAddress({ country, zip }) ? taxRateForZip(zip) : 0;
    },
  };
}
