// The Shippo adapter against a local fake of Shippo's HTTP API: request shapes, the token header,
// rates in cents, a bought label, and Shippo's errors as ShippingErrors with Shippo's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShippoFake } from '../../../../tests/support/fakes/shippo-fake.js';
import { shippoShippingProvider, centsOf } from './shippo-shipping.js';
import { DEFAULT_SHIP_FROM, ShippingError, type LabelOrder } from './shipping-provider.js';
import { tableShippingProvider } from './table-shipping.js';

let fake: Awaited<ReturnType<typeof startShippoFake>>;
const provider = (token = 'shippo_test_token') =>
  shippoShippingProvider({
    token,
    apiUrl: fake.url,
    shipFrom: async () => DEFAULT_SHIP_FROM,
    checkout: tableShippingProvider(),
  });

const ORDER: LabelOrder = {
  id: 4_815_162_342,
  pieces: 2,
  shipTo: {
    name: 'Ada Lovelace',
    street1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    country: 'US',
    email: 'ada@example.com',
  },
};

beforeAll(async () => {
  fake = await startShippoFake('shippo_test_token');
});
afterAll(() => fake.close());

describe('Shippo shipping provider', () => {
  it('creates a synchronous shipment with both addresses and the parcel, and answers its rates in cents, cheapest first', async () => {
    const rates = await provider().labelRates(ORDER);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/shipments/',
      authorization: 'ShippoToken shippo_test_token',
    });
    expect(request.body).toMatchObject({
      async: false,
      address_from: {
        name: DEFAULT_SHIP_FROM.name,
        street1: DEFAULT_SHIP_FROM.street1,
        zip: DEFAULT_SHIP_FROM.zip,
        country: 'US',
      },
      address_to: {
        name: 'Ada Lovelace',
        street1: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
      },
      parcels: [{ distance_unit: 'in', mass_unit: 'lb', weight: '0.95' }],
    });
    expect(rates.map((r) => [r.provider, r.serviceLevel.name, r.amountCents])).toEqual([
      ['USPS', 'Ground Advantage', 540],
      ['USPS', 'Priority Mail', 935],
      ['UPS', 'Ground', 1120],
    ]);
    expect(rates[0]!.providerImage75).toMatch(/^https:\/\/shippo-static/);
  });

  it('buys a rate as a 4x6 PDF and answers the tracking number, tracking page and label address', async () => {
    const [rate] = await provider().labelRates(ORDER);
    const label = await provider().buyLabel(ORDER, rate!.objectId);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/transactions/',
      authorization: 'ShippoToken shippo_test_token',
      body: { rate: rate!.objectId, label_file_type: 'PDF_4x6', async: false },
    });
    expect(label.trackingNumber).toMatch(/^92055/);
    expect(label.trackingUrl).toContain(label.trackingNumber);
    expect(label.label).toMatchObject({
      kind: 'url',
      url: expect.stringMatching(/^https:\/\/deliver\.goshippo\.com\/.+\.pdf$/),
    });
    expect(label.rate).toMatchObject({ objectId: rate!.objectId, provider: 'USPS', amountCents: 540 });
  });

  it("surfaces a transaction with status ERROR as a ShippingError with Shippo's message text", async () => {
    const [rate] = await provider().labelRates(ORDER);
    fake.refuse(rate!.objectId);
    await expect(provider().buyLabel(ORDER, rate!.objectId)).rejects.toThrow(
      new ShippingError('The carrier account has insufficient postage'),
    );
  });

  it("surfaces no rates (an address the carriers refuse), an unknown rate and a wrong token with Shippo's words", async () => {
    await expect(provider().labelRates({ ...ORDER, shipTo: { ...ORDER.shipTo, zip: '00000' } })).rejects.toThrow(
      'The address to is not a valid address',
    );
    await expect(provider().buyLabel(ORDER, 'nope')).rejects.toThrow(/\(404\): Not found\./);
    await expect(provider('wrong').labelRates(ORDER)).rejects.toThrow(/\(401\): Invalid token\./);
    await expect(provider().buyLabel(ORDER, 'x')).rejects.toBeInstanceOf(ShippingError);
  });

  it("refuses a rate quoted for another order's shipment, and buys nothing", async () => {
    const [other] = await provider().labelRates({ ...ORDER, id: 1_111_111_111 });
    const before = fake.transactions;
    await expect(provider().buyLabel(ORDER, other!.objectId)).rejects.toThrow(
      `The rate ${other!.objectId} was not quoted for order #${ORDER.id}`,
    );
    expect(fake.transactions).toBe(before);
    await expect(provider().buyLabel(ORDER, '../../shipments')).rejects.toThrow('That is not a Shippo rate');
  });

  it('reads decimal amounts without floating point', () => {
    expect([centsOf('8.5'), centsOf('8.50'), centsOf('12'), centsOf('0.07'), centsOf('19.999')]).toEqual([
      850, 850, 1200, 7, 1999,
    ]);
    expect(() => centsOf('free')).toThrow(ShippingError);
  });
});
