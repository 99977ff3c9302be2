// The owner's own tax rates (Settings → Tax, issue 26): a combined rate for a 5-digit ZIP, a 3-digit
// ZIP prefix or a state takes precedence over the built-in table (tax-table.ts), most specific first:
// ZIP5, then ZIP3, then state, then the table.
import { isUsZip } from './geo.js';
import { stateOfZip, taxRateForZip } from './tax-table.js';

/** As the Settings store them: `place` 'CA', '941' or '94110'; `ratePercent` 8.625 for 8.625 %. */
export type TaxOverride = { place: string; ratePercent: number };

export type TaxSource = 'zip5' | 'zip3' | 'state' | 'table';

/** The rate for a US zip (0.08625) and where it came from; 0 from the table when the zip is not US. */
export function taxRateWithOverrides(
  zip: string,
  overrides: readonly TaxOverride[],
): { rate: number; source: TaxSource } {
  const trimmed = zip.trim();
  if (!isUsZip(trimmed)) return { rate: 0, source: 'table' };
  const byPlace = new Map(overrides.map((o) => [o.place.trim().toUpperCase(), o.ratePercent]));
  const zip5 = trimmed.slice(0, 5);
  const state = stateOfZip(trimmed);
  const tries: [string | undefined, TaxSource][] = [
    [zip5, 'zip5'],
    [zip5.slice(0, 3), 'zip3'],
    [state, 'state'],
  ];
  for (const [place, source] of tries) {
    const percent = place === undefined ? undefined : byPlace.get(place);
    if (percent !== undefined) return { rate: percentToRate(percent), source };
  }
  return { rate: taxRateForZip(trimmed), source: 'table' };
}

/** 8.625 % → 0.08625, kept to a millionth as computeTotals applies it. */
export const percentToRate = (percent: number) => Math.round(percent * 10_000) / 1_000_000;
