import { describe, expect, it } from 'vitest';
import {
  checkoutContactComplete,
  isUsAddress,
  isUsCountry,
  isUsZip,
  zipLengthOk,
  type CheckoutContact,
} from './geo.js';
import { COUNTRIES, US_STATES } from './regions.js';

describe('COUNTRIES', () => {
  it('lists ISO 3166-1 alpha-2 codes once each, United States first, then by name', () => {
    expect(COUNTRIES[0]).toEqual({ code: 'US', name: 'United States' });
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name !== '')).toBe(true);
    const rest = COUNTRIES.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
  });

  it('uses ISO codes and common names (SPEC-NOTES: China is CN, not C2)', () => {
    const code = (name: string) => COUNTRIES.find((c) => c.name === name)?.code;
    expect(code('China')).toBe('CN');
    expect(code('United Kingdom')).toBe('GB');
    expect(code('Canada')).toBe('CA');
    expect(COUNTRIES.some((c) => c.code === 'C2')).toBe(false);
  });
});

describe('US_STATES', () => {
  it('has the 50 states, DC, Puerto Rico and the Virgin Islands with ISO codes (Maryland is MD)', () => {
    expect(US_STATES).toHaveLength(53);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(53);
    expect(US_STATES.find((s) => s.name === 'Maryland')?.code).toBe('MD');
    for (const code of ['DC', 'PR', 'VI', 'AK', 'HI', 'WY']) expect(US_STATES.some((s) => s.code === code)).toBe(true);
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort());
  });
});

describe('isUsCountry (spec §4/§5)', () => {
  it('accepts the ISO code and the spellings of the spec, in any case', () => {
    for (const country of [
      'US',
      'us',
      'USA',
      'usa',
      'United States',
      'UNITED STATES',
      'united states of america',
      ' US ',
    ]) {
      expect(isUsCountry(country), country).toBe(true);
    }
  });

  it('rejects other countries', () => {
    for (const country of ['', 'CA', 'GB', 'U.S.', 'America', 'United Kingdom', 'usa1']) {
      expect(isUsCountry(country), country).toBe(false);
    }
  });
});

describe('isUsZip', () => {
  it('accepts 5 digits, optionally a dash and 4 more', () => {
    expect(isUsZip('10001')).toBe(true);
    expect(isUsZip('10001-1234')).toBe(true);
    expect(isUsZip('00601')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const zip of ['', '1000', '100011', '10001-123', '10001 1234', '100011234', 'ABCDE', 'SW1A 1AA', '10001-']) {
      expect(isUsZip(zip), zip).toBe(false);
    }
  });
});

describe('isUsAddress (spec §5)', () => {
  it('needs both a US country and a US zip', () => {
    expect(isUsAddress({ country: 'US', zip: '21201' })).toBe(true);
    expect(isUsAddress({ country: 'united states of america', zip: '21201-0001' })).toBe(true);
    expect(isUsAddress({ country: 'US', zip: 'K1A 0B1' })).toBe(false);
    expect(isUsAddress({ country: 'CA', zip: '21201' })).toBe(false);
  });
});

describe('zipLengthOk (spec §5)', () => {
  it('asks at least 5 characters for the US and 4 elsewhere', () => {
    expect(zipLengthOk('US', '1234')).toBe(false);
    expect(zipLengthOk('US', '12345')).toBe(true);
    expect(zipLengthOk('usa', '1234')).toBe(false);
    expect(zipLengthOk('AU', '2000')).toBe(true);
    expect(zipLengthOk('AU', '200')).toBe(false);
    expect(zipLengthOk('AU', '   200 ')).toBe(false);
  });
});

describe('checkoutContactComplete (spec §5 continue buttons)', () => {
  const complete: CheckoutContact = {
    firstName: 'Ada',
    email: 'ada@example.com',
    address: '1 Main St',
    city: 'Baltimore',
    zip: '21201',
    state: 'MD',
    country: 'US',
  };

  it('is complete with every required field and a long enough zip', () => {
    expect(checkoutContactComplete(complete)).toBe(true);
    expect(checkoutContactComplete({ ...complete, country: 'GB', zip: 'N1 9', state: 'London' })).toBe(true);
  });

  it('is incomplete when a required field is empty or only spaces', () => {
    for (const field of ['firstName', 'email', 'address', 'city', 'zip', 'state'] as const) {
      expect(checkoutContactComplete({ ...complete, [field]: '' }), field).toBe(false);
      expect(checkoutContactComplete({ ...complete, [field]: '   ' }), field).toBe(false);
    }
  });

  it('is incomplete with a zip too short for the country', () => {
    expect(checkoutContactComplete({ ...complete, zip: '2120' })).toBe(false);
    expect(checkoutContactComplete({ ...complete, country: 'FR', zip: '750' })).toBe(false);
  });
});
