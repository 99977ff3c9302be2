import { z } from 'zod';
import { EMAIL_PATTERN } from '../domain/validation.js';
import { ERROR_CODES, type ErrorCode } from './values/errors.js';

export { ERROR_CODES, type ErrorCode };

/** The `error` of an error answer: the shop's codes and Fastify's own (values/errors.ts). */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Every 4xx/5xx answer has this shape. */
export const ErrorAnswerSchema = z.object({
  error: ErrorCodeSchema,
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

export { EMAIL_PATTERN };
/** The API document's example of an email (one made from EMAIL_PATTERN is unreadable). */
export const EMAIL_EXAMPLE = { examples: ['ada@example.com'] };
export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Invalid email address.')
  .meta(EMAIL_EXAMPLE);

/** 24-character hex ids (items, reviews, newsletters, subscribers, carts). */
export const HexIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');

/** Meta of a field the spec's client sends and the server does not read, for the API document. */
export const notRead = (why: string) => ({ description: `Sent by the spec's client; not read: ${why}` });
