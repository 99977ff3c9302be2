// Signed links in emails (issue 27): a token that names what it opens (purpose), what for
// (subject, e.g. an order id), and until when, signed with the shop's SESSION_SECRET. Nobody can
// forge one or turn an order-status link into a review link; a link used up is the caller's to
// remember (a review written, say), the signature only proves the shop made it.
import { createHmac, timingSafeEqual } from 'node:crypto';

// Issue 28 (abandoned checkouts): 'bag' brings a reminded bag back, 'stop-reminders' ends reminders.
export type LinkPurpose = 'order-status' | 'review' | 'bag' | 'stop-reminders';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** A URL-safe token: `{subject}.{expires, seconds}.{mac}`, the subject base64url-encoded. */
export function signLink(secret: string, purpose: LinkPurpose, subject: string, expiresAt: Date): string {
  const body = `${b64(subject)}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${body}.${mac(secret, `${purpose}:${body}`)}`;
}

/** The subject of a token this shop signed for `purpose` and that has not expired; else null. */
export function verifyLink(secret: string, purpose: LinkPurpose, token: string, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [subject, expires, given] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${purpose}:${subject}.${expires}`));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  if (Number.parseInt(expires, 36) * 1000 < now.getTime()) return null;
  return unb64(subject);
}
