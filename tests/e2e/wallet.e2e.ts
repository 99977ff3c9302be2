// Issue 29 #1 in real Chromium. The sandbox wallet (no keys, the journeys' shared shop): billing →
// PLACE ORDER disabled → 'Pay with sandbox wallet' → enabled → 'Pay by card instead' and back →
// PLACE ORDER → /cart/success, the confirmation email naming 'Visa •••• 4242 (Sandbox Pay)'; at 390
// and 1440 px. Then Stripe's Payment Element on a shop of its own started with Stripe keys pointing
// at a local fake of Stripe's API: js.stripe.com is out of reach offline, so the browser routes it to
// a small local stand-in (support/stripe-js-stand-in.ts) that records what the shop asks of Stripe.js
// and confirms at the fake. Stripe.js is asked for only at billing; the intent allows cards (with
// their wallets) and Link with manual capture; the Element is made in the deferred intent flow for
// the total the page shows and mounts in its container with PLACE ORDER disabled until it is
// complete; Apple Pay then pays with the form's billing name and redirect 'if_required'; a card typed
// in stays when WELCOME10 changes the total on the billing stage (one Element, its amount updated),
// and the order is authorised and captured for the new total; a payment that left the page for a
// redirect comes back and completes. The stand-in itself is held to Stripe.js's rules last.
// Screenshots: WALLET_SHOTS=.tmp/wallet (a folder).
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../support/fakes/stripe-fake.js';
import { DESKTOP, launchBrowser, PHONE, saveShot, watchErrors } from './support/browser.js';
import { decoded, mailTo } from './support/mailbox.js';
import { mostStockedPiece, openCheckout } from './support/orders.js';
import { startOwnShop, type OwnShop } from './support/own-shop.js';
import { type StandInRecord, standInForStripeJs } from './support/stripe-js-stand-in.js';

const SHOTS = process.env.WALLET_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** A piece no journey sells out. */
const PIECE = mostStockedPiece();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function fillContact(checkout: Locator, email: string) {
  await checkout.getByLabel('First name', { exact: true }).fill('Ada');
  await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await checkout.getByLabel('Email', { exact: true }).fill(email);
  await checkout.getByLabel('Confirm email', { exact: true }).fill(email);
  await checkout.getByLabel('Country', { exact: true }).selectOption('US');
  await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await checkout.getByLabel('City', { exact: true }).fill('New York');
  await checkout.getByLabel('State', { exact: true }).selectOption('NY');
  await checkout.getByLabel('Zip', { exact: true }).fill('10001');
}

/** Contact → shipping (first option) → billing. */
async function toBilling(checkout: Locator) {
  await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
  await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
  await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await checkout.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
}

const placeOrderButton = (checkout: Locator) => checkout.getByRole('button', { name: 'PLACE ORDER', exact: true });

/** The total beside PLACE ORDER ('$1,240.50'), in cents. */
async function shownTotalCents(checkout: Locator): Promise<number> {
  const text = (await checkout.locator('.checkout-actions__total strong').textContent())!.trim();
  const match = /^\$([\d,]+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a total: ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

/** PLACE ORDER stays disabled across several of the billing stage's 200 ms polls. */
async function staysDisabled(page: Page, checkout: Locator) {
  await page.waitForTimeout(700);
  expect(await placeOrderButton(checkout).isDisabled()).toBe(true);
}

/** The order number the success page shows. */
async function orderNumber(page: Page): Promise<string> {
  await page.waitForURL(/\/cart\/success$/);
  await expect.poll(() => page.getByTestId('order-number').textContent({ timeout: 10_000 })).toMatch(/^#\d+$/);
  return (await page.getByTestId('order-number').textContent())!.slice(1);
}

describe('the sandbox wallet', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('pays with the sandbox wallet and lands on the placed order (%s)', async (name, viewport) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = `wallet-${name}-${Date.now()}@example.com`;
    const checkout = await openCheckout(page, PIECE);
    await fillContact(checkout, email);
    await toBilling(checkout);

    // Nothing chosen yet: PLACE ORDER waits (spec §5).
    const wallet = checkout.getByRole('button', { name: 'Pay with sandbox wallet', exact: true });
    await wallet.waitFor();
    expect(await checkout.getByText('or pay by card', { exact: true }).isVisible()).toBe(true);
    await staysDisabled(page, checkout);
    await saveShot(SHOTS, page, `billing-${viewport.width}`);

    // The wallet chosen: its card shows in place of the card fields, and PLACE ORDER is enabled.
    await wallet.click();
    const chosen = checkout.getByRole('group', { name: 'Sandbox Pay' });
    await chosen.waitFor();
    expect(await chosen.textContent()).toContain('Visa •••• 4242');
    expect(await checkout.getByLabel('Card number', { exact: true }).count()).toBe(0);
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);
    await saveShot(SHOTS, page, `billing-wallet-${viewport.width}`);

    // Back to the card: its fields again, empty, and PLACE ORDER waits for them; then the wallet again.
    await checkout.getByRole('button', { name: 'Pay by card instead', exact: true }).click();
    await checkout.getByLabel('Card number', { exact: true }).waitFor();
    await expect.poll(() => placeOrderButton(checkout).isDisabled()).toBe(true);
    await wallet.click();
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);

    // PLACE ORDER: the wallet authorises (nothing did before), the order is placed.
    const paid = page.waitForResponse((r) => new URL(r.url()).pathname === '/sandbox/card/wallet');
    await placeOrderButton(checkout).click();
    expect(await (await paid).json()).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    const number = await orderNumber(page);
    await saveShot(SHOTS, page, `success-${viewport.width}`);

    const mail = await mailTo(email, new RegExp(`#${number}(?!\\d)`), 10_000);
    expect(decoded(mail)).toContain('Visa •••• 4242 (Sandbox Pay)');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Stripe's Payment Element (Stripe keys, a fake of Stripe's API, a stand-in for Stripe.js)", () => {
  let fake: Awaited<ReturnType<typeof startStripeFake>>;
  let shop: OwnShop;
  beforeAll(async () => {
    fake = await startStripeFake('sk_test_wallet_journey');
    shop = await startOwnShop({
      seed: 'demo',
      env: {
        STRIPE_SECRET_KEY: 'sk_test_wallet_journey',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_wallet_journey',
        STRIPE_API_URL: `http://127.0.0.1:${fake.api.port}`,
      },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await fake?.close();
  });

  /** A new shopper of the Stripe shop at billing, Stripe.js routed to the stand-in. */
  async function atBilling(email: string, viewport = PHONE) {
    const context = await browser.newContext({ viewport });
    const stripeJs = await standInForStripeJs(context, fake);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const checkout = await openCheckout(page, PIECE, shop.url);
    await fillContact(checkout, email);
    // Not in the storefront's pages, nor before billing: Stripe.js loads where it is used.
    expect(stripeJs.asked).toEqual([]);
    const secret = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/getClientSecret');
    await toBilling(checkout);
    const clientSecret = (await (await secret).json()) as string;
    const element = checkout.getByTestId('stripe-payment-element');
    await element.locator('.stripe-stand-in').waitFor();
    return { context, page, errors, checkout, stripeJs, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  }

  it('mounts the Element for a card-and-Link intent, waits for it to be complete, then pays with Apple Pay', async () => {
    const email = `element-${Date.now()}@example.com`;
    const { context, page, errors, checkout, stripeJs, clientSecret, intentId } = await atBilling(email);

    expect(stripeJs.asked.length).toBeGreaterThan(0);
    expect(stripeJs.asked.every((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
    expect(fake.intent(intentId)).toMatchObject({
      capture_method: 'manual',
      allowed_payment_method_types: ['card', 'link'],
    });
    const before = (await stripeJs.record(page))!;
    expect(before.keys).toEqual(['pk_test_wallet_journey']);
    // The deferred intent flow: the Element is made for the total shown, as the intent is made.
    const total = await shownTotalCents(checkout);
    expect(fake.intent(intentId)!.amount).toBe(total);
    expect(before.elements).toEqual([
      {
        mode: 'payment',
        amount: total,
        currency: 'usd',
        captureMethod: 'manual',
        allowedPaymentMethodTypes: ['card', 'link'],
        appearance: true,
      },
    ]);
    expect(before.created).toEqual([
      {
        type: 'payment',
        options: expect.objectContaining({ fields: { billingDetails: { name: 'never' } } }),
      },
    ]);
    await staysDisabled(page, checkout);
    await saveShot(SHOTS, page, 'stripe-element-390');

    // Apple Pay chosen in the Element: complete, so PLACE ORDER is enabled; pressing it pays.
    await stripeJs.complete(page, 'apple_pay');
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);
    await placeOrderButton(checkout).click();
    const number = await orderNumber(page);

    // The success page is a move inside the same document: the stand-in's record is still there.
    const record = (await stripeJs.record(page))!;
    expect(record.submits).toBe(1);
    expect(record.confirms).toEqual([
      {
        clientSecret,
        amount: total,
        redirect: 'if_required',
        returnUrl: `${shop.url}/cart/checkout?stage=billing`,
        billingDetails: { name: 'Ada Lovelace' },
        method: 'apple_pay',
      },
    ]);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded' });
    const mail = await shop.mailTo(email, new RegExp(`#${number}(?!\\d)`));
    expect(decoded(mail)).toContain('Visa •••• 4242 (Apple Pay)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the card typed in the Element when WELCOME10 changes the total on billing, and pays the new total', async () => {
    const email = `element-total-${Date.now()}@example.com`;
    const { context, page, errors, checkout, stripeJs, intentId } = await atBilling(email, DESKTOP);
    const element = checkout.getByTestId('stripe-payment-element');
    const before = await shownTotalCents(checkout);
    expect(fake.intent(intentId)!.amount).toBe(before);

    // A card typed in: PLACE ORDER is enabled.
    await stripeJs.complete(page, 'card');
    expect(await element.textContent()).toContain('Visa •••• 4242');
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);

    // WELCOME10 in the sidebar, on the billing stage: a new total, and a new intent for it.
    const repriced = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/getClientSecret');
    const side = checkout.getByRole('complementary', { name: 'Order summary' });
    await side.getByLabel('Gift Card or Promo', { exact: true }).fill('WELCOME10');
    await side.getByRole('button', { name: 'Apply Promo', exact: true }).click();
    await side.getByText('Discount (WELCOME10)').waitFor();
    const newSecret = (await (await repriced).json()) as string;
    const newIntentId = newSecret.split('_secret_')[0]!;
    expect(newIntentId).not.toBe(intentId);
    await expect.poll(() => shownTotalCents(checkout)).toBe(fake.intent(newIntentId)!.amount);
    const after = await shownTotalCents(checkout);
    expect(after).toBeLessThan(before);

    // The card is still there, in the same Element, which now shows the new total: nothing to type again.
    expect(await stripeJs.state(page)).toEqual({ value: 'card', complete: true });
    expect(await element.textContent()).toContain('Visa •••• 4242');
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);
    const record = (await stripeJs.record(page))!;
    expect(record).toMatchObject({ keys: ['pk_test_wallet_journey'], mounted: 1, destroyed: 0 });
    expect(record.elements).toHaveLength(1);
    expect(record.groupUpdates.at(-1)).toEqual({ amount: after });
    await saveShot(SHOTS, page, 'stripe-element-new-total-1440');

    // PLACE ORDER: the new intent, for the total shown, authorised with the typed card and captured.
    await placeOrderButton(checkout).click();
    const number = await orderNumber(page);
    const paid: StandInRecord = (await stripeJs.record(page))!;
    expect(paid.submits).toBe(1);
    expect(paid.confirms).toEqual([
      {
        clientSecret: newSecret,
        amount: after,
        redirect: 'if_required',
        returnUrl: `${shop.url}/cart/checkout?stage=billing`,
        billingDetails: { name: 'Ada Lovelace' },
        method: 'card',
      },
    ]);
    expect(fake.intent(newIntentId)).toMatchObject({ amount: after, amount_received: after, status: 'succeeded' });
    // The intent for the old total was never confirmed.
    expect(fake.intent(intentId)).toMatchObject({ amount: before, amount_received: 0 });
    expect(fake.intent(intentId)!.status).not.toBe('succeeded');
    expect(fake.intent(intentId)!.payment_method).toBeNull();
    const mail = await shop.mailTo(email, new RegExp(`#${number}(?!\\d)`));
    expect(decoded(mail)).toContain('Visa •••• 4242');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('completes a payment that left the page for a redirect when the shopper comes back', async () => {
    const email = `element-return-${Date.now()}@example.com`;
    const { context, page, errors, checkout, stripeJs, clientSecret, intentId } = await atBilling(email);
    // What happened away from the page (a bank's check, Link): Stripe authorised the intent and sent the shopper back.
    expect(fake.confirmWithWallet(intentId, 'google_pay', 'Ada Lovelace')).toMatchObject({
      paymentIntent: { status: 'requires_capture' },
    });
    await page.goto(
      `${shop.url}/cart/checkout?stage=billing&payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
    );
    await checkout.getByText('Your payment is authorised. Press PLACE ORDER to complete your order.').waitFor();
    expect(new URL(page.url()).search).toBe('?stage=billing'); // a reload is not a second return
    await expect.poll(() => placeOrderButton(checkout).isEnabled()).toBe(true);
    await placeOrderButton(checkout).click();
    const number = await orderNumber(page);

    expect((await stripeJs.record(page))!.confirms).toEqual([]); // not confirmed a second time
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded' });
    const mail = await shop.mailTo(email, new RegExp(`#${number}(?!\\d)`));
    expect(decoded(mail)).toContain('Visa •••• 4242 (Google Pay)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds the shop to what Stripe.js does (the stand-in itself, on a page of its own)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const stripeJs = await standInForStripeJs(context, fake);
    const page = await context.newPage();
    await page.setContent('<div id="a"></div><div id="b"></div><div id="c"></div>');
    await page.addScriptTag({ url: 'https://js.stripe.com/clover/stripe.js' });
    /** An intent as the shop makes them: $50, manual capture, cards and Link. */
    const intent = async () => {
      const made = await fetch(`http://127.0.0.1:${fake.api.port}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          amount: '5000',
          currency: 'usd',
          capture_method: 'manual',
          'allowed_payment_method_types[0]': 'card',
          'allowed_payment_method_types[1]': 'link',
        }),
      });
      return ((await made.json()) as { client_secret: string }).client_secret;
    };
    const [manual, second] = [await intent(), await intent()];

    const outcome = await page.evaluate(
      async ({ manual, second }) => {
        // biome-ignore lint/suspicious/noExplicitAny: Stripe.js (the stand-in) is untyped in the page
        type Any = any;
        const w = window as Any;
        const said = async (run: () => unknown) => {
          try {
            return { answer: await run() };
          } catch (err) {
            return { thrown: `${(err as Error).name}: ${(err as Error).message}` };
          }
        };
        const stripe = w.Stripe('pk_test_wallet_journey');
        const options = { mode: 'payment', amount: 5000, currency: 'usd', allowedPaymentMethodTypes: ['card', 'link'] };
        const out: Record<string, unknown> = {};

        // Deferred, manual capture: a typed card survives an update, not a remount.
        const group = stripe.elements({ ...options, captureMethod: 'manual' });
        let element = group.create('payment', {});
        element.mount('#a');
        w.__stripeStandIn.complete('card');
        out.updated = await said(() => group.update({ amount: 4500 }));
        out.afterUpdate = w.__stripeStandIn.state();
        out.amountless = await said(() => group.update({ amount: undefined }));
        out.noSecret = await said(() => stripe.confirmPayment({ elements: group, redirect: 'if_required' }));
        out.noSubmit = await said(() =>
          stripe.confirmPayment({ elements: group, clientSecret: manual, redirect: 'if_required' }),
        );
        element.destroy();
        element = group.create('payment', {});
        element.mount('#a');
        out.afterRemount = w.__stripeStandIn.state();
        out.emptySubmit = await said(() => group.submit());
        w.__stripeStandIn.complete('card');
        await group.submit();
        out.paid = await said(() =>
          stripe.confirmPayment({ elements: group, clientSecret: manual, redirect: 'if_required' }),
        );
        out.again = await said(() =>
          stripe.confirmPayment({ elements: group, clientSecret: manual, redirect: 'if_required' }),
        );
        element.destroy();

        // Deferred without captureMethod (Stripe's default, automatic) for a manual intent: refused.
        const loose = stripe.elements(options);
        loose.create('payment', {}).mount('#b');
        w.__stripeStandIn.complete('card');
        await loose.submit();
        out.mismatch = await said(() =>
          stripe.confirmPayment({ elements: loose, clientSecret: second, redirect: 'if_required' }),
        );

        // Bound to an intent: its amount is the intent's, not the browser's.
        const bound = stripe.elements({ clientSecret: manual });
        bound.create('payment', {}).mount('#c');
        out.boundUpdate = await said(() => bound.update({ amount: 4500 }));
        out.noMode = await said(() => stripe.elements({}).create('payment', {}));
        return out;
      },
      { manual, second },
    );

    expect(outcome.updated).toEqual({});
    expect(outcome.afterUpdate).toEqual({ value: 'card', complete: true });
    expect(outcome.amountless).toEqual({
      thrown: expect.stringMatching(/^IntegrationError: Invalid value for elements\.update\(\): amount/),
    });
    expect(outcome.noSecret).toEqual({
      thrown: 'IntegrationError: You must pass in a clientSecret when calling stripe.confirmPayment().',
    });
    expect(outcome.noSubmit).toEqual({
      thrown: expect.stringMatching(
        /^IntegrationError: elements\.submit\(\) must be called before stripe\.confirmPayment\(\)/,
      ),
    });
    expect(outcome.afterRemount).toEqual({ value: null, complete: false });
    expect(outcome.emptySubmit).toEqual({ answer: { error: expect.objectContaining({ type: 'validation_error' }) } });
    expect(outcome.paid).toEqual({
      answer: { paymentIntent: expect.objectContaining({ status: 'requires_capture' }) },
    });
    expect(outcome.again).toEqual({ thrown: expect.stringMatching(/elements\.submit\(\) must be called/) });
    expect(outcome.mismatch).toEqual({
      answer: { error: expect.objectContaining({ message: expect.stringContaining('capture_method (manual)') }) },
    });
    expect(fake.intent(second.split('_secret_')[0]!)).toMatchObject({ status: 'requires_payment_method' });
    expect(outcome.boundUpdate).toEqual({
      thrown: expect.stringMatching(/^IntegrationError: .*amount cannot be updated/),
    });
    expect(outcome.noMode).toEqual({ thrown: expect.stringMatching(/you must pass a clientSecret or mode/) });
    expect((await stripeJs.record(page))!.confirms.map((c) => c.amount)).toEqual([4500, 5000]);
    await context.close();
  });
});
