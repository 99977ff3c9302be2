// The browser's side of the shop's JSON calls: fetch with the session cookie, each call typed by its
// entry in the call table (src/contract/calls.ts): `call('/placeOrder', body)` takes the call's body
// and answers its answer. Only the table's method and path come along at run time (routes.ts, plain
// data); the schemas are types here, so the browser does not ship a schema library for its calls.
import type { AuthenticateBody } from '../../contract/admin-auth.js';
import type { CallAnswer, CallInput, CallKeyOf, CallPath } from '../../contract/calls.js';
import type { BagNotices, GiftCardBody, Selection } from '../../contract/cart.js';
import type {
  AppliedBalance as ContractAppliedBalance,
  BillingInfo,
  CheckoutShippingOption,
  CheckoutStep,
  Promo,
  SandboxPaypalApproval as ContractSandboxPaypalApproval,
  ShippingInfo,
} from '../../contract/checkout.js';
import type { ErrorAnswer } from '../../contract/common.js';
import type { NotifySelection, ReferralBody } from '../../contract/marketing.js';
import type { PromoReportBody } from '../../contract/promotions.js';
import type { RequestReturnBody } from '../../contract/returns.js';
import { type Route, shopRoutes } from '../../contract/routes.js';
import type { ErrorCode } from '../../contract/values/errors.js';
import type { ShopApi } from './shop-api.js';
import { type ListFilters, filterParams } from '../../domain/catalog-filters.js';

/** A non-2xx answer. `message` is the server's, safe to show; `code` says what went wrong (ErrorCode). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * No answer within the call's time limit: the connection stalled (a phone between cells, a proxy
 * holding the request). Like a lost connection, it says nothing about whether the server acted.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor() {
    super('The shop did not answer in time. Please check your connection and try again.');
  }
}

/** How long a call may take, answer included, before it gives up with NoAnswer. */
export const CALL_TIMEOUT_MS = 30_000;

/** The paths of route tables (routes.ts) that are in the call table. */
type PathsOf<T> = T extends Record<string, Route> ? Extract<CallKeyOf<T[keyof T]>, CallPath> : never;

/**
 * The arguments after the path: the body of a POST or the query of a GET (optional when the call
 * takes none, or may be sent without one), then the time limit.
 */
export type CallArgs<P extends CallPath> = [CallInput<P>] extends [undefined]
  ? [input?: Record<string, never>, timeoutMs?: number]
  : undefined extends CallInput<P>
    ? [input?: CallInput<P>, timeoutMs?: number]
    : [input: CallInput<P>, timeoutMs?: number];

/** `?a=1&b=x` of the defined values (encodeURIComponent), a list as the key repeated, or '' when there are none. */
const queryOf = (input: object): string => {
  const pairs = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => [key, v] as const))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
};

/**
 * A `call` for the paths of these route tables: a GET sends its input as the query string, a POST as
 * its JSON body (a POST without input sends no body and no JSON content type: Fastify refuses an empty
 * JSON body). Answers are typed by the contract and validated by the server's answer schemas, so the
 * browser does not check them again.
 */
export function caller<T extends Record<string, Route>[]>(...tables: T) {
  const routes = new Map<string, Route>();
  for (const table of tables) for (const route of Object.values(table)) routes.set(route.key ?? route.path, route);
  return <P extends PathsOf<T[number]>>(path: P, ...[input, timeoutMs = CALL_TIMEOUT_MS]: CallArgs<P>) => {
    const init: RequestInit = { credentials: 'include', headers: { accept: 'application/json' } };
    const route = routes.get(path);
    let url: string = route?.path ?? path;
    if (route?.method === 'GET') {
      if (input) url += queryOf(input);
    } else {
      init.method = 'POST';
      if (input !== undefined) {
        init.headers = { accept: 'application/json', 'content-type': 'application/json' };
        init.body = JSON.stringify(input);
      }
    }
    return send(url, init, timeoutMs) as Promise<CallAnswer<P>>;
  };
}

/** The storefront's calls (and the sign-in's). The back office's are in src/web/admin/admin-api.ts. */
export const call = caller(shopRoutes);

async function send(path: string, init: RequestInit, timeoutMs = CALL_TIMEOUT_MS): Promise<unknown> {
  // A timer of the page's (not AbortSignal.timeout), so the limit covers reading the answer too.
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(path, { ...init, signal: abort.signal });
    answer = await response.json().catch((err: unknown) => {
      if (timedOut) throw err;
      return undefined;
    });
  } catch (err) {
    throw timedOut ? new NoAnswer() : err;
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const error = answer as Partial<ErrorAnswer> | undefined;
    throw typeof error?.message === 'string'
      ? new ApiError(response.status, error.message, error.error, error.requestId)
      : new ApiError(response.status, `Request failed (${response.status})`);
  }
  return answer;
}

/** null for a 404, so pages can show their not-found state. */
const orNull = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  });

export function httpApi(): ShopApi {
  return {
    getCategories: () => call('/getCategories'),
    getMenuCategories: () => call('/getMenuCategories'),
    getHome: () => call('/getHome'),
    getShopInfo: () => call('/shopInfo'),
    // Issue 27: the filters go as the address carries them (defaults left out, lists repeated).
    listItems: (category, page, filters) =>
      call('/listItems', { category, page, ...(filters && listItemsFilters(filters)) }),
    getProduct: (url) => orNull(call('/product', { url })),
    getPromotionalItems: () => call('/getPromotionalItems'),
    getInfo: (page) => orNull(call('/getInfo', { requestedPage: page })),
    listReviews: async (productId) => (await call('/listReviewsByProductId', { productId })).reviews,
    getFooterLinks: () => call('/footerLinks'),
    // Search (issue 27).
    searchItems: (q, page) => call('/searchItems', { q, page }),
  };
}

/** GET /token's answer: `newSession` starts the promo timer. */
export type TokenAnswer = CallAnswer<'/token'>;

let session: Promise<TokenAnswer> | undefined;
/**
 * GET /token, once per page load: establishes the shopper session; `newSession` starts the promo
 * timer (spec §4). Adding to the bag waits for it: /addToCart without a session cookie opens a
 * session of its own, and whichever cookie came back last would win, losing the other's bag.
 */
export const fetchToken = (): Promise<TokenAnswer> => (session ??= call('/token'));

/** Resolves once the session call has settled, however it ended (a failed one leaves /addToCart to open the session). */
const sessionSettled = () =>
  fetchToken().then(
    () => undefined,
    () => undefined,
  );

/** POST /authenticate: `{ error: true }` for wrong credentials. */
export const authenticate = (body: AuthenticateBody) => call('/authenticate', body);

/** GET /checkToken: true while an admin session is valid. */
export const checkToken = () => call('/checkToken');

/** POST /signout: no body, so no JSON content type (Fastify refuses an empty JSON body). */
export const signOut = () => call('/signout');

/** POST /newsletterSub: `{ success: false }` means the address is already subscribed. */
export const subscribeNewsletter = (body: { email: string }) => call('/newsletterSub', body);

/** POST /newsletterSub with itemData: back-in-stock requests for sold-out sizes (always `success: true`). */
export const requestBackInStock = (body: { email: string; itemData: NotifySelection[] }) =>
  call('/newsletterSub', body);

/** POST /referral-promo: `email` is the friend's, `refEmail` the sender's. */
export const sendReferral = (body: ReferralBody) => call('/referral-promo', body);

/** POST /unsubscribe: a 404 ApiError (not_found) for an unknown subscriber. */
export const unsubscribe = (userId: string) => call('/unsubscribe', { userId });

/** Answer of /addToCart and /removeFromCart: the bag's new number of pieces. */
export type CartChange = CallAnswer<'/addToCart'>;

/** GET /getCart: the session's bag, identical pieces merged into lines with a quantity. */
export const getCart = () => call('/getCart');

/** POST /addToCart: one piece per selection. A 4xx (e.g. a sold-out size) throws an ApiError with the server's message. */
export const addToCart = async (selections: Selection[]) => {
  await sessionSettled();
  return call('/addToCart', selections);
};

/** POST /addGiftCard (added): a gift card into the bag; a 400 names the field that is wrong. */
export const addGiftCard = async (body: GiftCardBody) => {
  await sessionSettled();
  return call('/addGiftCard', body);
};

/** POST /requestCheckout: whether the bag may go to checkout (4xx with the reason when not). */
export const requestCheckout = () => call('/requestCheckout', {});

/** POST /takeBagNotices: the pieces taken out of the bag because they left the shop, each answered once. */
export const takeBagNotices = (): Promise<BagNotices> => call('/takeBagNotices', {});

/** POST /removeFromCart: one piece of the line at `index`, or the whole line with `all`. */
export const removeFromCart = (body: CallInput<'/removeFromCart'>) => call('/removeFromCart', body);

// ---- Checkout (src/contract/checkout.ts; spec §7 "Checkout") ----
// The checkout pages' names for the contract's types.

/** The shipping form's values, as /order/getShippingOptions and /placeOrder take them. */
export type ShippingInfoInput = ShippingInfo;
export type BillingInfoInput = BillingInfo;
export type CheckoutPromo = Promo;
export type CheckoutStage = CheckoutStep;
export type StageCheckAnswer = CallAnswer<'/stageCheck'>;
/** A gift card or store credit applied at checkout (dollars): `applied` comes off this order, `remaining` stays on the code. */
export type AppliedBalance = ContractAppliedBalance;
export type ShippingOption = CheckoutShippingOption;
/** Dollars, the server's own run of computeTotals for this session's checkout. */
export type CheckoutSummary = CallAnswer<'/checkout/summary'>;
export type CheckoutConfig = CallAnswer<'/checkout/config'>;
/**
 * What confirming a payment answers: Stripe.js's confirmPayment, whose shape /sandbox/card/confirm
 * and /sandbox/card/wallet answer too (the sandbox's status is always requires_capture; Stripe.js's
 * may be any of its own).
 */
export type CardConfirmAnswer =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { message: string; code?: string; type?: string }; paymentIntent?: undefined };
export type PaypalAuthorization = CallAnswer<'/paypal/getAuthorizationDetails'>;
export type PaypalAddress = PaypalAuthorization['purchase_units'][number]['shipping']['address'];
export type SandboxPaypalApproval = ContractSandboxPaypalApproval;

/** POST /stageCheck: the furthest step this session may be on, its last order and its promo. */
export const stageCheck = (stage: CheckoutStage) => call('/stageCheck', { stage });
/** GET /checkout/placed: the order this session just placed (number and recap), or null. */
export const getPlacedOrder = () => call('/checkout/placed');
/** GET /checkout/config: which card and express providers the browser talks to. */
export const getCheckoutConfig = () => call('/checkout/config');
/** GET /checkout/summary: the session's totals in dollars. */
export const getCheckoutSummary = () => call('/checkout/summary');
/** POST /getTaxRate: US zips only (the first 5 digits). */
export const getTaxRate = (zipCode: string) => call('/getTaxRate', { zipCode });
/** POST /applyPromo: `success: false` is shown as 'Invalid Promo Code'; an empty code removes the promo. */
export const applyPromo = (promo: string) => call('/applyPromo', { promo });
/** POST /checkout/removeBalance: takes the gift card or store credit off this checkout. */
export const removeBalance = () => call('/checkout/removeBalance', {});
/** POST /order/getShippingOptions: validates and keeps the shipping info; a 400 carries the reason. */
export const getShippingOptions = (shippingInfo: ShippingInfoInput, remindMe?: boolean) =>
  // Issue 28 (abandoned checkouts): the contact step's 'Email me a reminder if I don't finish'.
  call('/order/getShippingOptions', remindMe === undefined ? { shippingInfo } : { shippingInfo, remindMe });
/**
 * POST /api/getClientSecret: the card client secret, or SKIP_PAYMENT when the total is 0 (409
 * `conflict` when the totals moved, `bag_changed` when the bag did).
 */
export const getClientSecret = (body: CallInput<'/api/getClientSecret'>) => call('/api/getClientSecret', body);

/** Placing an order verifies and captures the payment with the provider: it may take longer than other calls. */
export const PLACE_ORDER_TIMEOUT_MS = 60_000;

/**
 * POST /placeOrder. additionalInfo: card `{ paymentIntentId }`, PayPal `{ paypalOrderId }`, total 0 `{}`.
 * `bagVersion` is the version of the bag on screen: a bag changed elsewhere answers 409 `bag_changed`.
 */
export const placeOrder = (body: CallInput<'/placeOrder'>) => call('/placeOrder', body, PLACE_ORDER_TIMEOUT_MS);
/** POST /sandbox/card/confirm: the sandbox's confirmCardPayment; a decline is an `{ error }` answer, not a 4xx. */
export const confirmSandboxCard = (body: CallInput<'/sandbox/card/confirm'>): Promise<CardConfirmAnswer> =>
  call('/sandbox/card/confirm', body);
/** POST /sandbox/card/wallet (issue 29): the sandbox wallet pays with the card it holds; answered like a card. */
export const confirmSandboxWallet = (body: CallInput<'/sandbox/card/wallet'>): Promise<CardConfirmAnswer> =>
  call('/sandbox/card/wallet', body);
/** POST /paypal/createOrder: the PayPal order id for the session's bag and promo. */
export const createPaypalOrder = () => call('/paypal/createOrder', {});
/** POST /sandbox/paypal/approve: our approval dialog in place of PayPal's window. */
export const approveSandboxPaypal = (body: SandboxPaypalApproval) => call('/sandbox/paypal/approve', body);
/** POST /paypal/getAuthorizationDetails: the payer and shipping address PayPal holds. */
export const getPaypalAuthorization = (orderID: string) => call('/paypal/getAuthorizationDetails', { orderID });
/** POST /paypal/updateShippingAndTaxes: the chosen option and address set the PayPal order's amount. */
export const updatePaypalShipping = (body: CallInput<'/paypal/updateShippingAndTaxes'>) =>
  call('/paypal/updateShippingAndTaxes', body);

// ---- Returns and the promoter report (src/contract/returns.ts, promotions.ts) ----

/** POST /orderDetailsById: the order's pieces, or `status: 'fail'` when there is no such order (429 when asked too often). */
export const orderDetailsById = (orderId: number) => call('/orderDetailsById', { orderId });
/** POST /requestReturn: a 4xx carries the reason (not shipped, final sale, already requested). */
export const requestReturn = (body: RequestReturnBody) => call('/requestReturn', body);
/**
 * POST /promoReport: a page of the orders placed with the code and the campaign's totals (the page's
 * call; /promoPerformance answers every order at once); 401 `unauthorized` for a wrong code or password.
 */
export const promoReport = (body: PromoReportBody) => call('/promoReport', body);

/** The filters as /listItems' query: what filterParams writes in the address, grouped by name. */
function listItemsFilters(filters: ListFilters): Record<string, string | string[]> {
  const query: Record<string, string[]> = {};
  for (const [key, value] of filterParams(filters)) (query[key] ??= []).push(value);
  return query;
}
