// Logs carry ids, never a shopper's personal data or a session id. A failed statement is the usual
// leak: Drizzle's DrizzleQueryError puts every parameter (name, email, address, phone, session id)
// in its message and `params`, and PostgreSQL's error `detail` quotes the row ("Failing row contains
// (…)", "Key (email)=(…) already exists"). The shop's logger serializes errors and requests through
// here: the SQL text, SQLSTATE, constraint, table and column stay; values go.
import type { FastifyServerOptions } from 'fastify';

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi;
const REDACTED = '[redacted]';

/** Error fields that name what failed without quoting data (node-postgres, PGlite, Node, Fastify). */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'errno',
  'syscall',
] as const;

/** Query parameters whose values are ids or paging, not personal data: kept in a logged URL. */
const SAFE_QUERY_KEYS = new Set([
  'id',
  'page',
  'url',
  'category',
  'requestedPage',
  'tab',
  'dryRun',
  'filter',
  'status',
]);

type Params = readonly unknown[];

/** The statement parameters of a failed query anywhere in `err`'s cause chain. */
function paramsOf(err: unknown): string[] {
  const found: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params)) collectStrings(params, found);
  }
  // Longest first, so a value that contains another is masked whole.
  return [...new Set(found)].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

function collectStrings(values: Params, into: string[]) {
  for (const value of values) {
    if (typeof value === 'string') {
      into.push(value);
      // A jsonb parameter arrives as its JSON text: its strings are masked one by one too, as they
      // appear unquoted in PostgreSQL's messages.
      if (/^[[{]/.test(value)) {
        try {
          collectStrings(Object.values(flatten(JSON.parse(value))), into);
        } catch {
          /* not JSON */
        }
      }
    } else if (value !== null && typeof value === 'object') {
      collectStrings(Object.values(flatten(value)), into);
    }
    // Numbers are ids, amounts and counts: kept.
  }
}

function flatten(value: unknown, out: Record<string, unknown> = {}, prefix = ''): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, out, `${prefix}.${k}`);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** `text` with the query's values and any email address masked. */
export function scrubText(text: string, params: readonly string[] = []): string {
  let out = text;
  for (const value of params) out = out.split(value).join(REDACTED);
  return out.replace(EMAIL, '[email]');
}

/** A failed query's own message without its `params:` line (Drizzle appends every value there). */
function messageOf(err: Error): string {
  const query = (err as { query?: unknown }).query;
  if (typeof query === 'string' && Array.isArray((err as { params?: unknown }).params)) {
    return `Failed query: ${query}`;
  }
  return err.message;
}

/** The stack's frames under a safe first line (a stack starts with the message, values included). */
function stackOf(err: Error, message: string): string | undefined {
  if (typeof err.stack !== 'string') return undefined;
  const frames = err.stack.indexOf('\n    at ');
  return `${err.name}: ${message}${frames === -1 ? '' : err.stack.slice(frames)}`;
}

/** pino's `err` serializer: type, message, stack and the fields that name what failed; no values. */
export function safeErrorSerializer(err: unknown): unknown {
  return serializeError(err, paramsOf(err), 0);
}

function serializeError(err: unknown, params: readonly string[], depth: number): unknown {
  if (typeof err === 'string') return scrubText(err, params);
  if (!(err instanceof Error))
    return err === null || typeof err !== 'object' ? err : { type: 'object', message: '[not an error]' };
  const message = scrubText(messageOf(err), params);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: scrubText(stackOf(err, message) ?? '', params),
  };
  for (const field of SAFE_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number')
      out[field] = typeof value === 'string' ? scrubText(value, params) : value;
  }
  const query = (err as { query?: unknown }).query;
  if (typeof query === 'string') out.query = query;
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 5) out.cause = serializeError(cause, params, depth + 1);
  return out;
}

/** A request URL with the values of its query masked, but for ids and paging. */
export function safeUrl(raw: string): string {
  // A one-time link's token is a key until used (issue 26): /admin/invite/{token}, /admin/reset/{token}.
  const url = raw.replace(/^\/admin\/(invite|reset)\/[^/?#]+/, `/admin/$1/${REDACTED}`);
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = pair.slice(0, eq);
      return SAFE_QUERY_KEYS.has(key) ? pair : `${key}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } };

function safeRequestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: safeUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Headers that hold a session or a credential, wherever a log line might carry them. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'cookie',
  'authorization',
];

/** The shop's logger options: the caller's (level, stream) with the safe serializers and redaction on top. */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, err: safeErrorSerializer as never, req: safeRequestSerializer as never },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
