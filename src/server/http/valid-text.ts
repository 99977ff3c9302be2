// Text the database can hold: PostgreSQL text and jsonb refuse U+0000 and a lone UTF-16 surrogate
// ("\ud800", which a browser's JSON.stringify sends for half an emoji). A request carrying either in
// its query, path or body, or a query value whose percent-encoding is not UTF-8, is refused with a
// 400 naming the field before any handler runs (so before a card is touched or a row written).
import type { FastifyRequest } from 'fastify';
import { describeIssue, type Issue } from '../../domain/validation-message.js';
import { Invalid } from './errors.js';

const MAX_DEPTH = 64;

type Path = (string | number)[];
type Found = { path: Path; why: 'nul' | 'surrogate' };

// String.prototype.isWellFormed is in Node 20; the compiler's lib (ES2023) does not list it yet.
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

const problemOf = (text: string): Found['why'] | null =>
  text.includes('\u0000') ? 'nul' : wellFormed(text) ? null : 'surrogate';

/** The first string (or key) in `value` that the database cannot hold, with where it sits. */
export function findInvalidText(value: unknown, path: Path = [], depth = 0): Found | null {
  if (typeof value === 'string') {
    const why = problemOf(value);
    return why ? { path, why } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findInvalidText(v, [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const why = problemOf(key);
    if (why) return { path, why };
    const found = findInvalidText(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** False when the %XX bytes of a query key or value are not UTF-8 (e.g. '%ED%A0%80', a lone surrogate). */
function percentEncodingIsUtf8(raw: string): boolean {
  if (!/%[0-9a-f]{2}/i.test(raw)) return true;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === '%' ? raw.slice(i + 1, i + 3) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...encoder.encode(raw[i]));
    }
  }
  try {
    UTF8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * The query parser keeps a value it cannot decode as the raw '%ED%A0%80': the raw query is read here,
 * so such a value is refused rather than searched for.
 */
function findUndecodableQuery(url: string): Found | null {
  const mark = url.indexOf('?');
  if (mark === -1) return null;
  for (const pair of url.slice(mark + 1).split('&')) {
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    if (!percentEncodingIsUtf8(key)) return { path: [], why: 'surrogate' };
    if (!percentEncodingIsUtf8(value)) {
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        /* the name stays as sent */
      }
      return { path: [name], why: 'surrogate' };
    }
  }
  return null;
}

export class InvalidText extends Invalid {
  constructor(readonly issues: Issue[]) {
    super(issues.map(describeIssue).join('; '));
  }
}

function invalidText({ path, why }: Found) {
  // A field's name starts the sentence ('First name is not valid text'); without one, the sentence stands alone.
  const message = path.length
    ? why === 'nul'
      ? 'must not contain NUL characters'
      : 'is not valid text'
    : why === 'nul'
      ? 'Text must not contain NUL characters'
      : 'The request holds text that is not valid';
  return new InvalidText([{ path, message }]);
}

/** Throws a 400 naming the field when `value` (e.g. a multipart field) holds text the database cannot keep. */
export function assertValidText(value: unknown, path: Path = []) {
  const found = findInvalidText(value, path);
  if (found) throw invalidText(found);
}

export async function rejectInvalidText(request: FastifyRequest) {
  const found =
    findUndecodableQuery(request.url) ??
    findInvalidText(request.query) ??
    findInvalidText(request.params) ??
    findInvalidText(request.body);
  if (found) throw invalidText(found);
}
