// The shopper cookie's value straight from a Cookie header, for the node:http fast path (which has no
// Fastify request): a few string operations, where parsing every cookie would cost more.
import { SHOPPER_COOKIE } from '../../http/cookies.js';

const NAME = `${SHOPPER_COOKIE}=`;

/** The `sid` cookie's value as sent (still URL-encoded), or undefined. Other cookies ending in `sid` are not it. */
export function shopperCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let at = header.indexOf(NAME);
  while (at > 0 && header[at - 1] !== ';' && header[at - 1] !== ' ') at = header.indexOf(NAME, at + 1);
  if (at === -1) return undefined;
  const start = at + NAME.length;
  const end = header.indexOf(';', start);
  return (end === -1 ? header.slice(start) : header.slice(start, end)).trim() || undefined;
}
