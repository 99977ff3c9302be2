// The tax table shipped with the code (ARCHITECTURE "tax"): US zip → state → statewide rate.
// It needs no network and no keys; an online tax service can replace it behind TaxProvider.
import { isUsZip } from './geo.js';

// USPS 3-digit ZIP prefixes by state, [from, to, state] inclusive. Prefixes missing here are
// unassigned or military (APO/FPO: AA 340, AE 090-099, AP 962-966) or Pacific territories (969).
const ZIP_PREFIX_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], // Holtsville IRS
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'], // Andover IRS
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'], // Dulles
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'], // parcel return service
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'], // Austin IRS
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'], // El Paso
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/**
 * Statewide base sales tax rates (2025), without county or city rates and without the clothing
 * exemptions some states have: a plain default until an online provider is configured.
 */
export const STATE_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 0.04,
  AK: 0,
  AZ: 0.056,
  AR: 0.065,
  CA: 0.0725,
  CO: 0.029,
  CT: 0.0635,
  DE: 0,
  DC: 0.065, // 6% until 30 Sep 2025
  FL: 0.06,
  GA: 0.04,
  HI: 0.04,
  ID: 0.06,
  IL: 0.0625,
  IN: 0.07,
  IA: 0.06,
  KS: 0.065,
  KY: 0.06,
  LA: 0.05,
  ME: 0.055,
  MD: 0.06,
  MA: 0.0625,
  MI: 0.06,
  MN: 0.06875,
  MS: 0.07,
  MO: 0.04225,
  MT: 0,
  NE: 0.055,
  NV: 0.0685,
  NH: 0,
  NJ: 0.06625,
  NM: 0.04875,
  NY: 0.04,
  NC: 0.0475,
  ND: 0.05,
  OH: 0.0575,
  OK: 0.045,
  OR: 0,
  PA: 0.06,
  PR: 0.105,
  RI: 0.07,
  SC: 0.06,
  SD: 0.042,
  TN: 0.07,
  TX: 0.0625,
  UT: 0.0485,
  VT: 0.06,
  VA: 0.053, // 4.3% state + the 1% local levy every locality charges
  VI: 0,
  WA: 0.065,
  WV: 0.06,
  WI: 0.05,
  WY: 0.04,
};

/** The state (ISO 3166-2:US code) of a US zip by its first 3 digits; undefined when not a US zip. */
export function stateOfZip(zip: string): string | undefined {
  if (!isUsZip(zip)) return undefined;
  const prefix = Number(zip.trim().slice(0, 3));
  return ZIP_PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

/** The statewide rate for a US zip (first 5 digits, spec §9); 0 when the zip is not known. */
export function taxRateForZip(zip: string): number {
  const state = stateOfZip(zip);
  return state === undefined ? 0 : (STATE_TAX_RATES[state] ?? 0);
}

/** The ranges, for tests that check the table is consistent. */
export const ZIP_PREFIX_TABLE = ZIP_PREFIX_RANGES;
