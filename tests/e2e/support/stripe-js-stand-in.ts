// A small local stand-in for Stripe.js, for journeys on a shop with Stripe keys: js.stripe.com is out
// of reach offline, so the browser context routes it here. It answers what the shop's Payment
// Element code calls (Stripe(), elements(), create('payment'), mount, on('ready' | 'change' |
// 'loaderror'), update, destroy, elements.update, submit, confirmPayment, retrievePaymentIntent),
// draws a plain box where Stripe's iframe would be, and records every call for the journey to read.
// The journey says what the shopper did in the Element (typed a card, chose a wallet or Link:
// `complete(method)`), and confirmPayment confirms the intent at the local fake of Stripe's API, as
// Stripe.js does at Stripe's.
//
// It holds the shop to what Stripe.js does (docs.stripe.com/payments/accept-a-payment-deferred):
// - what the shopper typed belongs to the mounted Element: `elements.update()` keeps it, a destroyed
//   Element loses it and a new one starts empty;
// - `elements({ clientSecret })` binds the group to that intent (its amount cannot be updated from
//   the browser); `elements({ mode: 'payment', amount, currency })` is the deferred intent flow, and
//   the amount must be a whole number of cents there and in `elements.update()`;
// - in the deferred flow `confirmPayment` needs the `clientSecret` and a prior `elements.submit()`
//   (one per confirmation), and the intent must match the group: Stripe refuses a capture method,
//   currency or payment method types other than the intent's;
// - IntegrationErrors (the integration's mistakes) are thrown, as Stripe.js throws them; what Stripe
//   answers about the payment comes back as `{ error }`.
import type { BrowserContext, Page } from 'playwright-core';
import type { startStripeFake } from '../../support/fakes/stripe-fake.js';

type Fake = Awaited<ReturnType<typeof startStripeFake>>;
/** What the shopper pays with in the Element: a card typed in, a wallet, or Link. */
export type ElementMethod = 'card' | 'apple_pay' | 'google_pay' | 'link';

/** What the shop's code asked of the stand-in, read from the page. */
export type StandInRecord = {
  keys: string[];
  /** Each `elements(options)`: the options, with `appearance` as whether it was given. */
  elements: Record<string, unknown>[];
  created: { type: string; options: Record<string, unknown> }[];
  mounted: number;
  destroyed: number;
  submits: number;
  /** Each `element.update(options)` (the Payment Element's own options: readOnly, …). */
  updates: Record<string, unknown>[];
  /** Each `elements.update(options)` (the group's: amount, …). */
  groupUpdates: Record<string, unknown>[];
  confirms: {
    clientSecret: string;
    /** The amount the group showed (deferred flow), else null. */
    amount: number | null;
    redirect: string;
    returnUrl: string;
    billingDetails: Record<string, unknown>;
    method: ElementMethod;
  }[];
};

const SCRIPT = `(() => {
  const record = {
    keys: [], elements: [], created: [], mounted: 0, destroyed: 0, submits: 0, updates: [], groupUpdates: [], confirms: [],
  };
  const DEFERRED_GUIDE = 'https://stripe.com/docs/payments/accept-a-payment-deferred';
  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }
  const TEXT = { card: 'Visa •••• 4242', apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };
  const EMPTY = 'Card, Apple Pay, Google Pay, Link (Stripe.js stand-in)';
  /** The payment method type a choice in the Element confirms with (a wallet pays by card). */
  const typeOf = (kind) => (kind === 'link' ? 'link' : 'card');
  const intentOf = (secret) => secret.split('_secret_')[0];
  /** The Payment Element on the page now (mounted, not destroyed), with what the shopper typed in it. */
  let live = null;
  window.__stripeStandIn = {
    record,
    complete(kind) {
      if (!live) throw new Error('No Payment Element is mounted.');
      const offered = live.group.offered();
      if (offered && !offered.includes(typeOf(kind))) throw new Error('The Element does not offer ' + kind + '.');
      live.state.value = kind;
      live.state.complete = true;
      live.draw();
      live.emit('change', { elementType: 'payment', complete: true, empty: false, collapsed: false, value: { type: kind } });
    },
    /** What the Element on the page holds: null when none is mounted. */
    state() {
      return live ? { value: live.state.value, complete: live.state.complete } : null;
    },
  };
  const wholeCents = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  function checkAmount(where, options, mode) {
    if (mode !== 'payment' && mode !== 'subscription') return;
    if (!('amount' in options) || !wholeCents(options.amount))
      throw new IntegrationError(
        'Invalid value for ' + where + ': amount should be a non-negative integer in the smallest currency unit. You specified: ' +
          String(options.amount) + '.',
      );
  }

  window.Stripe = function Stripe(key) {
    record.keys.push(key);
    return {
      elements(options = {}) {
        const { appearance, ...rest } = options;
        record.elements.push({ ...rest, appearance: Boolean(appearance) });
        const deferred = !options.clientSecret && Boolean(options.mode);
        if (options.clientSecret && options.mode)
          throw new IntegrationError('Invalid value for elements(): pass either clientSecret or mode, not both.');
        if (deferred) {
          if (!['payment', 'setup', 'subscription'].includes(options.mode))
            throw new IntegrationError('Invalid value for elements(): mode should be one of payment, setup, subscription.');
          checkAmount('elements()', options, options.mode);
          if (options.mode !== 'setup' && !/^[a-z]{3}$/.test(options.currency || ''))
            throw new IntegrationError('Invalid value for elements(): currency should be a lowercase three-letter code.');
        }
        const config = { ...rest };
        let element = null;
        let submitted = false;
        const group = {
          __standIn: { config, deferred, element: () => element, takeSubmission: () => { const was = submitted; submitted = false; return was; } },
          offered: () => (deferred ? config.allowedPaymentMethodTypes || config.paymentMethodTypes || null : null),
          create(type, createOptions) {
            if (!options.clientSecret && !options.mode)
              throw new IntegrationError(
                'In order to create a ' + type + ' element, you must pass a clientSecret or mode when creating the Elements group.',
              );
            record.created.push({ type, options: createOptions });
            const handlers = {};
            const state = { value: null, complete: false };
            let node = null;
            let box = null;
            const self = {
              state,
              group,
              draw() {
                if (box) box.textContent = state.value ? TEXT[state.value] : EMPTY;
              },
              emit(event, payload) {
                if (handlers[event]) handlers[event](payload);
              },
            };
            element = {
              mount(target) {
                node = typeof target === 'string' ? document.querySelector(target) : target;
                box = document.createElement('div');
                box.className = 'stripe-stand-in';
                box.style.cssText = 'padding:40px 14px;border:1px dashed #cdbfae;color:#5f5650;font-size:14px';
                node.append(box);
                self.draw();
                record.mounted += 1;
                live = self;
                setTimeout(() => self.emit('ready', { elementType: 'payment' }), 0);
              },
              on(event, handler) {
                handlers[event] = handler;
                return element;
              },
              update(next) {
                record.updates.push(next);
              },
              destroy() {
                // What was typed goes with the Element: Stripe's iframe is removed.
                if (node) node.replaceChildren();
                node = null;
                box = null;
                state.value = null;
                state.complete = false;
                record.destroyed += 1;
                if (live === self) live = null;
                element = null;
              },
            };
            return element;
          },
          update(next = {}) {
            record.groupUpdates.push(next);
            if (!deferred) {
              const fixed = ['amount', 'currency', 'mode', 'captureMethod'].filter((k) => k in next);
              if (fixed.length > 0)
                throw new IntegrationError(
                  'Invalid value for elements.update(): ' + fixed.join(', ') +
                    ' cannot be updated on Elements created with a clientSecret; update the PaymentIntent on your server and call elements.fetchUpdates().',
                );
            } else {
              // The amount must be named right whenever it is given, and when the group moves to a mode that charges one.
              const mode = next.mode || config.mode;
              if ('amount' in next) checkAmount('elements.update()', next, mode);
              else if (next.mode && next.mode !== config.mode) checkAmount('elements.update()', { amount: config.amount }, mode);
            }
            Object.assign(config, next);
            // The Element keeps what the shopper typed: only the group's options change.
            return Promise.resolve();
          },
          submit() {
            record.submits += 1;
            const current = live && live.group === group ? live : null;
            if (!current || !current.state.complete) {
              submitted = false;
              return Promise.resolve({
                error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
              });
            }
            submitted = true;
            return Promise.resolve({ selectedPaymentMethod: current.state.value });
          },
        };
        return group;
      },
      async confirmPayment(params = {}) {
        const group = params.elements;
        if (!group && !params.clientSecret)
          throw new IntegrationError('stripe.confirmPayment(): expected either \`elements\` or \`clientSecret\`, but got neither.');
        if (!group) throw new IntegrationError('The stand-in confirms only with elements, as the shop does.');
        const inner = group.__standIn;
        if (!inner.element() || !live || live.group !== group)
          throw new IntegrationError(
            'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment Element or Express Checkout Element.',
          );
        let secret;
        if (inner.deferred) {
          if (!params.clientSecret)
            throw new IntegrationError('You must pass in a clientSecret when calling stripe.confirmPayment().');
          if (!inner.takeSubmission())
            throw new IntegrationError(
              'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work. Integration guide: ' +
                DEFERRED_GUIDE,
            );
          secret = params.clientSecret;
        } else {
          secret = params.clientSecret || inner.config.clientSecret;
        }
        const method = live.state.value;
        const billingDetails = ((params.confirmParams || {}).payment_method_data || {}).billing_details || {};
        record.confirms.push({
          clientSecret: secret,
          amount: inner.deferred ? inner.config.amount : null,
          redirect: params.redirect,
          returnUrl: (params.confirmParams || {}).return_url,
          billingDetails,
          method,
        });
        if (inner.deferred) {
          // Stripe checks the intent against the group it is confirmed with.
          const intent = await window.stripeFakeIntent(intentOf(secret));
          if (intent) {
            const config = inner.config;
            const captureMethod = config.captureMethod || config.capture_method || 'automatic';
            const mismatch = (what, theirs, ours) => ({
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_invalid_parameter',
                message:
                  'The PaymentIntent ' + what + ' (' + theirs + ') does not match the ' + what + ' (' + ours + ') Elements was created with.',
              },
            });
            if (intent.capture_method !== captureMethod) return mismatch('capture_method', intent.capture_method, captureMethod);
            if (intent.currency !== config.currency) return mismatch('currency', intent.currency, config.currency);
            const types = config.allowedPaymentMethodTypes || config.paymentMethodTypes;
            if (types && types.join(',') !== intent.payment_method_types.join(','))
              return mismatch('payment_method_types', intent.payment_method_types.join(', '), types.join(', '));
          }
        }
        return window.stripeFakeConfirm(intentOf(secret), method, billingDetails.name || '');
      },
      async retrievePaymentIntent(clientSecret) {
        return window.stripeFakeRetrieve(intentOf(clientSecret));
      },
    };
  };
  // The release train @stripe/stripe-js 10 expects (it warns on another).
  window.Stripe.version = 'endive';
})();`;

/**
 * Routes Stripe.js to the stand-in for `context`, confirming at `fake`; answers how often Stripe.js
 * was asked for, and the stand-in's record of a page.
 */
export async function standInForStripeJs(context: BrowserContext, fake: Fake) {
  const asked: string[] = [];
  await context.route('https://js.stripe.com/**', async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: SCRIPT });
  });
  await context.exposeFunction('stripeFakeConfirm', (intentId: string, method: ElementMethod, name: string) => {
    if (method === 'link') return fake.confirmWithLink(intentId, 'ada@example.com');
    if (method === 'card') return fake.confirmWithElementCard(intentId, name);
    return fake.confirmWithWallet(intentId, method, name);
  });
  await context.exposeFunction('stripeFakeRetrieve', (intentId: string) => {
    const pi = fake.intent(intentId);
    return pi ? { paymentIntent: { id: pi.id, status: pi.status } } : { error: { message: 'No such payment_intent' } };
  });
  await context.exposeFunction('stripeFakeIntent', (intentId: string) => {
    const pi = fake.intent(intentId);
    return pi
      ? { capture_method: pi.capture_method, currency: pi.currency, payment_method_types: pi.payment_method_types }
      : null;
  });
  type StandIn = { record: StandInRecord; complete(m: string): void; state(): ElementState };
  return {
    /** Every address Stripe.js was asked for at. */
    asked,
    record: (page: Page) =>
      page.evaluate(() => (window as unknown as { __stripeStandIn?: StandIn }).__stripeStandIn?.record),
    /** The shopper finishes the Element: a card typed in, or a wallet or Link chosen. */
    complete: (page: Page, method: ElementMethod) =>
      page.evaluate((m) => (window as unknown as { __stripeStandIn: StandIn }).__stripeStandIn.complete(m), method),
    /** What the Payment Element on the page holds (null: none is mounted). */
    state: (page: Page) =>
      page.evaluate(() => (window as unknown as { __stripeStandIn: StandIn }).__stripeStandIn.state()),
  };
}

/** What the shopper has put in the mounted Payment Element. */
export type ElementState = { value: ElementMethod | null; complete: boolean } | null;
