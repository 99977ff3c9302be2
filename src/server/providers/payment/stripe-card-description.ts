// How an order names what Stripe charged (issue 29): 'Visa •••• 4242', 'Visa •••• 4242 (Apple Pay)'
// for a card a wallet paid with, 'Link (ana@example.com)' for Link; the back office and the
// confirmation email show it as the order's payment method.
import type Stripe from 'stripe';

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  interac: 'Interac',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

const WALLETS: Record<string, string> = {
  amex_express_checkout: 'Amex Express Checkout',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  masterpass: 'Masterpass',
  samsung_pay: 'Samsung Pay',
  visa_checkout: 'Visa Checkout',
};

/** 'some_thing' → 'Some thing': a name Stripe adds later still reads as words. */
const wordsOf = (code: string) => {
  const words = code.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

type Described = {
  type: string;
  card?: { brand: string; last4: string; wallet?: { type: string } | null } | null;
  link?: { email?: string | null } | null;
};

/** What the order shows as its payment method; undefined when Stripe said nothing of it. */
export function describeStripePaymentMethod(method: Described | Stripe.PaymentMethod | undefined): string | undefined {
  if (!method) return undefined;
  const card = method.card;
  if (method.type === 'card' && card) {
    const named = `${BRANDS[card.brand] ?? wordsOf(card.brand)} •••• ${card.last4}`;
    const wallet = card.wallet?.type;
    return wallet ? `${named} (${WALLETS[wallet] ?? wordsOf(wallet)})` : named;
  }
  if (method.type === 'link') return method.link?.email ? `Link (${method.link.email})` : 'Link';
  return BRANDS[method.type] ?? wordsOf(method.type);
}
