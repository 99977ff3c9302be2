// The review links of the tracking email (issue 27 #6): one per item of an order, signed for the
// purpose 'review' with the shop's SESSION_SECRET (src/server/http/signed-link.ts), the subject
// `{orderId}|{itemId}`. The signature proves the shop made the link; that it is used once is the
// reviews table's (one review per order and item).
import type { OrderLine } from '../../db/schema.js';
import type { Clock } from '../../clock.js';
import { signLink, verifyLink } from '../../http/signed-link.js';

/** How long an invitation to review stays open: long enough to wear the piece a while. */
export const REVIEW_LINK_DAYS = 180;

export type ReviewSubject = { orderId: number; itemId: string };

/** One 'Write a review' link of an email: the piece's title and the page that asks for it. */
export type ReviewInvite = { itemId: string; title: string; url: string };

/** The review links of an order (each distinct item once, gift cards none), for the tracking email. */
export type ReviewInviter = (order: { id: number; lines: OrderLine[] }, home: string) => ReviewInvite[];

export function signReviewLink(secret: string, subject: ReviewSubject, now: Date): string {
  const expires = new Date(now.getTime() + REVIEW_LINK_DAYS * 24 * 60 * 60 * 1000);
  return signLink(secret, 'review', `${subject.orderId}|${subject.itemId}`, expires);
}

/** The order and item a token names, when the shop signed it for a review and it has not expired. */
export function readReviewLink(secret: string, token: string, now: Date): ReviewSubject | null {
  const subject = verifyLink(secret, 'review', token, now);
  const match = subject ? /^(\d{1,15})\|([0-9a-f]{24})$/.exec(subject) : null;
  if (!match) return null;
  return { orderId: Number(match[1]), itemId: match[2]! };
}

export function reviewInviter(secret: string, clock: Clock): ReviewInviter {
  return (order, home) => {
    const seen = new Set<string>();
    const invites: ReviewInvite[] = [];
    for (const line of order.lines) {
      if (line.giftCard || seen.has(line.itemId)) continue;
      seen.add(line.itemId);
      const token = signReviewLink(secret, { orderId: order.id, itemId: line.itemId }, clock());
      invites.push({ itemId: line.itemId, title: line.title, url: `${home}/review?t=${token}` });
    }
    return invites;
  };
}
