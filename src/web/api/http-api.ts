// The browser's side of the shop's JSON calls: fetch with the session cookie, typed by the shared contract.
import type { AuthenticateBody } from '../../contract/admin-auth.js';
import type { CartLine, Selection } from '../../contract/cart.js';
import type { ErrorAnswer } from '../../contract/common.js';
import type { InfoPage, Item, Product, Review } from '../../contract/catalog.js';
import type { Category, HomeContent } from '../../contract/content.js';
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

// Answers are typed by the shared contract and validated by the server's answer schemas, so the
// browser does not ship a schema library to check them again.
async function call<T>(path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { credentials: 'include', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.method = 'POST';
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send<T>(path, init);
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const answer: unknown = await response.json().catch(() => undefined);
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
    getHome: () => call<HomeContent>('/getHome'),
    getAllItems: () => call<Item[]>('/getAllItems'),
    getCategory: (category) => call<Item[]>('/getCategory', { category }),
    getProduct: (url) => orNull(call<Product>(`/product?url=${encodeURIComponent(url)}`)),
    getPromotionalItems: () => call<Item[]>('/getPromotionalItems'),
    getInfo: (page) => orNull(call<InfoPage>(`/getInfo?requestedPage=${encodeURIComponent(page)}`)),
    listReviews: async (productId) => (await call<{ reviews: Review[] }>('/listReviewsByProductId', { productId })).reviews,
  };
}

/** GET /token: establishes the shopper session; `newSession` starts the promo timer (spec §4). */
export const fetchToken = () => call<TokenAnswer>('/token');

/** POST /authenticate: `{ error: true }` for wrong credentials. */
export const authenticate = (body: AuthenticateBody) => call<{ error: boolean; message?: string }>('/authenticate', body);

/** GET /checkToken: true while an admin session is valid. */
export const checkToken = () => call<boolean>('/checkToken');

/** POST /signout: no body, so no JSON content type (Fastify refuses an empty JSON body). */
export const signOut = () =>
  send<{ ok: true }>('/signout', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });

/** POST /newsletterSub: `{ success: false }` means the address is already subscribed. */
export const subscribeNewsletter = (body: { email: string }) =>
  call<{ success: boolean }>('/newsletterSub', body);

/** Answer of /addToCart and /removeFromCart: the bag's new number of pieces. */
export type CartChange = { ok: true; count: number };

/** GET /getCart: the session's bag, identical pieces merged into lines with a quantity. */
export const getCart = () => call<CartLine[]>('/getCart');

/** POST /addToCart: one piece per selection. A 4xx (e.g. a sold-out size) throws an ApiError with the server's message. */
export const addToCart = (selections: Selection[]) => call<CartChange>('/addToCart', selections);

/** POST /removeFromCart: one piece of the line at `index`, or the whole line with `all`. */
export const removeFromCart = (body: { index: number; all?: boolean }) => call<CartChange>('/removeFromCart', body);
