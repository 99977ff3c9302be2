// Registers a route from its entry in the call table (src/contract/calls.ts): method, path, body or
// query schema and answer schema all come from the entry, so the route and the browser's typed call
// (src/web/api/http-api.ts) read one description and cannot drift.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Call } from '../../contract/calls.js';

/** A plugin's Fastify instance with the Zod type provider (FastifyPluginAsyncZod's `app`). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema of a call: its body or querystring and its 200 answer (plus `more` answers). */
type SchemaOf<C extends Call, More> = {
  body: C extends { body: infer B } ? B : undefined;
  querystring: C extends { query: infer Q } ? Q : undefined;
  response: { 200: C['answer'] } & More;
};

export type CallHandler<C extends Call, More = unknown> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<C, More>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route may add to its entry: Fastify's options, and answer schemas for other statuses. */
export type RouteExtras<More> = Pick<RouteShorthandOptions, 'attachValidation' | 'config' | 'logLevel'> & {
  /** Schemas of answers other than the 200 (e.g. a 400 with more than ErrorAnswer's fields). */
  responses?: More;
};

/** `route(app, calls.placeOrder, handler)`: app[method](path, { schema from the entry }, handler). */
export function route<C extends Call, More extends Record<number, unknown> = Record<never, never>>(
  app: ZodApp,
  call: C,
  handler: CallHandler<C, More>,
  extras: RouteExtras<More> = {},
): void {
  const { responses, ...options } = extras;
  const schema: FastifySchema = {
    ...(call.consumes && { consumes: [...call.consumes] }),
    ...(call.body && { body: call.body }),
    ...(call.query && { querystring: call.query }),
    response: { 200: call.answer, ...responses },
  };
  app.route({ ...options, method: call.method, url: call.path, schema, handler: handler as RouteHandlerMethod });
}
