// A small local stand-in for Stripe.js, for journeys on a shop with Stripe keys: js.stripe.com is out
// of reach offline, so the browser context routes it here. It answers what the shop's Payment
// Element code calls (Stripe(), elements({ clientSecret }), create('payment'), mount, on('ready' |
// 'change' | 'loaderror'), update, submit, confirmPayment, retrievePaymentIntent), draws a plain box
// where Stripe's iframe would be, and records every call for the journey to read. The journey says
// when the shopper has finished (a card, or a wallet chosen: `complete(method)`), and confirmPayment
// confirms the intent at the local fake of Stripe's API, as Stripe.js does at Stripe's.
import type { BrowserContext, Page } from 'playwright-core';
import type { startStripeFake } from '../../support/fakes/stripe-fake.js';

type Fake = Awaited<ReturnType<typeof startStripeFake>>;
/** What the shopper pays with in the Element: a card typed in, a wallet, or Link. */
export type ElementMethod = 'card' | 'apple_pay' | 'google_pay' | 'link';

/** What the shop's code asked of the stand-in, read from the page. */
export type StandInRecord = {
  keys: string[];
  elements: { clientSecret: string; appearance: boolean }[];
  created: { type: string; options: Record<string, unknown> }[];
  mounted: number;
  submits: number;
  updates: Record<string, unknown>[];
  confirms: {
    clientSecret: string;
    redirect: string;
    returnUrl: string;
    billingDetails: Record<string, unknown>;
    method: ElementMethod;
  }[];
};

const SCRIPT = `(() => {
  const record = { keys: [], elements: [], created: [], mounted: 0, submits: 0, updates: [], confirms: [] };
  let method = null;
  let onChange = () => {};
  window.__stripeStandIn = {
    record,
    complete(kind) {
      method = kind;
      onChange({ elementType: 'payment', complete: true, empty: false, collapsed: false, value: { type: kind } });
    },
  };
  const intentOf = (secret) => secret.split('_secret_')[0];
  window.Stripe = function Stripe(key) {
    record.keys.push(key);
    let secret = '';
    return {
      elements(options) {
        secret = options.clientSecret;
        record.elements.push({ clientSecret: options.clientSecret, appearance: Boolean(options.appearance) });
        return {
          create(type, createOptions) {
            record.created.push({ type, options: createOptions });
            const handlers = {};
            let node = null;
            const element = {
              mount(target) {
                node = typeof target === 'string' ? document.querySelector(target) : target;
                const box = document.createElement('div');
                box.className = 'stripe-stand-in';
                box.textContent = 'Card, Apple Pay, Google Pay, Link (Stripe.js stand-in)';
                box.style.cssText = 'padding:40px 14px;border:1px dashed #cdbfae;color:#5f5650;font-size:14px';
                node.append(box);
                record.mounted += 1;
                setTimeout(() => handlers.ready && handlers.ready({ elementType: 'payment' }), 0);
              },
              on(event, handler) {
                handlers[event] = handler;
                if (event === 'change') onChange = handler;
                return element;
              },
              update(next) {
                record.updates.push(next);
              },
              destroy() {
                if (node) node.replaceChildren();
              },
            };
            return element;
          },
          submit() {
            record.submits += 1;
            return Promise.resolve({});
          },
        };
      },
      async confirmPayment(params) {
        const billingDetails = (params.confirmParams.payment_method_data || {}).billing_details || {};
        record.confirms.push({
          clientSecret: secret,
          redirect: params.redirect,
          returnUrl: params.confirmParams.return_url,
          billingDetails,
          method,
        });
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
  return {
    /** Every address Stripe.js was asked for at. */
    asked,
    record: (page: Page) =>
      page.evaluate(
        () => (window as unknown as { __stripeStandIn?: { record: StandInRecord } }).__stripeStandIn?.record,
      ),
    /** The shopper finishes the Element: a card typed in, or a wallet or Link chosen. */
    complete: (page: Page, method: ElementMethod) =>
      page.evaluate(
        (m) => (window as unknown as { __stripeStandIn: { complete(m: string): void } }).__stripeStandIn.complete(m),
        method,
      ),
  };
}
