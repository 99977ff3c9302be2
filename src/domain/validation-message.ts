// A refused payload's problems as the shopper or owner reads them, in the answer's `message`:
// 'Price of product type 1 is required' rather than
// 'item.available_products.0.price: Invalid input: expected number, received null'. The answer also
// carries each problem with its path (`issues`), for a screen that marks the field or row concerned.

/**
 * What Zod found, by its issue code and that code's details (Zod 4's own issue fields), for a problem
 * Zod worded itself. A message the contract wrote (`.min(1, 'Please enter the promo code')`) comes
 * without it and is the shop's own sentence. `received` is the kind of value sent instead
 * ('undefined', 'null', 'string', …), read from the issue's input; the input itself is not kept.
 */
export type ZodProblem = {
  code: string;
  expected?: string;
  received?: string;
  origin?: string;
  minimum?: number | bigint | string;
  maximum?: number | bigint | string;
  inclusive?: boolean;
  exact?: boolean;
  values?: readonly unknown[];
};

export type Issue = { path: (string | number)[]; message: string; zod?: ZodProblem | undefined };

/** Objects that only wrap what the person filled in: the field inside names the problem. */
const WRAPPERS = new Set(['item', 'body', 'shippingInfo', 'billingInfo', 'payer', 'additionalInfo', 'shippingAddress']);

/** A list's entries as the screens call them. */
const ENTRY: Record<string, string> = {
  available_products: 'product type',
  colors: 'colour',
  available_sizes: 'size',
  description: 'description block',
  pictures: 'picture',
  reviews: 'review',
  items: 'item',
  prices: 'price',
  tiles: 'tile',
  value: 'tile',
  itemData: 'piece',
};

/** Field names the forms label differently from their key. */
const FIELD: Record<string, string> = {
  url: 'URL',
  _id: 'id',
  meta_title: 'meta title',
  meta_description: 'meta description',
  color_name: 'colour name',
  color_code: 'colour code',
  color_picture: 'colour picture',
  promotion_position: 'promotion position',
  emailConf: 'confirm email',
  img_1: 'picture 1',
  img_2: 'picture 2',
  img_3: 'picture 3',
};

// Own entries only: a field named 'toString' or 'constructor' (hostile input) is not a label.
const own = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);

const words = (key: string) =>
  own(FIELD, key) ??
  key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TYPE: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be yes or no',
  array: 'must be a list',
  object: 'is not in the right form',
  date: 'must be a date',
};

/** A value as Zod lists it among the options ('"percentage"', '3', '10n'). */
const option = (value: unknown) =>
  typeof value === 'string' ? `"${value}"` : typeof value === 'bigint' ? `${value}n` : String(value);

/** What Zod found, by its issue code, as the end of a sentence that starts with the field's name. */
function zodPredicate(zod: ZodProblem): string | null {
  const { code, origin, inclusive, exact } = zod;
  const bound = String(code === 'too_small' ? zod.minimum : zod.maximum);
  switch (code) {
    case 'invalid_type':
      if (zod.received === 'undefined' || zod.received === 'null') return 'is required';
      return (zod.expected !== undefined && own(TYPE, zod.expected)) || null;
    case 'too_small':
      if (exact || zod.minimum === undefined) return null;
      if (origin === 'string' && inclusive)
        return bound === '1' ? 'is required' : `must be at least ${bound} characters`;
      if (origin === 'number') return inclusive ? `must be at least ${bound}` : `must be more than ${bound}`;
      if (origin === 'array' && inclusive) return `needs at least ${bound} ${bound === '1' ? 'entry' : 'entries'}`;
      return null;
    case 'too_big':
      if (exact || zod.maximum === undefined) return null;
      if (origin === 'string' && inclusive) return `must be at most ${bound} characters`;
      if (origin === 'number') return inclusive ? `must be at most ${bound}` : `must be less than ${bound}`;
      if (origin === 'array' && inclusive) return `takes at most ${bound} entries`;
      return null;
    case 'invalid_value':
      // One allowed value ('expected "a"') keeps Zod's sentence, as a list of one would read oddly.
      return zod.values && zod.values.length > 1 ? `must be one of ${zod.values.map(option).join(', ')}` : null;
    default:
      return null;
  }
}

/** The end of a sentence that starts with the field's name: from Zod's issue code, or the shop's own fragments. */
function predicate({ message, zod }: Issue): string | null {
  if (zod) return zodPredicate(zod);
  if (message === 'required') return 'is required';
  if (message === 'is not valid text' || message === 'must not contain NUL characters') return message;
  return null;
}

/** One problem as a sentence. */
export function describeIssue(issue: Issue): string {
  const { path, message } = issue;
  const segments = path.filter((s, i) => !(i === 0 && typeof s === 'string' && WRAPPERS.has(s) && path.length > 1));
  if (segments.length === 0) return message;
  // The field: the last name in the path; a path ending in an index names the entry itself.
  const last = segments.at(-1)!;
  const fieldKey = typeof last === 'number' ? segments.at(-2) : last;
  const field =
    typeof last === 'number'
      ? `${own(ENTRY, String(fieldKey)) ?? words(String(fieldKey))} ${last + 1}`
      : words(String(last));
  // Where it sits: each list entry on the way, innermost first ('size 3 of colour 1 of product type 1').
  const places: string[] = [];
  const upTo = typeof last === 'number' ? segments.length - 2 : segments.length - 1;
  for (let i = 0; i < upTo; i++) {
    const key = segments[i];
    const index = segments[i + 1];
    if (typeof key === 'string' && typeof index === 'number')
      places.unshift(`${own(ENTRY, key) ?? words(key)} ${index + 1}`);
  }
  const where = places.join(' of ');

  const ending = predicate(issue);
  if (ending) return `${capitalised(field)}${where ? ` of ${where}` : ''} ${ending}`;
  // The shop's own messages are sentences ('Please enter your order number.') or name their field
  // ('title is required'); a bare fragment ('must be an uploaded picture') gets the field's name.
  const raw = typeof fieldKey === 'string' ? fieldKey : '';
  const named =
    /^[A-Z]/.test(message) || (raw !== '' && (message.toLowerCase().includes(words(raw)) || message.includes(raw)));
  if (named) {
    const text = raw && words(raw) !== raw ? message.split(raw).join(words(raw)) : message;
    return `${capitalised(text)}${where ? ` (${where})` : ''}`;
  }
  return `${capitalised(field)}${where ? ` of ${where}` : ''}: ${message}`;
}

/** Every problem, each once, as one message. */
export const describeIssues = (issues: readonly Issue[]): string => [...new Set(issues.map(describeIssue))].join('; ');

/**
 * One of Fastify's validation entries: `instancePath` '/item/available_products/0/price', and from the
 * shop's Zod validator (src/server/http/zod-validator.ts) the issue code as `keyword` and its details
 * as `params`, with `zodWording: true` when the message is Zod's own rather than the contract's.
 */
export type ValidationEntry = {
  instancePath: string;
  message?: string | undefined;
  keyword?: string;
  params?: Record<string, unknown>;
};

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);
const asBound = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' ? value : undefined;
const asFlag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);

function zodOf({ keyword, params }: ValidationEntry): ZodProblem | undefined {
  if (typeof keyword !== 'string' || params?.zodWording !== true) return undefined;
  return {
    code: keyword,
    expected: asText(params.expected),
    received: asText(params.received),
    origin: asText(params.origin),
    minimum: asBound(params.minimum),
    maximum: asBound(params.maximum),
    inclusive: asFlag(params.inclusive),
    exact: asFlag(params.exact),
    values: Array.isArray(params.values) ? params.values : undefined,
  };
}

/** Fastify's validation entries as issues. */
export function issuesOfValidation(validation: readonly ValidationEntry[]): Issue[] {
  return validation.map((v) => {
    const zod = zodOf(v);
    return {
      path: v.instancePath
        .split('/')
        .filter((s) => s !== '')
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      message: v.message ?? 'is not valid',
      ...(zod && { zod }),
    };
  });
}

/** Issues as the answer lists them: where and Zod's or the contract's message. */
export const publicIssues = (issues: readonly Issue[]): Issue[] =>
  issues.map(({ path, message }) => ({ path, message }));

/**
 * A refused list's problems by entry: `{ index, errors }` for each entry of `list` an issue points
 * into (path `[list, index, …]`), each error said from inside the entry. Null when any issue is
 * about something else (the whole payload is then refused as one).
 */
export function issuesByEntry(issues: readonly Issue[], list: string): { index: number; errors: string[] }[] | null {
  const byIndex = new Map<number, string[]>();
  for (const issue of issues) {
    const [key, index, ...rest] = issue.path;
    if (key !== list || typeof index !== 'number') return null;
    const errors = byIndex.get(index) ?? [];
    const said = describeIssue({ ...issue, path: rest });
    if (!errors.includes(said)) errors.push(said);
    byIndex.set(index, errors);
  }
  return byIndex.size ? [...byIndex].sort(([a], [b]) => a - b).map(([index, errors]) => ({ index, errors })) : null;
}
