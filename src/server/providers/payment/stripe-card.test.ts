// The Stripe adapter through the official SDK against a local fake of Stripe's HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../../../../tests/support/fakes/stripe-fake.js';
import { PaymentError } from './payment-provider.js';
import { stripeCardProvider } from './stripe-card.js';

let fake: Awaited<ReturnType<typeof startStripeFake>>;
let stripe: ReturnType<typeof stripeCardProvider>;
beforeAll(async () => {
  fake = await startStripeFake('sk_test_shop');
  stripe = stripeCardProvider({ secretKey: 'sk_test_shop', publishableKey: 'pk_test_shop', api: fake.api });
});
afterAll(() => fake.close());

describe('Stripe card provider', () => {
  it('creates a manual-capture intent in dollars-cents, verifies the authorisation, captures', async () => {
    const { id, clientSecret } = await stripe.createIntent({
      amountCents: 10_625,
      idempotencyKey: 'checkout-a',
      metadata: { cart: 'abc' },
    });
    expect(clientSecret.startsWith(`${id}_secret_`)).toBe(true);
    expect(fake.intent(id)).toMatchObject({
      amount: 10_625,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { cart: 'abc' },
    });
    expect((await stripe.retrieve(id)).status).toBe('requires_payment_method');

    fake.confirmWithCard(id, '4242424242424242');
    expect(await stripe.retrieve(id)).toMatchObject({
      status: 'requires_capture',
      amountCents: 10_625,
      description: 'Visa •••• 4242',
    });
    expect(await stripe.capture(id)).toMatchObject({ status: 'succeeded', amountCapturedCents: 10_625 });
    expect((await stripe.capture(id)).status).toBe('succeeded'); // a retry after success is harmless
  });

  it('creates the intent for the Payment Element: cards with their wallets, and Link, captured by hand', async () => {
    const { id } = await stripe.createIntent({ amountCents: 7_500, idempotencyKey: 'checkout-element' });
    expect(fake.intent(id)).toMatchObject({
      capture_method: 'manual',
      allowed_payment_method_types: ['card', 'link'],
      payment_method_types: ['card', 'link'],
    });
  });

  it.each([
    ['apple_pay', 'Visa •••• 4242 (Apple Pay)'],
    ['google_pay', 'Visa •••• 4242 (Google Pay)'],
  ] as const)('names a card paid through %s after its wallet, and captures it', async (wallet, description) => {
    const { id } = await stripe.createIntent({ amountCents: 6_000, idempotencyKey: `checkout-${wallet}` });
    expect(fake.confirmWithWallet(id, wallet, 'Ana Lopez')).toMatchObject({
      paymentIntent: { status: 'requires_capture' },
    });
    expect(await stripe.retrieve(id)).toMatchObject({ status: 'requires_capture', amountCents: 6_000, description });
    expect(await stripe.capture(id)).toMatchObject({ status: 'succeeded', amountCapturedCents: 6_000 });
  });

  it('takes Link, which the intent allows, and names the Link account', async () => {
    const { id } = await stripe.createIntent({ amountCents: 6_500, idempotencyKey: 'checkout-link' });
    expect(fake.confirmWithLink(id, 'ana@example.com')).toMatchObject({
      paymentIntent: { status: 'requires_capture' },
    });
    expect(await stripe.retrieve(id)).toMatchObject({
      status: 'requires_capture',
      description: 'Link (ana@example.com)',
    });
  });

  it('answers the same intent for a repeated request with the same key', async () => {
    const a = await stripe.createIntent({ amountCents: 5000, idempotencyKey: 'checkout-b' });
    const b = await stripe.createIntent({ amountCents: 5000, idempotencyKey: 'checkout-b' });
    expect(b.id).toBe(a.id);
  });

  it("turns Stripe's errors into payment errors with Stripe's message", async () => {
    await expect(stripe.retrieve('pi_missing')).rejects.toMatchObject({
      name: 'PaymentError',
      code: 'resource_missing',
    });
    const { id } = await stripe.createIntent({ amountCents: 5000, idempotencyKey: 'checkout-c' });
    await expect(stripe.capture(id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(stripe.createIntent({ amountCents: 10, idempotencyKey: 'tiny' })).rejects.toMatchObject({
      code: 'amount_too_small',
    });
  });

  it('cancels an authorisation, and refunds a capture up to its amount', async () => {
    const a = await stripe.createIntent({ amountCents: 4000, idempotencyKey: 'checkout-d' });
    fake.confirmWithCard(a.id, '4242424242424242');
    expect((await stripe.cancel(a.id)).status).toBe('canceled');

    const b = await stripe.createIntent({ amountCents: 4000, idempotencyKey: 'checkout-e' });
    fake.confirmWithCard(b.id, '4242424242424242');
    await stripe.capture(b.id);
    expect((await stripe.refund(b.id, 1500)).amountCents).toBe(1500);
    await expect(stripe.refund(b.id, 3000)).rejects.toBeInstanceOf(PaymentError);
  });

  it('is refused with a wrong secret key', async () => {
    const wrong = stripeCardProvider({ secretKey: 'sk_test_wrong', publishableKey: 'pk', api: fake.api });
    await expect(wrong.createIntent({ amountCents: 5000, idempotencyKey: 'x' })).rejects.toMatchObject({
      name: 'PaymentError',
    });
  });
});
