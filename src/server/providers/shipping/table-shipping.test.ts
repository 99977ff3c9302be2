import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ShippingError } from './shipping-provider.js';
import { LABEL_SERVICES } from '../../../contract/settings.js';
import {
  DEFAULT_SHIPPING_RATES,
  LABEL_SERVICE_TOKENS,
  s10CheckDigit,
  type ShippingSettings,
  tableShippingProvider,
} from './table-shipping.js';

describe('table shipping provider', () => {
  it('offers domestic options for a US address and international ones elsewhere', async () => {
    const table = tableShippingProvider();
    expect(await table.checkoutOptions({ country: 'US', state: 'NY', zip: '10001' })).toEqual(
      DEFAULT_SHIPPING_RATES.domestic,
    );
    expect(await table.checkoutOptions({ country: 'united states', state: 'NY', zip: '10001' })).toEqual(
      DEFAULT_SHIPPING_RATES.domestic,
    );
    expect(await table.checkoutOptions({ country: 'FR', state: '', zip: '75001' })).toEqual(
      DEFAULT_SHIPPING_RATES.international,
    );
  });

  it("uses the owner's options from Settings by region, in their order, dollars to cents", async () => {
    const owner = {
      options: [
        { type: 'flat', description: 'Flat rate', price: 7, region: 'us', labelService: '' },
        { type: 'pickup', description: 'Studio pick-up', price: 0, region: 'both', labelService: '' },
        { type: 'world', description: 'World', price: 30.5, region: 'international', labelService: '' },
      ],
      freeShippingUs: 150,
      freeShippingElsewhere: 300,
    } as const;
    const table = tableShippingProvider(async () => structuredClone(owner) as unknown as ShippingSettings);
    expect(await table.checkoutOptions({ country: 'US', state: 'CA', zip: '94105' })).toEqual([
      { type: 'flat', description: 'Flat rate', feeCents: 700 },
      { type: 'pickup', description: 'Studio pick-up', feeCents: 0 },
    ]);
    expect(await table.checkoutOptions({ country: 'FR', state: '', zip: '75001' })).toEqual([
      { type: 'pickup', description: 'Studio pick-up', feeCents: 0 },
      { type: 'world', description: 'World', feeCents: 3050 },
    ]);
  });

  it("keeps the demo's figures as the defaults", () => {
    expect(DEFAULT_SHIPPING_RATES.domestic.map((o) => [o.type, o.feeCents])).toEqual([
      ['standard', 800],
      ['express', 1800],
      ['overnight', 3500],
    ]);
    expect(DEFAULT_SHIPPING_RATES.international.map((o) => [o.type, o.feeCents])).toEqual([
      ['international', 2500],
      ['international-express', 4500],
    ]);
  });
});

describe('table shipping labels', () => {
  const order = {
    id: 1_234_567_890,
    pieces: 3,
    shipTo: {
      name: 'Zoë Müller',
      street1: '12 Rue de Rivoli',
      city: 'Paris',
      state: 'Île-de-France',
      zip: '75001',
      country: 'FR',
    },
  };
  const us = {
    ...order,
    shipTo: { name: 'Ada Lovelace', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
  };

  it('offers carrier rates with stable ids that encode the service, cheapest first, priced by pieces', async () => {
    const table = tableShippingProvider();
    const rates = await table.labelRates(us);
    expect(rates.map((r) => r.objectId)).toEqual([
      'rate_table_usps_ground_advantage',
      'rate_table_usps_priority',
      'rate_table_ups_ground',
      'rate_table_ups_second_day_air',
    ]);
    expect(rates[0]).toMatchObject({
      provider: 'USPS',
      serviceLevel: { name: 'Ground Advantage' },
      amountCents: 545 + 2 * 40,
      currency: 'USD',
    });
    expect(rates[0]!.providerImage75).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await table.labelRates(order)).map((r) => r.provider)).toEqual(['USPS', 'DHL Express']);
  });

  it('renders the label as a 4x6 inch PDF with a carrier-shaped tracking number', async () => {
    const table = tableShippingProvider(undefined, { clock: () => new Date('2026-11-23T12:00:00Z') });
    const label = await table.buyLabel(order, 'rate_table_dhl_express_worldwide');
    expect(label.trackingNumber).toMatch(/^\d{10}$/);
    expect(label.trackingUrl).toContain(label.trackingNumber);
    if (label.label.kind !== 'pdf') throw new Error('expected a PDF');
    expect(Buffer.from(label.label.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(label.label.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getMediaBox()).toMatchObject({ width: 288, height: 432 });
    const usps = await table.buyLabel(us, 'rate_table_usps_priority');
    expect(usps.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(usps.trackingUrl).toBe(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${usps.trackingNumber}`);
    // Abroad, USPS numbers the parcel the international (S10) way, with its check digit.
    const abroad = await table.buyLabel(order, 'rate_table_usps_priority_mail_international');
    const [, serial, check] = /^CP(\d{8})(\d)US$/.exec(abroad.trackingNumber) ?? [];
    expect(Number(check)).toBe(s10CheckDigit(serial!));
    expect(abroad.trackingUrl).toContain(abroad.trackingNumber);
  });

  it('computes the S10 check digit: weights 8 6 4 2 3 5 9 7, 11 − sum mod 11, 10 → 0, 11 → 5', () => {
    expect(s10CheckDigit('47395403')).toBe(5); // sum 160, 160 mod 11 = 6
    expect(s10CheckDigit('00000008')).toBe(0); // sum 56, remainder 1: 10 → 0
    expect(s10CheckDigit('00000015')).toBe(5); // sum 44, remainder 0: 11 → 5
  });

  it('refuses a rate that is not offered for the order', async () => {
    const table = tableShippingProvider();
    await expect(table.buyLabel(order, 'rate_table_usps_priority')).rejects.toBeInstanceOf(ShippingError);
    await expect(table.buyLabel(us, 'made-up')).rejects.toThrow(/not offered for order #1234567890/);
  });
});

describe("Settings' carrier services", () => {
  it("are exactly the label table's services, so an option names one labels can be bought with", () => {
    expect(LABEL_SERVICES.map((s) => s.token)).toEqual(LABEL_SERVICE_TOKENS);
  });
});
