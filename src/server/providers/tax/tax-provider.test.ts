import { describe, expect, it } from 'vitest';
import { tableTaxProvider } from './tax-provider.js';

describe('tableTaxProvider', () => {
  const provider = tableTaxProvider();

  it('answers the state rate for a US address, by the first 5 digits of the zip', async () => {
    expect(await provider.rateFor({ country: 'US', zip: '94105' })).toBe(0.0725);
    expect(await provider.rateFor({ country: 'usa', zip: '10001-2345' })).toBe(0.04);
    expect(await provider.rateFor({ country: 'US', zip: '97201' })).toBe(0);
  });

  it('answers 0 outside the US, even for a zip that looks American', async () => {
    expect(await provider.rateFor({ country: 'FR', zip: '75001' })).toBe(0);
    expect(await provider.rateFor({ country: 'DE', zip: '10115' })).toBe(0);
  });

  it('answers 0 for a US country with a malformed zip', async () => {
    expect(await provider.rateFor({ country: 'US', zip: 'garbage' })).toBe(0);
    expect(await provider.rateFor({ country: 'US', zip: '' })).toBe(0);
  });
});

describe("tableTaxProvider with the owner's overrides", () => {
  const provider = tableTaxProvider(async () => [
    { place: 'NY', ratePercent: 8 },
    { place: '100', ratePercent: 8.5 },
    { place: '10001', ratePercent: 8.875 },
  ]);

  it('answers ZIP5, then ZIP3, then state, then the table', async () => {
    expect(await provider.rateFor({ country: 'US', zip: '10001' })).toBe(0.08875);
    expect(await provider.rateFor({ country: 'US', zip: '10002' })).toBe(0.085);
    expect(await provider.rateFor({ country: 'US', zip: '12201' })).toBe(0.08);
    expect(await provider.rateFor({ country: 'US', zip: '94105' })).toBe(0.0725);
  });

  it('still answers 0 outside the US', async () => {
    expect(await provider.rateFor({ country: 'FR', zip: '10001' })).toBe(0);
  });
});
