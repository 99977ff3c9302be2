// A form checked in the browser with the contract's own schema before it is sent, each problem said
// by its field in the words the server would answer (src/domain/validation-message.ts: 'First name
// must be at most 100 characters', or the contract's own sentence such as 'Invalid email address.'):
// the issues go through the same entries and sentences as the routes' validator.
// Zod comes with the schema: only the lazily loaded checkout and gift card chunks import this.
import { type $ZodType, safeParse } from 'zod/v4/core';
import { entryOf } from '../../../contract/zod-entry.js';
import { describeIssue, issuesOfValidation } from '../../../domain/validation-message.js';

/**
 * The first problem of each top-level field of `value` under `schema`, as the server would say it;
 * empty when the value passes.
 */
export function fieldErrors<K extends string>(schema: $ZodType, value: unknown): Partial<Record<K, string>> {
  const result = safeParse(schema, value, { reportInput: true });
  const errors: Partial<Record<K, string>> = {};
  if (result.success) return errors;
  for (const issue of issuesOfValidation(result.error.issues.map(entryOf))) {
    const key = String(issue.path[0] ?? '') as K;
    if (errors[key] === undefined) errors[key] = describeIssue(issue);
  }
  return errors;
}
