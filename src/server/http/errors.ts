// Typed errors with a stable code; the one error handler in app.ts maps them to HTTP answers.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string) {
    super(400, 'invalid', message);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in') {
    super(401, 'unauthorized', message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Not allowed') {
    super(403, 'forbidden', message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
/** 'a minute', '15 minutes', 'an hour', '2 hours': how long until a limit lets the caller in again. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

export class TooManyRequests extends AppError {
  /** Seconds until the window ends (sent as Retry-After). */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 60) {
    super(429, 'rate_limited', `Too many requests, please try again in ${waitInWords(retryAfterSeconds)}`);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
export class Unavailable extends AppError {
  constructor(message = 'The shop is briefly unavailable, please try again in a moment') {
    super(503, 'unavailable', message);
  }
}

// Signs that the database could not be reached (a lost or refused connection, a server shutting
// down, too many clients), on the error or its causes (Drizzle wraps the driver's error).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i;

/** True when `err` means the database is out of reach (answered 503, not 500). */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08/.test(code))) return true;
    if (e instanceof Error && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
