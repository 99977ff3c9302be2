// The browser's side of the shop's JSON calls: fetch with the session cookie, typed by the shared contract.
import type { AuthenticateBody } from '../../contract/admin-auth.js';
import type { BagNotices, CartLine, GiftCardBody, Selection } from '../../contract/cart.js';
import type { PlacedOrderAnswer } from '../../contract/checkout.js';
import type { ErrorAnswer } from '../../contract/common.js';
import type { InfoPage, Item, ItemsPage, Product, Review } from '../../contract/catalog.js';
import type { Category, HomeContent } from '../../contract/content.js';
import type { NewsletterSubAnswer, NotifySelection, ReferralBody } from '../../contract/marketing.js';
import type { PromoReportBody, PromoReportPage } from '../../contract/promotions.js';
import type { OrderDetailsAnswer, RequestReturnAnswer, RequestReturnBody } from '../../contract/returns.js';
import type { TokenAnswer } from '../../contract/session.js';
import type { ShopApi } from './shop-api.js';

/** A non-2xx answer. `message` is the server's, safe to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
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

// Answers are typed by the shared contract and validated by the server's answer schemas, so the
// browser does not ship a schema library to check them again.
export async function call<T>(path: string, body?: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
  const init: RequestInit = { credentials: 'include', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.method = 'POST';
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send<T>(path, init, timeoutMs);
}

async function send<T>(path: string, init: RequestInit, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
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
  return answer as T;
}

/** null for a 404, so pages can show their not-found state. */
const orNull = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

export function httpApi(): ShopApi {
  return {
    getCategories: () => call<Category[]>('/getCategories'),
    getMenuCategories: () => call<Category[]>('/getMenuCategories'),
    getHome: () => call<HomeContent>('/getHome'),
    listItems: (category, page) =>
      call<ItemsPage>(
        `/listItems?${new URLSearchParams({ ...(category === undefined ? {} : { category }), page: String(page) })}`,
      ),
    getProduct: (url) => orNull(call<Product>(`/product?url=${encodeURIComponent(url)}`)),
    getPromotionalItems: () => call<Item[]>('/getPromotionalItems'),
    getInfo: (page) => orNull(call<InfoPage>(`/getInfo?requestedPage=${encodeURIComponent(page)}`)),
    listReviews: async (productId) =>
      (await call<{ reviews: Review[] }>('/listReviewsByProductId', { productId })).reviews,
  };
}

let session: Promise<TokenAnswer> | undefined;
/**
 * GET /token, once per page load: establishes the shopper session; `newSession` starts the promo
 * timer (spec §4). Adding to the bag waits for it: /addToCart without a session cookie opens a
 * session of its own, and whichever cookie came back last would win, losing the other's bag.
 */
export const fetchToken = (): Promise<TokenAnswer> => (session ??= call<TokenAnswer>('/token'));

/** Resolves once the session call has settled, however it ended (a failed one leaves /addToCart to open the session). */
const sessionSettled = () =>
  fetchToken().then(
    () => undefined,
    () => undefined,
  );

/** POST /authenticate: `{ error: true }` for wrong credentials. */
export const authenticate = (body: AuthenticateBody) =>
  call<{ error: boolean; message?: string }>('/authenticate', body);

/** GET /checkToken: true while an admin session is valid. */
export const checkToken = () => call<boolean>('/checkToken');

/** POST /signout: no body, so no JSON content type (Fastify refuses an empty JSON body). */
export const signOut = () =>
  send<{ ok: true }>('/signout', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });

/** POST /newsletterSub: `{ success: false }` means the address is already subscribed. */
export const subscribeNewsletter = (body: { email: string }) => call<NewsletterSubAnswer>('/newsletterSub', body);

/** POST /newsletterSub with itemData: back-in-stock requests for sold-out sizes (always `success: true`). */
export const requestBackInStock = (body: { email: string; itemData: NotifySelection[] }) =>
  call<NewsletterSubAnswer>('/newsletterSub', body);

/** POST /referral-promo: `email` is the friend's, `refEmail` the sender's. */
export const sendReferral = (body: ReferralBody) => call<{ success: true }>('/referral-promo', body);

/** POST /unsubscribe: a 404 ApiError for an unknown subscriber. */
export const unsubscribe = (userId: string) => call<{ success: true }>('/unsubscribe', { userId });

/** Answer of /addToCart and /removeFromCart: the bag's new number of pieces. */
export type CartChange = { ok: true; count: number };

/** GET /getCart: the session's bag, identical pieces merged into lines with a quantity. */
export const getCart = () => call<CartLine[]>('/getCart');

/** POST /addToCart: one piece per selection. A 4xx (e.g. a sold-out size) throws an ApiError with the server's message. */
export const addToCart = async (selections: Selection[]) => {
  await sessionSettled();
  return call<CartChange>('/addToCart', selections);
};

/** POST /addGiftCard (added): a gift card into the bag; a 400 names the field that is wrong. */
export const addGiftCard = async (body: GiftCardBody) => {
  await sessionSettled();
  return call<CartChange>('/addGiftCard', body);
};

/** POST /requestCheckout: whether the bag may go to checkout (4xx with the reason when not). */
export const requestCheckout = () => call<{ success: true }>('/requestCheckout', {});

/** POST /takeBagNotices: the pieces taken out of the bag because they left the shop, each answered once. */
export const takeBagNotices = () => call<BagNotices>('/takeBagNotices', {});

/** POST /removeFromCart: one piece of the line at `index`, or the whole line with `all`. */
export const removeFromCart = (body: { index: number; all?: boolean }) => call<CartChange>('/removeFromCart', body);

// ---- Checkout (src/contract/checkout.ts; spec §7 "Checkout") ----

export type ShippingInfoInput = {
  firstName: string;
  lastName: string;
  email: string;
  emailConf?: string;
  phone: string;
  country: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};
export type BillingInfoInput = Omit<ShippingInfoInput, 'email' | 'emailConf'> & { cardholderName: string };
export type CheckoutPromo = { code: string; type: 'dollarAmount' | 'percentage'; discount: number };
export type CheckoutStage = 'checkout' | 'shipping' | 'billing' | 'success';
export type StageCheckAnswer = {
  validStep: CheckoutStage;
  orderId: number | null;
  promo: CheckoutPromo | null;
  promoNotice?: string;
};
/** A gift card or store credit applied at checkout (dollars): `applied` comes off this order, `remaining` stays on the code. */
export type AppliedBalance = {
  code: string;
  kind: 'store_credit' | 'gift_card';
  available: number;
  applied: number;
  remaining: number;
};
export type ShippingOption = { type: string; description: string; amt: number };
/** Dollars, the server's own run of computeTotals for this session's checkout. */
export type CheckoutSummary = {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  /** Paid from a gift card or store credit; `due` is what is left to pay. */
  balance?: number;
  due?: number;
  appliedBalance?: AppliedBalance | null;
};
export type CheckoutConfig = {
  card: 'sandbox' | 'stripe';
  publishableKey: string;
  express: 'sandbox' | 'paypal';
  paypalClientId: string;
  paypalSdkUrl: string;
};
export type CardConfirmAnswer =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { message: string; code?: string; type?: string }; paymentIntent?: undefined };
export type PaypalAddress = {
  address_line_1: string;
  address_line_2: string;
  admin_area_2: string;
  admin_area_1: string;
  postal_code: string;
  country_code: string;
};
export type PaypalAuthorization = {
  purchase_units: { shipping: { name: { full_name: string }; address: PaypalAddress } }[];
  payer: { name: { given_name: string; surname: string }; email_address: string };
};
export type SandboxPaypalApproval = {
  orderID: string;
  payer: { givenName: string; surname: string; email: string };
  shipping: {
    name: string;
    address: string;
    address2: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
};

/** POST /stageCheck: the furthest step this session may be on, its last order and its promo. */
export const stageCheck = (stage: CheckoutStage) => call<StageCheckAnswer>('/stageCheck', { stage });
/** GET /checkout/placed: the order this session just placed (number and recap), or null. */
export const getPlacedOrder = () => call<PlacedOrderAnswer>('/checkout/placed');
/** GET /checkout/config: which card and express providers the browser talks to. */
export const getCheckoutConfig = () => call<CheckoutConfig>('/checkout/config');
/** GET /checkout/summary: the session's totals in dollars. */
export const getCheckoutSummary = () => call<CheckoutSummary>('/checkout/summary');
/** POST /getTaxRate: US zips only (the first 5 digits). */
export const getTaxRate = (zipCode: string) => call<{ taxRate: number }>('/getTaxRate', { zipCode });
/** POST /applyPromo: `success: false` is shown as 'Invalid Promo Code'; an empty code removes the promo. */
export const applyPromo = (promo: string) =>
  call<{ success: boolean; promo: CheckoutPromo | null; message?: string; balance?: AppliedBalance }>('/applyPromo', {
    promo,
  });
/** POST /checkout/removeBalance: takes the gift card or store credit off this checkout. */
export const removeBalance = () => call<{ success: true }>('/checkout/removeBalance', {});
/** POST /order/getShippingOptions: validates and keeps the shipping info; a 400 carries the reason. */
export const getShippingOptions = (shippingInfo: ShippingInfoInput) =>
  call<ShippingOption[]>('/order/getShippingOptions', { shippingInfo });
/** POST /api/getClientSecret: the card client secret, or 'SKIP_PAYMENT' when the total is 0 (409 when totals moved). */
export const getClientSecret = (body: {
  taxRate: number;
  shippingFee: number;
  shippingType: string;
  bagVersion?: string;
}) => call<string>('/api/getClientSecret', body);

/** Placing an order verifies and captures the payment with the provider: it may take longer than other calls. */
export const PLACE_ORDER_TIMEOUT_MS = 60_000;

/** POST /placeOrder. additionalInfo: card `{ paymentIntentId }`, PayPal `{ paypalOrderId }`, total 0 `{}`. */
export const placeOrder = (body: {
  shippingInfo: ShippingInfoInput;
  billingInfo: BillingInfoInput;
  shippingType: string;
  promo: CheckoutPromo | null;
  additionalInfo: { paymentIntentId?: string; paypalOrderId?: string };
  /** The version of the bag on screen: a bag changed elsewhere answers 409 bag_changed. */
  bagVersion?: string;
}) => call<{ success: true; orderId: number }>('/placeOrder', body, PLACE_ORDER_TIMEOUT_MS);
/** POST /sandbox/card/confirm: the sandbox's confirmCardPayment; a decline is an `{ error }` answer, not a 4xx. */
export const confirmSandboxCard = (body: {
  clientSecret: string;
  cardNumber: string;
  exp: string;
  cvc: string;
  name: string;
}) => call<CardConfirmAnswer>('/sandbox/card/confirm', body);
/** POST /paypal/createOrder: the PayPal order id for the session's bag and promo. */
export const createPaypalOrder = () => call<string>('/paypal/createOrder', {});
/** POST /sandbox/paypal/approve: our approval dialog in place of PayPal's window. */
export const approveSandboxPaypal = (body: SandboxPaypalApproval) => call<unknown>('/sandbox/paypal/approve', body);
/** POST /paypal/getAuthorizationDetails: the payer and shipping address PayPal holds. */
export const getPaypalAuthorization = (orderID: string) =>
  call<PaypalAuthorization>('/paypal/getAuthorizationDetails', { orderID });
/** POST /paypal/updateShippingAndTaxes: the chosen option and address set the PayPal order's amount. */
export const updatePaypalShipping = (body: {
  shippingInfo: ShippingInfoInput;
  shippingOptionSelected: string;
  orderId: string;
  promo: CheckoutPromo | null;
}) => call<unknown>('/paypal/updateShippingAndTaxes', body);

// ---- Returns and the promoter report (src/contract/returns.ts, promotions.ts) ----

/** POST /orderDetailsById: the order's pieces, or `status: 'fail'` when there is no such order (429 when asked too often). */
export const orderDetailsById = (orderId: number) => call<OrderDetailsAnswer>('/orderDetailsById', { orderId });
/** POST /requestReturn: a 4xx carries the reason (not shipped, final sale, already requested). */
export const requestReturn = (body: RequestReturnBody) => call<RequestReturnAnswer>('/requestReturn', body);
/**
 * POST /promoReport: a page of the orders placed with the code and the campaign's totals (the page's
 * call; /promoPerformance answers every order at once); 401 for a wrong code or password.
 */
export const promoReport = (body: PromoReportBody) => call<PromoReportPage>('/promoReport', body);
