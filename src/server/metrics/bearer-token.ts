// Checks an Authorization header against METRICS_TOKEN in constant time: both sides are hashed first,
// so neither the token's length nor its first differing character shows in the time taken.
import { createHash, timingSafeEqual } from 'node:crypto';

export const METRICS_UNAUTHORIZED = 'The metrics need the METRICS_TOKEN as a bearer token (Authorization: Bearer …)';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function bearerToken(token: string) {
  const expected = digest(token);
  /** True when `authorization` is 'Bearer <token>' (the scheme in any case, RFC 9110). */
  return (authorization: string | undefined): boolean => {
    const given = /^bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    // The comparison runs even without a token, so a missing header takes the same time as a wrong one.
    const same = timingSafeEqual(digest(given ?? ''), expected);
    return given !== undefined && same;
  };
}
