// Stripe Tax through the official SDK against the local fake of Stripe's HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../../../../tests/support/fakes/stripe-fake.js';
import { freePort } from '../../../../tests/support/shop-process.js';
import { CLOTHING_TAX_CODE, effectiveRate, REFERENCE_CENTS, stripeTaxProvider } from './stripe-tax.js';
import { tableTaxProvider } from './tax-provider.js';

let fake: Awaited<ReturnType<typeof startStripeFake>>;
beforeAll(async () => {
  fake = await startStripeFake('sk_test_tax');
});
afterAll(() => fake.close());

/** A provider of its own (its own cache), with the warnings it logs. */
function provider(options: { secretKey?: string; overrides?: { place: string; ratePercent: number }[] } = {}) {
  const warnings: { obj: object; msg: string }[] = [];
  const tax = stripeTaxProvider({
    secretKey: options.secretKey ?? 'sk_test_tax',
    api: fake.api,
    readOverrides: async () => options.overrides ?? [],
    log: { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) } as never,
    fallbackTtlMs: 50,
  });
  return { tax, warnings };
}
const table = tableTaxProvider();

describe('Stripe Tax provider', () => {
  it("answers Stripe's effective rate for the zip: a $100 garment, tax exclusive, clothing's tax code", async () => {
    const { tax } = provider();
    const before = fake.taxCalculations.length;
    expect(await tax.rateFor({ country: 'US', zip: '60601' })).toBe(0.1025); // the table says 0.0625
    expect(await table.rateFor({ country: 'US', zip: '60601' })).toBe(0.0625);
    expect(await tax.rateFor({ country: 'US', zip: '94105' })).toBe(0.08625);
    expect(fake.taxCalculations.slice(before)[0]).toMatchObject({
      currency: 'usd',
      'line_items[0][amount]': String(REFERENCE_CENTS),
      'line_items[0][tax_behavior]': 'exclusive',
      'line_items[0][tax_code]': CLOTHING_TAX_CODE,
      'customer_details[address][country]': 'US',
      'customer_details[address][postal_code]': '60601',
      'customer_details[address_source]': 'shipping',
    });
  });

  it('answers 0 where Stripe says clothing is exempt, or the shop collects no tax', async () => {
    const { tax } = provider();
    expect(await tax.rateFor({ country: 'US', zip: '07001' })).toBe(0); // NJ: the table says 0.06625
    expect(await tax.rateFor({ country: 'US', zip: '30301' })).toBe(0); // not registered there
  });

  it('asks Stripe once per zip, by its first 5 digits, and not at all outside the US', async () => {
    const { tax } = provider();
    const before = fake.taxCalculations.length;
    const rates = await Promise.all([
      tax.rateFor({ country: 'US', zip: '94105' }),
      tax.rateFor({ country: 'US', zip: '94105-1234' }),
      tax.rateFor({ country: 'United States', zip: '94105' }),
    ]);
    expect(rates).toEqual([0.08625, 0.08625, 0.08625]);
    expect(await tax.rateFor({ country: 'US', zip: '94105' })).toBe(0.08625);
    expect(await tax.rateFor({ country: 'FR', zip: '75001' })).toBe(0);
    expect(await tax.rateFor({ country: 'US', zip: 'garbage' })).toBe(0);
    expect(fake.taxCalculations.length - before).toBe(1);
  });

  it("puts the owner's overrides first (ZIP5, ZIP3, state) and asks Stripe for the rest", async () => {
    const { tax } = provider({
      overrides: [
        { place: 'IL', ratePercent: 9 },
        { place: '941', ratePercent: 8.5 },
      ],
    });
    const before = fake.taxCalculations.length;
    expect(await tax.rateFor({ country: 'US', zip: '60601' })).toBe(0.09);
    expect(await tax.rateFor({ country: 'US', zip: '94105' })).toBe(0.085);
    expect(fake.taxCalculations.length - before).toBe(0);
  });

  it('falls back to the shipped table when Stripe fails, logs why without the address, and asks again later', async () => {
    const { tax, warnings } = provider();
    fake.setTaxOutage(true);
    try {
      expect(await tax.rateFor({ country: 'US', zip: '60601' })).toBe(0.0625);
    } finally {
      fake.setTaxOutage(false);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/Stripe Tax did not answer/);
    expect(JSON.stringify(warnings[0]!.obj)).not.toContain('60601');
    await new Promise((r) => setTimeout(r, 80)); // the fallback's time (50 ms here) is over
    expect(await tax.rateFor({ country: 'US', zip: '60601' })).toBe(0.1025);
  });

  it('falls back to the table with a wrong key, and when Stripe cannot be reached', async () => {
    const wrongKey = provider({ secretKey: 'sk_test_wrong' });
    expect(await wrongKey.tax.rateFor({ country: 'US', zip: '94105' })).toBe(0.0725);
    expect(wrongKey.warnings[0]!.obj).toMatchObject({ stripe: { status: 401 } });

    const warnings: object[] = [];
    const unreachable = stripeTaxProvider({
      secretKey: 'sk_test_tax',
      api: { host: '127.0.0.1', port: await freePort(), protocol: 'http' },
      log: { warn: (obj: object) => warnings.push(obj) } as never,
      timeoutMs: 1_000,
    });
    expect(await unreachable.rateFor({ country: 'US', zip: '94105' })).toBe(0.0725);
    expect(warnings).toHaveLength(1);
  }, 20_000);
});

describe('effectiveRate', () => {
  const part = (taxable: number, percent: string, extra: object = {}) => ({
    amount: Math.round((taxable * Number(percent)) / 100),
    inclusive: false,
    taxable_amount: taxable,
    taxability_reason: 'standard_rated',
    tax_rate_details: {
      country: 'US',
      flat_amount: null,
      percentage_decimal: percent,
      rate_type: 'percentage',
      state: 'CA',
      tax_type: 'sales_tax',
    },
    ...extra,
  });

  it('keeps the rate to a millionth, not to the cent of the reference garment', () => {
    expect(effectiveRate({ tax_breakdown: [part(REFERENCE_CENTS, '8.875')] } as never)).toBe(0.08875);
    expect(
      effectiveRate({ tax_breakdown: [part(REFERENCE_CENTS, '6.25'), part(REFERENCE_CENTS, '1.0')] } as never),
    ).toBe(0.0725);
  });

  it('counts a part taxed on some of the amount for that share, and leaves flat fees out', () => {
    const flat = part(REFERENCE_CENTS, '0.0', {
      tax_rate_details: {
        rate_type: 'flat_amount',
        flat_amount: { amount: 28, currency: 'usd' },
        percentage_decimal: '0.0',
      },
    });
    expect(effectiveRate({ tax_breakdown: [part(REFERENCE_CENTS / 2, '6.25'), flat] } as never)).toBe(0.03125);
  });

  it('refuses an answer that is no rate', () => {
    expect(() => effectiveRate({ tax_breakdown: [part(REFERENCE_CENTS, 'abc')] } as never)).toThrow(/unusable rate/);
  });
});
