import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../tests/support/test-database.js';
import { sandboxPayments } from '../../db/schema.js';
import { PaymentError } from './payment-provider.js';
import { luhnValid, sandboxCardProvider, type SandboxCardProvider } from './sandbox-card.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let sandbox: SandboxCardProvider;
const card = { exp: '12 / 34', cvc: '123', name: 'Ana Lopez' };
let key = 0;
const intent = (amountCents = 9800) => sandbox.createIntent({ amountCents, idempotencyKey: `checkout-${++key}` });

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = sandboxCardProvider(database.db, { clock: () => new Date('2026-11-21T12:00:00Z') });
});
afterAll(() => database.close());

describe('sandbox card provider', () => {
  it('authorises 4242 4242 4242 4242, then captures once', async () => {
    const { id, clientSecret } = await intent();
    expect(clientSecret.startsWith(`${id}_secret_`)).toBe(true);
    const result = await sandbox.confirm({ clientSecret, cardNumber: '4242 4242 4242 4242', ...card });
    expect(result).toEqual({ paymentIntent: { id, status: 'requires_capture', amount: 9800 } });
    expect(await sandbox.retrieve(id)).toMatchObject({
      status: 'requires_capture',
      amountCents: 9800,
      description: 'Visa •••• 4242',
    });
    expect(await sandbox.capture(id)).toMatchObject({ status: 'succeeded', amountCapturedCents: 9800 });
    expect(await sandbox.capture(id)).toMatchObject({ status: 'succeeded' });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with "%s" and authorises nothing', async (cardNumber, message) => {
    const { id, clientSecret } = await intent();
    const result = await sandbox.confirm({ clientSecret, cardNumber, ...card });
    expect(result).toMatchObject({ error: { type: 'card_error', message } });
    expect((await sandbox.retrieve(id)).status).toBe('requires_payment_method');
  });

  it('refuses a wrong number, a past expiry and a short security code as Stripe.js would', async () => {
    const { clientSecret } = await intent();
    expect(await sandbox.confirm({ clientSecret, cardNumber: '4242 4242 4242 4241', ...card })).toMatchObject({
      error: { message: 'Your card number is incorrect.' },
    });
    expect(
      await sandbox.confirm({ clientSecret, cardNumber: '4242424242424242', ...card, exp: '01 / 20' }),
    ).toMatchObject({
      error: { code: 'invalid_expiry_year_past' },
    });
    expect(await sandbox.confirm({ clientSecret, cardNumber: '4242424242424242', ...card, cvc: '1' })).toMatchObject({
      error: { code: 'incomplete_cvc' },
    });
  });

  it('authorises a double submission once', async () => {
    const { clientSecret } = await intent();
    const [a, b] = await Promise.all([
      sandbox.confirm({ clientSecret, cardNumber: '4242424242424242', ...card }),
      sandbox.confirm({ clientSecret, cardNumber: '4242424242424242', ...card }),
    ]);
    expect([a, b].filter((r) => 'paymentIntent' in r)).toHaveLength(1);
  });

  it('answers the same intent for the same checkout, with its amount updated', async () => {
    const first = await sandbox.createIntent({ amountCents: 5000, idempotencyKey: 'same-checkout' });
    const again = await sandbox.createIntent({ amountCents: 6200, idempotencyKey: 'same-checkout' });
    expect(again).toEqual(first);
    expect((await sandbox.retrieve(first.id)).amountCents).toBe(6200);
  });

  it('cancels an authorisation and refunds a capture no more than was captured', async () => {
    const a = await intent(4000);
    await sandbox.confirm({ clientSecret: a.clientSecret, cardNumber: '4242424242424242', ...card });
    expect((await sandbox.cancel(a.id)).status).toBe('canceled');
    await expect(sandbox.capture(a.id)).rejects.toBeInstanceOf(PaymentError);

    const b = await intent(4000);
    await sandbox.confirm({ clientSecret: b.clientSecret, cardNumber: '4242424242424242', ...card });
    await sandbox.capture(b.id);
    expect((await sandbox.refund(b.id, 1500)).amountCents).toBe(1500);
    await expect(sandbox.refund(b.id, 3000)).rejects.toBeInstanceOf(PaymentError);
    expect((await sandbox.refund(b.id)).amountCents).toBe(2500);
    await expect(sandbox.cancel(b.id)).rejects.toBeInstanceOf(PaymentError);
  });

  it("pays by the sandbox wallet with the card it holds, named after the wallet, with the form's name", async () => {
    const { id, clientSecret } = await intent(5400);
    expect(await sandbox.confirmWallet({ clientSecret, name: ' Ana Lopez ' })).toEqual({
      paymentIntent: { id, status: 'requires_capture', amount: 5400 },
    });
    expect(await sandbox.retrieve(id)).toMatchObject({
      status: 'requires_capture',
      description: 'Visa •••• 4242 (Sandbox Pay)',
    });
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    expect(row!.details).toMatchObject({ name: 'Ana Lopez', wallet: 'Sandbox Pay' });
    expect(await sandbox.confirmWallet({ clientSecret, name: 'Ana Lopez' })).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
    expect(await sandbox.confirmWallet({ clientSecret: `${id}_secret_wrong`, name: 'Ana Lopez' })).toMatchObject({
      error: { code: 'resource_missing' },
    });
  });

  it('checks card numbers with the Luhn rule', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});
