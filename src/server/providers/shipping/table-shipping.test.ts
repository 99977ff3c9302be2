import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RATES, tableShippingProvider } from './table-shipping.js';

describe('table shipping provider', () => {
  it('offers domestic options for a US address and international ones elsewhere', async () => {
    const table = tableShippingProvider(async () => undefined);
    expect(await table.checkoutOptions({ country: 'US', state: 'NY', zip: '10001' })).toEqual(DEFAULT_SHIPPING_RATES.domestic);
    expect(await table.checkoutOptions({ country: 'united states', state: 'NY', zip: '10001' })).toEqual(DEFAULT_SHIPPING_RATES.domestic);
    expect(await table.checkoutOptions({ country: 'FR', state: '', zip: '75001' })).toEqual(DEFAULT_SHIPPING_RATES.international);
  });

  it("uses the owner's rates from settings, and the defaults when the setting is malformed", async () => {
    const owner = { domestic: [{ type: 'flat', description: 'Flat rate', feeCents: 500 }], international: [{ type: 'world', description: 'World', feeCents: 3000 }] };
    expect(await tableShippingProvider(async () => owner).checkoutOptions({ country: 'US', state: 'CA', zip: '94105' })).toEqual(owner.domestic);
    const broken = tableShippingProvider(async () => ({ domestic: 'free' }));
    expect(await broken.checkoutOptions({ country: 'US', state: 'CA', zip: '94105' })).toEqual(DEFAULT_SHIPPING_RATES.domestic);
  });
});
