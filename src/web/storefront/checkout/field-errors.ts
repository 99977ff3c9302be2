// A form checked in the browser with the contract's own schema before it is sent, each problem said
// by its field in the words the server would answer (src/domain/validation-message.ts: 'First name
// must be at most 100 characters', or the contract's own sentence such as 'Invalid email address.').
// Zod comes with the schema: only the lazily loaded checkout and gift card chunks import this.
import { type $ZodIssue, type $ZodType, config, safeParse, util } from 'zod/v4/core';
import { describeIssue, type ZodProblem } from '../../../domain/validation-message.js';

/** Whether Zod worded the message itself (else the contract wrote it), as the server tells them apart. */
function zodWorded(issue: $ZodIssue): boolean {
  const { customError, localeError } = config();
  const said = customError?.(issue as never) ?? localeError?.(issue as never);
  return (typeof said === 'string' ? said : said?.message) === issue.message;
}

/** What the server reads from a Zod issue (src/server/http/zod-validator.ts `entryOf`). */
function problemOf(issue: $ZodIssue & { input?: unknown }): ZodProblem | undefined {
  if (!zodWorded(issue)) return undefined;
  const details = issue as unknown as Record<string, unknown>;
  const bound = (v: unknown) =>
    typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' ? v : undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
  return {
    code: issue.code,
    expected: text(details.expected),
    received: issue.code === 'invalid_type' ? util.parsedType(issue.input) : undefined,
    origin: text(details.origin),
    minimum: bound(details.minimum),
    maximum: bound(details.maximum),
    inclusive: flag(details.inclusive),
    exact: flag(details.exact),
    values: Array.isArray(details.values) ? details.values : undefined,
  };
}

/**
 * The first problem of each top-level field of `value` under `schema`, as the server would say it;
 * empty when the value passes.
 */
export function fieldErrors<K extends string>(schema: $ZodType, value: unknown): Partial<Record<K, string>> {
  const result = safeParse(schema, value, { reportInput: true });
  const errors: Partial<Record<K, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (errors[key] !== undefined) continue;
    errors[key] = describeIssue({
      path: issue.path.filter((s): s is string | number => typeof s !== 'symbol'),
      message: issue.message,
      zod: problemOf(issue),
    });
  }
  return errors;
}
