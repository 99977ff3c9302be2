// Which payment providers this copy of the shop uses: Stripe and PayPal when their keys are
// configured (both of a pair, config.ts checks), otherwise the built-in sandboxes.
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ExpressProvider } from './express-provider.js';
import { paypalOrdersProvider } from './paypal-orders.js';
import type { PaymentProvider } from './payment-provider.js';
import { sandboxCardProvider, type SandboxCardProvider } from './sandbox-card.js';
import { sandboxPaypalProvider, type SandboxPaypalProvider } from './sandbox-paypal.js';
import { stripeCardProvider } from './stripe-card.js';

export type PaymentProviders = {
  card: PaymentProvider;
  express: ExpressProvider;
  /** Set only when the sandbox is the card provider: its confirm() is served at /sandbox/card/confirm. */
  sandboxCard: SandboxCardProvider | undefined;
  /** Set only when the sandbox is the express provider: its approve() is served at /sandbox/paypal/approve. */
  sandboxPaypal: SandboxPaypalProvider | undefined;
};

export function paymentProviders(config: Pick<Config, 'stripe' | 'paypal' | 'stripeApi'>, db: Db): PaymentProviders {
  const sandboxCard = config.stripe ? undefined : sandboxCardProvider(db);
  const sandboxPaypal = config.paypal ? undefined : sandboxPaypalProvider(db);
  return {
    card: sandboxCard ?? stripeCardProvider({ ...config.stripe!, api: config.stripeApi }), // STRIPE_API_URL (issue 29)
    express:
      sandboxPaypal ??
      paypalOrdersProvider({
        clientId: config.paypal!.clientId,
        clientSecret: config.paypal!.clientSecret,
        baseUrl: config.paypal!.apiBase,
      }),
    sandboxCard,
    sandboxPaypal,
  };
}
