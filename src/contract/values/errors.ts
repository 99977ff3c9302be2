// The `error` code of every 4xx/5xx answer ({ error, message, requestId }), Zod-free so the browser
// can branch on a code without loading a schema library. ErrorCodeSchema (common.ts) is z.enum of it.
// Tested against what the server can throw (src/contract/error-codes.test.ts).

/** The shop's own codes: src/server/http/errors.ts and the modules' AppErrors. */
export const SHOP_ERROR_CODES = [
  /** 400: the payload or query is refused (schema, rules, text that is not valid Unicode). */
  'invalid',
  /** 400: a request Fastify could not read (malformed JSON), without a code of its own. */
  'bad_request',
  /** 401: no admin session, or a promoter's wrong code or pass. */
  'unauthorized',
  /** 402: the payment was not authorised, not for this amount, or could not be captured. */
  'payment_required',
  /** 403: not allowed. */
  'forbidden',
  /** 403: a write from another site. */
  'cross_site',
  /** 404: no such thing, or no such route. */
  'not_found',
  /** 409: the state changed (a total moved, a size sold out, a return already refunded …). */
  'conflict',
  /** 409: the bag is not the one the screen showed (another tab changed it). */
  'bag_changed',
  /** 413: an upload larger than the limit. */
  'too_large',
  /** 415: a file that is not a picture or video the shop accepts. */
  'unsupported_type',
  /** 422: the payment provider refused a refund. */
  'refund_failed',
  /** 429: asked too often; Retry-After says when to try again. */
  'rate_limited',
  /** 500: something unforeseen (logged). */
  'internal',
  /** 503: the database (or a provider) is briefly away. */
  'unavailable',
  /** 507: no room left to store pictures. */
  'storage_full',
] as const;

/** Fastify's own client errors, answered with their code (src/server/http/error-handler.ts). */
export const FASTIFY_ERROR_CODES = [
  'FST_ERR_NOT_FOUND',
  'FST_ERR_VALIDATION',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INSTANCE_ALREADY_STARTED',
  'FST_ERR_BAD_URL',
  'FST_ERR_MAX_PARAM_LENGTH',
  'FST_ERR_INVALID_URL',
  'FST_ERR_ROUTE_MISSING_CONTENT_TYPE',
  'FST_ERR_ROUTE_MISSING_CONTENT',
  // @fastify/multipart (/uploadPicture, /admin/api/bulk/import)
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
] as const;

export const ERROR_CODES = [...SHOP_ERROR_CODES, ...FASTIFY_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
