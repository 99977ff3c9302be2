// Reference data of spec §3: countries and US states, ISO codes per SPEC-NOTES. Only the English
// names of i18n-iso-countries are imported (about 6 kB), not its all-locales entry point; the
// checkout chunk loads this, the storefront's first load does not.
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

export type Region = { code: string; name: string };

// The package lists some countries under a long official name first ("People's Republic of
// China", "Taiwan, Province of China"); a shopper scanning or typing into the dropdown looks for
// the common one.
const COMMON_NAMES: Record<string, string> = {
  CN: 'China',
  GM: 'Gambia',
  IR: 'Iran',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
};

const byName = new Intl.Collator('en').compare;

/** ISO 3166-1 alpha-2 countries with English names, United States first (the default), then by name. */
export const COUNTRIES: readonly Region[] = Object.entries(en.countries as Record<string, string | string[]>)
  .map(([code, names]) => ({ code, name: COMMON_NAMES[code] ?? (typeof names === 'string' ? names : names[0]!) }))
  .sort((a, b) => (a.code === 'US' ? -1 : b.code === 'US' ? 1 : byName(a.name, b.name)));

/** The 50 states, DC, Puerto Rico and the Virgin Islands with ISO 3166-2:US codes, by name. */
export const US_STATES: readonly Region[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VI', name: 'Virgin Islands' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];
