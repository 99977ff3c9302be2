// A refused payload's problems as the shopper or owner reads them, in the answer's `message`:
// 'Price of product type 1 is required' rather than
// 'item.available_products.0.price: Invalid input: expected number, received null'. The answer also
// carries each problem with its path (`issues`), for a screen that marks the field or row concerned.

export type Issue = { path: (string | number)[]; message: string };

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

/** Zod's own wording, turned into the end of a sentence that starts with the field's name. */
function predicate(message: string): string | null {
  let m: RegExpMatchArray | null;
  if (message === 'required') return 'is required';
  if (message === 'is not valid text' || message === 'must not contain NUL characters') return message;
  if ((m = message.match(/^Invalid input: expected \w+, received (undefined|null)$/))) return 'is required';
  if (/^Invalid input: expected int, received number$/.test(message)) return 'must be a whole number';
  if ((m = message.match(/^Invalid input: expected (number|int|string|boolean|array|object|date), received \w+$/))) {
    return { number: 'must be a number', int: 'must be a whole number', string: 'must be text', boolean: 'must be yes or no', array: 'must be a list', object: 'is not in the right form', date: 'must be a date' }[m[1]!]!;
  }
  if ((m = message.match(/^Too small: expected string to have >=(\d+) characters?$/))) return m[1] === '1' ? 'is required' : `must be at least ${m[1]} characters`;
  if ((m = message.match(/^Too big: expected string to have <=(\d+) characters?$/))) return `must be at most ${m[1]} characters`;
  if ((m = message.match(/^Too small: expected number to be (>=?)(-?[\d.]+)$/))) return m[1] === '>' ? `must be more than ${m[2]}` : `must be at least ${m[2]}`;
  if ((m = message.match(/^Too big: expected number to be (<=?)(-?[\d.]+)$/))) return m[1] === '<' ? `must be less than ${m[2]}` : `must be at most ${m[2]}`;
  if ((m = message.match(/^Too small: expected array to have >=(\d+) items?$/))) return `needs at least ${m[1]} ${m[1] === '1' ? 'entry' : 'entries'}`;
  if ((m = message.match(/^Too big: expected array to have <=(\d+) items?$/))) return `takes at most ${m[1]} entries`;
  if ((m = message.match(/^Invalid option: expected one of (.+)$/))) return `must be one of ${m[1]!.replace(/\|/g, ', ')}`;
  return null;
}

/** One problem as a sentence. */
export function describeIssue({ path, message }: Issue): string {
  const segments = path.filter((s, i) => !(i === 0 && typeof s === 'string' && WRAPPERS.has(s) && path.length > 1));
  if (segments.length === 0) return message;
  // The field: the last name in the path; a path ending in an index names the entry itself.
  const last = segments.at(-1)!;
  const fieldKey = typeof last === 'number' ? segments.at(-2) : last;
  const field = typeof last === 'number' ? `${own(ENTRY, String(fieldKey)) ?? words(String(fieldKey))} ${last + 1}` : words(String(last));
  // Where it sits: each list entry on the way, innermost first ('size 3 of colour 1 of product type 1').
  const places: string[] = [];
  const upTo = typeof last === 'number' ? segments.length - 2 : segments.length - 1;
  for (let i = 0; i < upTo; i++) {
    const key = segments[i];
    const index = segments[i + 1];
    if (typeof key === 'string' && typeof index === 'number') places.unshift(`${own(ENTRY, key) ?? words(key)} ${index + 1}`);
  }
  const where = places.join(' of ');

  const ending = predicate(message);
  if (ending) return `${capitalised(field)}${where ? ` of ${where}` : ''} ${ending}`;
  // The shop's own messages are sentences ('Please enter your order number.') or name their field
  // ('title is required'); a bare fragment ('must be an uploaded picture') gets the field's name.
  const raw = typeof fieldKey === 'string' ? fieldKey : '';
  const named = /^[A-Z]/.test(message) || (raw !== '' && (message.toLowerCase().includes(words(raw)) || message.includes(raw)));
  if (named) {
    const text = raw && words(raw) !== raw ? message.split(raw).join(words(raw)) : message;
    return `${capitalised(text)}${where ? ` (${where})` : ''}`;
  }
  return `${capitalised(field)}${where ? ` of ${where}` : ''}: ${message}`;
}

/** Every problem, each once, as one message. */
export const describeIssues = (issues: readonly Issue[]): string => [...new Set(issues.map(describeIssue))].join('; ');

/** Fastify's validation entries (`instancePath` '/item/available_products/0/price') as issues. */
export function issuesOfValidation(validation: readonly { instancePath: string; message?: string | undefined }[]): Issue[] {
  return validation.map((v) => ({
    path: v.instancePath
      .split('/')
      .filter((s) => s !== '')
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
    message: v.message ?? 'is not valid',
  }));
}

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
    const text = describeIssue({ path: rest, message: issue.message });
    if (!errors.includes(text)) errors.push(text);
    byIndex.set(index, errors);
  }
  return byIndex.size ? [...byIndex].sort(([a], [b]) => a - b).map(([index, errors]) => ({ index, errors })) : null;
}
