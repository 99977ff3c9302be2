// The express (PayPal) providers: the sandbox on a real database, the REST adapter against a fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalFake } from '../../../../tests/support/fakes/paypal-fake.js';
import { freshDatabase } from '../../../../tests/support/test-database.js';
import type { ExpressAmount, ExpressProvider } from './express-provider.js';
import { paypalOrdersProvider } from './paypal-orders.js';
import { sandboxPaypalProvider } from './sandbox-paypal.js';

const amount = (totalCents: number): ExpressAmount => ({
  totalCents,
  itemsCents: totalCents,
  discountCents: 0,
  shippingCents: 0,
  taxCents: 0,
});
const payer = { givenName: 'Mei', surname: 'Chen', email: 'mei@example.com' };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let fake: Awaited<ReturnType<typeof startPaypalFake>>;
beforeAll(async () => {
  database = await freshDatabase();
  fake = await startPaypalFake();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

/** Each provider with the way its payer approves (our dialog, or PayPal's window). */
const cases: [string, () => { provider: ExpressProvider; approve: (id: string, country: string) => Promise<void> }][] =
  [
    [
      'sandbox',
      () => {
        const provider = sandboxPaypalProvider(database.db);
        return {
          provider,
          approve: async (orderID, country) => {
            await provider.approve({
              orderID,
              payer,
              shipping: {
                name: 'Mei Chen',
                address: '1 Bund Rd',
                address2: '',
                city: 'Shanghai',
                state: 'SH',
                zip: '200000',
                country,
              },
            });
          },
        };
      },
    ],
    [
      'PayPal REST',
      () => ({
        provider: paypalOrdersProvider({
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
          baseUrl: fake.baseUrl,
        }),
        approve: async (id, country) =>
          fake.approve(
            id,
            { given_name: 'Mei', surname: 'Chen', email: 'mei@example.com' },
            {
              address_line_1: '1 Bund Rd',
              admin_area_2: 'Shanghai',
              admin_area_1: 'SH',
              postal_code: '200000',
              country_code: country === 'CN' ? 'C2' : country,
            },
          ),
      }),
    ],
  ];

describe.each(cases)('%s express provider', (_name, make) => {
  it('creates an order, reads the approved payer and address, updates the amount and captures once', async () => {
    const { provider, approve } = make();
    const { id } = await provider.createOrder({ amount: amount(9800), idempotencyKey: `k-${Math.random()}` });
    expect((await provider.getOrder(id)).status).toBe('CREATED');
    await expect(provider.capture(id, 'c1')).rejects.toMatchObject({ name: 'PaymentError' });

    await approve(id, 'CN');
    const order = await provider.getOrder(id);
    expect(order).toMatchObject({
      status: 'APPROVED',
      payer: { givenName: 'Mei', surname: 'Chen', email: 'mei@example.com' },
    });
    expect(order.shipping).toMatchObject({ city: 'Shanghai', zip: '200000', country: 'CN' }); // ISO, whatever PayPal calls it

    await provider.updateAmount(id, {
      totalCents: 12_345,
      itemsCents: 9800,
      discountCents: 0,
      shippingCents: 2545,
      taxCents: 0,
    });
    expect((await provider.getOrder(id)).amountCents).toBe(12_345);

    const first = await provider.capture(id, 'c1');
    expect(first.amountCents).toBe(12_345);
    const again = await provider.capture(id, 'c1');
    expect(again.captureId).toBe(first.captureId);
    await expect(provider.updateAmount(id, amount(1))).rejects.toMatchObject({ name: 'PaymentError' });

    expect((await provider.refund(first.captureId, 2345)).amountCents).toBe(2345);
    await expect(provider.refund(first.captureId, 20_000)).rejects.toMatchObject({ name: 'PaymentError' });
  });
});

describe('PayPal REST credentials', () => {
  it('refuses with wrong client credentials', async () => {
    const wrong = paypalOrdersProvider({ clientId: 'x', clientSecret: 'y', baseUrl: fake.baseUrl });
    await expect(wrong.createOrder({ amount: amount(100), idempotencyKey: 'z' })).rejects.toMatchObject({
      code: 'AUTHENTICATION_FAILURE',
    });
  });
});
