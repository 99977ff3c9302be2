import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export const SHOPPER_COOKIE = 'sid';
export const ADMIN_COOKIE = 'admin_sid';

export function setSessionCookie(reply: FastifyReply, config: Config, name: string, id: string, expires: Date) {
  reply.setCookie(name, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config, name: string) {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, signed: true });
}

/** The session id from a signed cookie, or undefined when absent or tampered with. */
export function readSignedCookie(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}
