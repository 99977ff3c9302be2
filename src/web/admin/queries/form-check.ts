// A form's check against its route's contract schema, before it sends: the first issue, shown next
// to its field. The schemas (and Zod with them) load in their own chunk when a form first opens.
import { useEffect, useState } from 'react';
import type { AdminSchemaName } from './admin-schemas.js';

export type FieldIssue = { field: string; message: string };

let schemas: Promise<typeof import('./admin-schemas.js')> | undefined;
const loadSchemas = () => {
  schemas ??= import('./admin-schemas.js').catch((err: unknown) => {
    schemas = undefined; // the next check tries again
    throw err;
  });
  return schemas;
};

/**
 * The first issue of `body` against the schema `name`, or null when the server would take it. With
 * `within` ('item'), an issue's field is named from there ('item.title' -> 'title').
 */
export async function checkBody(name: AdminSchemaName, body: unknown, within?: string): Promise<FieldIssue | null> {
  let issue: FieldIssue | null;
  try {
    issue = (await loadSchemas()).firstIssue(name, body);
  } catch {
    return null; // the schemas could not be loaded: the server checks the same on its own
  }
  return issue && within && issue.field.startsWith(`${within}.`)
    ? { ...issue, field: issue.field.slice(within.length + 1) }
    : issue;
}

/**
 * `check(name, body)` before a send: true when it may go; otherwise the issue is kept for the form.
 * `issueOf(field)` is its message for that field; `otherIssue(fields)` is the message of an issue
 * on none of the fields the form shows (for a line of its own).
 */
export function useFormCheck() {
  const [issue, setIssue] = useState<FieldIssue | null>(null);
  useEffect(() => {
    // Warm the chunk while the owner types, so the first Save does not wait for it.
    loadSchemas().catch(() => undefined);
  }, []);
  const check = async (name: AdminSchemaName, body: unknown, within?: string) => {
    const found = await checkBody(name, body, within);
    setIssue(found);
    return found === null;
  };
  return {
    check,
    issueOf: (field: string) => (issue?.field === field ? issue.message : undefined),
    otherIssue: (fields: readonly string[]) =>
      issue && !fields.includes(issue.field) ? `${issue.field ? `${issue.field}: ` : ''}${issue.message}` : null,
    clear: () => setIssue(null),
  };
}
