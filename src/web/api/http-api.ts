// The browser's side of the shop's JSON calls: fetch with the session cookie, answers checked
// against the shared contract so a server change that breaks the web app fails loudly here.
import { z } from 'zod';
import { AuthenticateAnswerSchema, CheckTokenAnswerSchema, type AuthenticateBody } from '../../contract/admin-auth.js';
import { ErrorAnswerSchema, OkSchema } from '../../contract/common.js';
import { GetCategoriesAnswerSchema } from '../../contract/content.js';
import { TokenAnswerSchema } from '../../contract/session.js';
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

async function call<S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.output<S>> {
  const init: RequestInit = { credentials: 'include', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.method = 'POST';
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return send(schema, path, init);
}

async function send<S extends z.ZodType>(schema: S, path: string, init: RequestInit): Promise<z.output<S>> {
  const response = await fetch(path, init);
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ErrorAnswerSchema.safeParse(answer);
    throw error.success
      ? new ApiError(response.status, error.data.message, error.data.error, error.data.requestId)
      : new ApiError(response.status, `Request failed (${response.status})`);
  }
  return schema.parse(answer);
}

export function httpApi(): ShopApi {
  return {
    getCategories: () => call(GetCategoriesAnswerSchema, '/getCategories'),
  };
}

/** GET /token: establishes the shopper session; `newSession` starts the promo timer (spec §4). */
export const fetchToken = () => call(TokenAnswerSchema, '/token');

/** POST /authenticate: `{ error: true }` for wrong credentials. */
export const authenticate = (body: AuthenticateBody) => call(AuthenticateAnswerSchema, '/authenticate', body);

/** GET /checkToken: true while an admin session is valid. */
export const checkToken = () => call(CheckTokenAnswerSchema, '/checkToken');

/** POST /signout: no body, so no JSON content type (Fastify refuses an empty JSON body). */
export const signOut = () =>
  send(OkSchema, '/signout', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });

// The marketing module has no contract yet; move this to src/contract when it lands.
const NewsletterSubAnswerSchema = z.object({ success: z.boolean() });

/** POST /newsletterSub: `{ success: false }` means the address is already subscribed. */
export const subscribeNewsletter = (body: { email: string }) =>
  call(NewsletterSubAnswerSchema, '/newsletterSub', body);
