// The signed order-status address of the order emails (issue 27): /order-status?t=<token>, the token
// signed for purpose 'order-status' with the order id as subject (src/server/http/signed-link.ts).
import type { Clock } from '../../clock.js';
import { baseUrl } from '../../email/layout.js';
import { signLink, verifyLink } from '../../http/signed-link.js';

/** Long enough to follow a parcel, a return and its refund from the first email. */
export const ORDER_STATUS_LINK_DAYS = 180;

export function orderStatusToken(secret: string, orderId: number, now: Date): string {
  const expires = new Date(now.getTime() + ORDER_STATUS_LINK_DAYS * 86_400_000);
  return signLink(secret, 'order-status', String(orderId), expires);
}

/** The order id a token opens, or null for a forged, expired or other-purpose one. */
export function orderIdOfToken(secret: string, token: string, now: Date): number | null {
  const subject = verifyLink(secret, 'order-status', token, now);
  if (!subject || !/^\d{1,15}$/.test(subject)) return null;
  return Number(subject);
}

/** (orderId) → the absolute /order-status?t= address, for the emails (ShopContact.orderStatusUrl). */
export function orderStatusLinker(config: { publicUrl: string; sessionSecret: string }, clock: Clock) {
  return (orderId: number) =>
    `${baseUrl(config.publicUrl)}/order-status?t=${encodeURIComponent(orderStatusToken(config.sessionSecret, orderId, clock()))}`;
}
