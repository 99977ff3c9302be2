// The built-in card provider: behaves like Stripe in test mode (same test cards, same messages,
// manual capture, latency), with its records in the database so several server copies agree.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SANDBOX_WALLET_NAME } from '../../../contract/values/checkout.js';
import type { Db } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema.js';
import { intentIdOfSecret, PaymentError, type PaymentIntent, type PaymentProvider } from './payment-provider.js';

/** Stripe's test cards and what they do. */
export const SANDBOX_CARDS: Record<
  string,
  { outcome: 'success' } | { outcome: 'decline'; code: string; message: string }
> = {
  '4242424242424242': { outcome: 'success' },
  '5555555555554444': { outcome: 'success' },
  '4000000000000002': { outcome: 'decline', code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'decline', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export type CardConfirmation = { clientSecret: string; cardNumber: string; exp: string; cvc: string; name: string };
/** The sandbox wallet's payment (issue 29): the wallet holds its own card; the name is the form's. */
export type WalletConfirmation = { clientSecret: string; name: string };

/** The one card the sandbox wallet holds, as Apple Pay or Google Pay hold the shopper's. */
export const SANDBOX_WALLET_CARD = '4242424242424242';
/** Like Stripe.js confirmCardPayment: `{ paymentIntent }` or `{ error }`. */
export type ConfirmResult =
  | { paymentIntent: { id: string; status: 'requires_capture'; amount: number } }
  | { error: { type: 'card_error' | 'validation_error' | 'invalid_request_error'; code: string; message: string } };

/** Like Stripe.js retrievePaymentIntent. */
export type RetrieveResult =
  | { paymentIntent: { id: string; status: string; amount: number; amount_received: number } }
  | { error: { type: 'invalid_request_error'; code: string; message: string } };

export const luhnValid = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
};

const ALREADY_CONFIRMED: ConfirmResult = {
  error: {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: 'This payment was already confirmed.',
  },
};

const brandOf = (digits: string) =>
  digits.startsWith('4')
    ? 'Visa'
    : /^5[1-5]/.test(digits)
      ? 'Mastercard'
      : /^3[47]/.test(digits)
        ? 'American Express'
        : 'Card';

export function sandboxCardProvider(db: Db, options: { latencyMs?: number; clock?: () => Date } = {}) {
  const latency = () => (options.latencyMs ? new Promise((r) => setTimeout(r, options.latencyMs)) : Promise.resolve());
  const now = () => options.clock?.() ?? new Date();

  async function row(id: string) {
    const [found] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, 'card')));
    if (!found) throw new PaymentError('No such payment', 'resource_missing');
    return found;
  }
  const toIntent = (r: typeof sandboxPayments.$inferSelect): PaymentIntent => ({
    id: r.id,
    status: r.status,
    amountCents: r.amountCents,
    amountCapturedCents: r.amountCapturedCents,
    currency: r.currency,
    description: typeof r.details.description === 'string' ? r.details.description : undefined,
  });

  /** The card payment `clientSecret` names, or undefined (another kind, or a secret that is not its own). */
  async function cardBySecret(clientSecret: string) {
    const [found] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, intentIdOfSecret(clientSecret)));
    return found?.kind === 'card' && found.clientSecret === clientSecret ? found : undefined;
  }

  /** An error answer unless `clientSecret` names a card payment still waiting for its payment method. */
  async function unconfirmed(clientSecret: string): Promise<ConfirmResult | undefined> {
    const found = await cardBySecret(clientSecret);
    if (!found) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'This payment could not be found. Please reload the page.',
        },
      };
    }
    if (found.status !== 'requires_payment_method') return ALREADY_CONFIRMED;
    return undefined;
  }

  /** Authorises the payment, conditional on its state, so a double submit authorises once. */
  async function authorise(id: string, details: Record<string, string>): Promise<ConfirmResult> {
    const updated = await db
      .update(sandboxPayments)
      .set({ status: 'requires_capture', details, lastError: null })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'requires_payment_method')))
      .returning({ amountCents: sandboxPayments.amountCents });
    if (updated.length === 0) return ALREADY_CONFIRMED;
    return { paymentIntent: { id, status: 'requires_capture', amount: updated[0]!.amountCents } };
  }

  const provider: PaymentProvider & {
    confirm(input: CardConfirmation): Promise<ConfirmResult>;
    confirmWallet(input: WalletConfirmation): Promise<ConfirmResult>;
    retrieveBySecret(clientSecret: string): Promise<RetrieveResult>;
  } = {
    name: 'sandbox',
    publishableKey: 'sandbox',

    async createIntent({ amountCents, idempotencyKey }) {
      await latency();
      const [existing] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, idempotencyKey));
      if (existing && existing.status === 'requires_payment_method') {
        if (existing.amountCents !== amountCents) {
          await db.update(sandboxPayments).set({ amountCents }).where(eq(sandboxPayments.id, existing.id));
        }
        return { id: existing.id, clientSecret: existing.clientSecret };
      }
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      // An intent already used for this key (authorised or canceled) is replaced by a fresh one.
      if (existing)
        await db.update(sandboxPayments).set({ idempotencyKey: null }).where(eq(sandboxPayments.id, existing.id));
      await db
        .insert(sandboxPayments)
        .values({ id, kind: 'card', clientSecret, amountCents, idempotencyKey, createdAt: now() });
      return { id, clientSecret };
    },

    /** What the browser calls (POST /sandbox/card/confirm), as Stripe.js confirmCardPayment would. */
    async confirm({ clientSecret, cardNumber, exp, cvc, name }) {
      await latency();
      const refused = await unconfirmed(clientSecret);
      if (refused) return refused;
      const id = intentIdOfSecret(clientSecret);
      const digits = cardNumber.replace(/\s+/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
        return {
          error: { type: 'validation_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
        };
      }
      const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(exp.trim());
      const month = Number(expiry?.[1]);
      const year = 2000 + Number(expiry?.[2]);
      const today = now();
      if (!expiry || month < 1 || month > 12) {
        return {
          error: {
            type: 'validation_error',
            code: 'invalid_expiry_month',
            message: "Your card's expiration date is incomplete.",
          },
        };
      }
      if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
        return {
          error: {
            type: 'validation_error',
            code: 'invalid_expiry_year_past',
            message: "Your card's expiration year is in the past.",
          },
        };
      }
      if (!/^\d{3,4}$/.test(cvc.trim())) {
        return {
          error: {
            type: 'validation_error',
            code: 'incomplete_cvc',
            message: "Your card's security code is incomplete.",
          },
        };
      }
      const card = SANDBOX_CARDS[digits] ?? { outcome: 'success' as const };
      if (card.outcome === 'decline') {
        await db.update(sandboxPayments).set({ lastError: card.code }).where(eq(sandboxPayments.id, id));
        return { error: { type: 'card_error', code: card.code, message: card.message } };
      }
      return authorise(id, { description: `${brandOf(digits)} •••• ${digits.slice(-4)}`, name: name.trim() });
    },

    /**
     * What the sandbox wallet does on PLACE ORDER (POST /sandbox/card/wallet), as a wallet in Stripe's
     * Payment Element does: authorises with the card the wallet holds, named after the wallet.
     */
    async confirmWallet({ clientSecret, name }) {
      await latency();
      const refused = await unconfirmed(clientSecret);
      if (refused) return refused;
      const last4 = SANDBOX_WALLET_CARD.slice(-4);
      return authorise(intentIdOfSecret(clientSecret), {
        description: `${brandOf(SANDBOX_WALLET_CARD)} •••• ${last4} (${SANDBOX_WALLET_NAME})`,
        name: name.trim(),
        wallet: SANDBOX_WALLET_NAME,
      });
    },

    async retrieveBySecret(clientSecret) {
      await latency();
      const found = await cardBySecret(clientSecret);
      if (!found) {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'This payment could not be found.',
          },
        };
      }
      return {
        paymentIntent: {
          id: found.id,
          status: found.status,
          amount: found.amountCents,
          amount_received: found.amountCapturedCents,
        },
      };
    },

    async retrieve(id) {
      await latency();
      return toIntent(await row(id));
    },

    async capture(id) {
      await latency();
      const [captured] = await db
        .update(sandboxPayments)
        .set({ status: 'succeeded', amountCapturedCents: sql`${sandboxPayments.amountCents}` })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'requires_capture')))
        .returning();
      if (captured) return toIntent(captured);
      const current = await row(id);
      if (current.status === 'succeeded') return toIntent(current); // capturing twice is harmless
      throw new PaymentError('This payment cannot be captured', 'payment_intent_unexpected_state');
    },

    async cancel(id) {
      await latency();
      const [canceled] = await db
        .update(sandboxPayments)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(sandboxPayments.id, id),
            sql`${sandboxPayments.status} in ('requires_payment_method', 'requires_capture')`,
          ),
        )
        .returning();
      if (canceled) return toIntent(canceled);
      const current = await row(id);
      if (current.status === 'canceled') return toIntent(current);
      throw new PaymentError('A captured payment cannot be canceled; refund it', 'payment_intent_unexpected_state');
    },

    async refund(id, amountCents) {
      await latency();
      const current = await row(id);
      const refundable = current.amountCapturedCents - current.amountRefundedCents;
      const amount = amountCents ?? refundable;
      if (current.status !== 'succeeded' || amount <= 0 || amount > refundable) {
        throw new PaymentError('This payment cannot be refunded by that amount', 'charge_already_refunded');
      }
      const [done] = await db
        .update(sandboxPayments)
        .set({ amountRefundedCents: sql`${sandboxPayments.amountRefundedCents} + ${amount}` })
        .where(
          and(
            eq(sandboxPayments.id, id),
            sql`${sandboxPayments.amountCapturedCents} - ${sandboxPayments.amountRefundedCents} >= ${amount}`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (!done) throw new PaymentError('This payment cannot be refunded by that amount', 'charge_already_refunded');
      return { id: `re_sandbox_${randomBytes(8).toString('hex')}`, amountCents: amount };
    },
  };
  return provider;
}
export type SandboxCardProvider = ReturnType<typeof sandboxCardProvider>;
