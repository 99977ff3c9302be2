// How a route becomes an operation of the API document (GET /openapi.json): its own Zod schemas,
// converted by fastify-type-provider-zod (requests as they are sent, answers as they are written),
// marked as needing the admin session when it is behind the admin gate, tagged, named after its call,
// and its error answer described. Only the short list UNDOCUMENTED leaves a route out; a route's own
// `schema.hide` does not, so a new route cannot slip out of the document unnoticed.
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { adminRoutes } from '../../contract/admin-routes.js';
import { type Call, calls } from '../../contract/calls.js';
import { ErrorAnswerSchema } from '../../contract/common.js';
import { BUILT_IN_PICTURES_PATH } from '../../domain/home-content.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/docs/api';

/** A route left out of the document: its path as registered (`below`: and every path under it), and why. */
export type Undocumented = { readonly path: string; readonly below?: true; readonly why: string };

/** The routes that are not JSON calls. Every other route is in the document. */
export const UNDOCUMENTED: readonly Undocumented[] = [
  { path: '/*', why: "the storefront's pages, server-rendered HTML" },
  { path: '/assets/*', why: 'the built scripts, styles and fonts' },
  { path: '/uploads/*', why: 'uploaded pictures' },
  { path: `${BUILT_IN_PICTURES_PATH}*`, why: "a fresh shop's home pictures" },
  { path: '/gift-card.svg', why: "the gift card's picture" },
  { path: '/robots.txt', why: 'a file for crawlers' },
  { path: '/sitemap.xml', why: 'a file for crawlers' },
  { path: OPENAPI_PATH, why: 'this document itself' },
  { path: API_DOCS_PATH, below: true, why: 'the page that shows this document, and its files' },
];

export const isUndocumented = (url: string) =>
  UNDOCUMENTED.some(({ path, below }) => url === path || (below === true && url.startsWith(`${path}/`)));

/** The security scheme of the back office's calls: the admin session cookie that POST /authenticate sets. */
export const ADMIN_SESSION = 'adminSession';

const adminPaths = new Set<string>(Object.values(adminRoutes).map((r) => r.path));

/**
 * Behind the admin gate (ARCHITECTURE.md: `/admin/api/*`, `/admin/review`, `/admin/deleteReview`,
 * `/uploadPicture`). The sign-in links under /admin/ (checkLink, acceptInvite, forgotPassword,
 * resetPassword) are not: the link is their key. tests/api/openapi.test.ts checks this against what
 * each route answers without a session.
 */
export const needsAdminSession = (url: string) => url.startsWith('/admin/api/') || adminPaths.has(url);

/** The document's groups of operations. */
export const TAGS = {
  shop: 'Shop',
  backOffice: 'Back office',
  sandbox: 'Sandbox payments',
  operations: 'Operations',
} as const;

const OPERATIONS_PATHS = ['/healthz', '/livez', '/readyz', '/metrics', '/webhooks/'];

function tagOf(url: string, admin: boolean): string {
  if (admin) return TAGS.backOffice;
  if (url.startsWith('/sandbox/')) return TAGS.sandbox;
  if (OPERATIONS_PATHS.some((p) => url === p || (p.endsWith('/') && url.startsWith(p)))) return TAGS.operations;
  return TAGS.shop;
}

const callByRoute = new Map<string, { name: string; call: Call }>(
  Object.entries(calls).map(([name, call]) => [`${call.method} ${call.path}`, { name, call }]),
);

/** The call of the call table (src/contract/calls.ts) a route serves, if it is one. */
export const callOf = (method: string, url: string) => callByRoute.get(`${method} ${url}`);

/** Every error answers this shape (src/server/http/error-handler.ts), under a component of its own. */
export const ERROR_RESPONSE = {
  description:
    'Refused or failed: `error` is a stable code to branch on, `message` says what is wrong in words for a person, `requestId` names the request in the logs (5xx).',
  content: { 'application/json': { schema: ErrorAnswerSchema.meta({ id: 'ErrorAnswer' }) } },
};

/** The answer of a route that declares no 2xx schema: a file, a CSV or a redirect. */
export const UNDESCRIBED_ANSWER = {
  description: 'A file or a redirect, not described by a schema.',
  content: { '*/*': { schema: {} } },
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const methodOf = (method: string | string[]) => (Array.isArray(method) ? method.find((m) => m !== 'HEAD') : method);

type JsonObject = { properties?: Record<string, unknown>; required?: string[]; anyOf?: unknown; oneOf?: unknown };

/**
 * A query string that is one of several shapes (`?id=` or `?url=`) as one list of parameters:
 * every parameter of any shape, required only when every shape requires it, and a sentence naming
 * the shapes (OpenAPI's parameters cannot say "one of").
 */
function oneOfQuery(query: JsonObject): { query: JsonObject; sentence: string } | undefined {
  const shapes = (query.anyOf ?? query.oneOf) as JsonObject[] | undefined;
  if (!shapes?.every((shape) => shape.properties)) return undefined;
  const properties = Object.assign({}, ...shapes.map((shape) => shape.properties)) as Record<string, unknown>;
  const required = Object.keys(properties).filter((name) => shapes.every((shape) => shape.required?.includes(name)));
  const names = shapes.map((shape) =>
    Object.keys(shape.properties ?? {})
      .map((name) => `\`${name}\``)
      .join(' and '),
  );
  return {
    query: { type: 'object', properties, ...(required.length > 0 && { required }) } as JsonObject,
    sentence: `The query string gives ${names.join(', or ')}.`,
  };
}

/** Turns a route into its operation (or hides it): the `transform` of @fastify/swagger. */
export const openapiTransform: SwaggerTransform = (document) => {
  const { url, route } = document;
  if (isUndocumented(url)) return { schema: { hide: true }, url };
  const { hide: _ownHide, ...schema }: FastifySchema = document.schema ?? {};
  const admin = needsAdminSession(url);
  const method = methodOf(route.method) ?? 'GET';
  const served = callOf(method, url);
  const errors = served?.call.errors;
  const described: FastifySchema = {
    ...schema,
    tags: [tagOf(url, admin)],
    ...(admin && { security: [{ [ADMIN_SESSION]: [] }] }),
    ...(served && { operationId: served.name }),
    response: { ...(schema.response as object | undefined), default: ERROR_RESPONSE },
  };
  const result = zodTransform({ ...document, schema: described });
  const response = result.schema.response as Record<string, unknown>;
  if (!Object.keys(response).some((status) => status.startsWith('2'))) response['200'] = UNDESCRIBED_ANSWER;
  const sentences = errors?.length ? [`Error codes worth branching on: ${errors.join(', ')}.`] : [];
  const shapes = result.schema.querystring ? oneOfQuery(result.schema.querystring as JsonObject) : undefined;
  if (shapes) {
    result.schema.querystring = shapes.query;
    sentences.unshift(shapes.sentence);
  }
  if (sentences.length > 0) result.schema.description = sentences.join(' ');
  return result;
};

/**
 * Adds the components (the schemas with a Zod `id`, e.g. ErrorAnswer), keeping only those the
 * document refers to (the type provider writes each one twice, as sent and as answered).
 */
export const openapiTransformObject: SwaggerTransformObject = (document) => {
  // The type provider writes OpenAPI 3 (it refuses Swagger 2), so the object has its components.
  const object = jsonSchemaTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = object.components?.schemas;
  if (!schemas) return object as ReturnType<typeof jsonSchemaTransformObject>;
  const { components: _components, ...rest } = object;
  // Kept when the operations refer to it, or a kept component does.
  const kept = new Set<string>();
  let referring = JSON.stringify(rest);
  for (let found = true; found; ) {
    found = false;
    for (const [id, schema] of Object.entries(schemas)) {
      if (kept.has(id) || !referring.includes(`"#/components/schemas/${id}"`)) continue;
      kept.add(id);
      referring += JSON.stringify(schema);
      found = true;
    }
  }
  const used = Object.entries(schemas).filter(([id]) => kept.has(id));
  return { ...object, components: { ...object.components, schemas: Object.fromEntries(used) } } as ReturnType<
    typeof jsonSchemaTransformObject
  >;
};
