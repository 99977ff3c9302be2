// What every checkout call starts from: the services it is given, the shopper's session (its id with
// its checkout state) and the bag as checkout sees it.
import type { ShopSettings } from '../../../contract/settings.js';
import type { ShopContactSource } from '../../email/layout.js';
import type { Db } from '../../db/client.js';
import type { SessionData } from '../../db/schema.js';
import type { Clock } from '../../clock.js';
import { Invalid } from '../../http/errors.js';
import type { PaymentProviders } from '../../providers/payment/index.js';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider.js';
import type { TaxProvider } from '../../providers/tax/tax-provider.js';
import type { ReadModel } from '../../read-model.js';
import { cartRepository } from '../cart/cart-repository.js';
import { describeBag, type BagLine } from '../cart/cart-service.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { SESSION_GONE } from './checkout-errors.js';
import { checkoutRepository } from './checkout-repository.js';

export type CheckoutLog = {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
};

export type CheckoutDeps = {
  db: Db;
  catalog: CatalogService;
  /** Refreshed when an order sells a size out. */
  readModel: Pick<ReadModel, 'invalidate'>;
  clock: Clock;
  payments: Pick<PaymentProviders, 'card' | 'express'>;
  tax: TaxProvider;
  shipping: ShippingProvider;
  /** The shop's name and contact for the order's emails, as the settings say now. */
  shop: ShopContactSource;
  /** The settings' referral amounts now (the referrer's reward is issued with the friend's order). */
  offer: () => Promise<ShopSettings['marketing']>;
  log: CheckoutLog;
};

/** A live shopper session: its id, with its checkout state as read at the start of the call. */
export type CheckoutSession = { id: string; data: SessionData };

/** The bag as checkout sees it: its cart and the lines still on offer (`stale`: ids no longer on offer). */
export type Bag = { cartId: string | undefined; live: BagLine[]; stale: number[] };

/** Session keys that belong to one checkout; cleared once it became an order. */
export const CHECKOUT_KEYS: (keyof SessionData)[] = [
  'shippingInfo',
  'shippingType',
  'promoCode',
  'promoNotice',
  'balanceCode',
  'paymentIntentId',
  'paymentAttempt',
  'paypalOrderId',
];

/** The live shopper session named by the cookie, or undefined (no cookie, expired, not a shopper's). */
export async function sessionIfAny(
  deps: { db: Db; clock: Clock },
  sessionId: string | undefined,
): Promise<CheckoutSession | undefined> {
  if (!sessionId) return undefined;
  const data = await checkoutRepository(deps.db).sessionData(sessionId, deps.clock());
  return data ? { id: sessionId, data } : undefined;
}

/** The live shopper session, or 400 'Your session has expired'. */
export async function sessionOf(deps: { db: Db; clock: Clock }, sessionId: string | undefined) {
  const session = await sessionIfAny(deps, sessionId);
  if (!session) throw new Invalid(SESSION_GONE);
  return session;
}

/** The session's bag, described and priced from the catalog. */
export async function readBag(
  deps: { db: Db; clock: Clock; catalog: Pick<CatalogService, 'snapshot'> },
  sessionId: string,
): Promise<Bag> {
  const [snapshot, stored] = await Promise.all([
    deps.catalog.snapshot(),
    cartRepository(deps.db).bagOf(sessionId, deps.clock()),
  ]);
  return { cartId: stored.cartId, ...describeBag(snapshot, stored.lines) };
}
