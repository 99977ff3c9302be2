// A Zod issue as a validation entry, shaped as fastify-type-provider-zod shapes it, plus what the
// answer's sentence needs (src/domain/validation-message.ts): the kind of value sent instead
// (`received`: a missing field 'is required', a text where a number belongs 'must be a number') and
// whether the message is Zod's own wording, said by its issue code, or one the contract wrote, kept as
// written. The input itself is read here and not kept, so a refused password never sits in an error.
// Shared by the routes' validator and the browser's form checks, so both say the same sentence.
import { type $ZodIssue, config, util } from 'zod/v4/core';

// The mark fastify-type-provider-zod's `hasZodFastifySchemaValidationErrors` looks for.
const ZOD_ENTRY = Symbol.for('ZodFastifySchemaValidationError');

/** The kind of a value as Zod names it in its messages ('undefined', 'null', 'string', 'array', …). */
const kindOf = (input: unknown): string => util.parsedType(input);

/** What Zod itself says for an issue (its error map, else its locale): any other message, the contract wrote. */
function zodWords(issue: $ZodIssue): string | undefined {
  const { customError, localeError } = config();
  const said = customError?.(issue as never) ?? localeError?.(issue as never);
  return typeof said === 'string' ? said : (said?.message ?? undefined);
}

/** A union's or a record's inner issues without the input each carries. */
const withoutInput = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutInput)
    : value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== 'input')
            .map(([key, inner]) => [key, withoutInput(inner)]),
        )
      : value;

/** One issue as a Fastify validation entry, shaped as fastify-type-provider-zod shapes it. */
export function entryOf(issue: $ZodIssue & { input?: unknown }) {
  const { path, code, message, input, ...details } = issue;
  const zodWording = zodWords(issue) === message;
  return {
    [ZOD_ENTRY]: true,
    keyword: code,
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/${code}`,
    message,
    params: {
      ...(withoutInput(details) as object),
      ...(code === 'invalid_type' && { received: kindOf(input) }),
      zodWording,
    },
  };
}
