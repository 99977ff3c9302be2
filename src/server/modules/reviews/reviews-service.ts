// Reviews from shoppers (issue 27 #6). The tracking email's signed link opens the review page of
// one item of an order; the review it sends waits for the owner; approving it puts it on the
// product page (the catalog read model is rebuilt, here and in every copy), rejecting keeps it
// hidden. One review per item of an order: a link used once is used up.
import {
  ALREADY_REVIEWED,
  ADMIN_REVIEWS_LIMIT,
  REVIEW_LINK_INVALID,
  type AdminReviewsAnswer,
  type ReviewLinkAnswer,
  type ReviewStatus,
  type ShopperReview,
  type SubmitReviewBody,
} from '../../../contract/reviews.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { hexId } from '../../db/ids.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { quoted } from '../activity/changes.js';
import { readReviewLink } from './review-links.js';
import { reviewsRepository, type ReviewWithItem } from './reviews-repository.js';

export const toShopperReview = ({ review: r, itemTitle, itemUrl, pictures }: ReviewWithItem): ShopperReview => ({
  _id: r.id,
  productId: r.itemId,
  itemTitle,
  itemUrl,
  picture: pictures[0] ?? null,
  title: r.title,
  description: r.description,
  rating: r.rating,
  authorName: r.authorName,
  fit: r.fit,
  status: r.status,
  orderId: r.orderId,
  createdAt: r.createdAt.toISOString(),
});

export function reviewsService(deps: { db: Db; readModel: ReadModel; secret: string; clock: Clock }) {
  const { db, readModel, secret, clock } = deps;
  const repo = reviewsRepository(db);

  /** The order and its line a token names; a forged, expired or stale link is 'not valid'. */
  async function open(token: string) {
    const subject = readReviewLink(secret, token, clock());
    if (!subject) throw new NotFound(REVIEW_LINK_INVALID);
    const order = await repo.order(subject.orderId);
    const line = order?.lines.find((l) => l.itemId === subject.itemId && !l.giftCard);
    // The piece deleted from the shop since: there is nothing left to review.
    if (!order || !line || !(await repo.itemExists(subject.itemId))) throw new NotFound(REVIEW_LINK_INVALID);
    return { subject, order, line };
  }

  return {
    /** GET /reviewLink: the piece the link is for, and the name to prefill. */
    async link(token: string): Promise<ReviewLinkAnswer> {
      const { subject, order, line } = await open(token);
      if (await repo.reviewOf(subject.orderId, subject.itemId)) throw new Conflict(ALREADY_REVIEWED);
      return {
        orderId: order.id,
        item: {
          _id: line.itemId,
          title: line.title,
          url: line.url,
          picture: line.picture,
          color: line.color,
          size: line.size,
        },
        name: order.shippingInfo.firstName.trim(),
      };
    },

    /**
     * POST /submitReview: the review, pending the owner's approval. The same review sent again (a
     * double click, a retry after a lost answer) answers as the first did; another one is refused.
     */
    async submit(body: SubmitReviewBody): Promise<{ ok: true; status: 'pending' }> {
      const { subject, order } = await open(body.token);
      const fields = {
        title: body.title,
        description: body.text,
        rating: body.rating,
        authorName: body.name,
        fit: body.fit ?? null,
      };
      const inserted = await repo.insert({
        id: hexId(),
        itemId: subject.itemId,
        orderId: subject.orderId,
        email: order.email,
        status: 'pending',
        source: 'shopper',
        ...fields,
      });
      if (!inserted) {
        const existing = await repo.reviewOf(subject.orderId, subject.itemId);
        const same =
          existing &&
          existing.status === 'pending' &&
          (Object.keys(fields) as (keyof typeof fields)[]).every((k) => existing[k] === fields[k]);
        if (!same) throw new Conflict(ALREADY_REVIEWED);
      }
      return { ok: true, status: 'pending' };
    },

    /** GET /admin/api/reviews: shoppers' reviews in one state, and how many wait. */
    async list(status: ReviewStatus): Promise<AdminReviewsAnswer> {
      const [rows, pending] = await Promise.all([repo.list(status, ADMIN_REVIEWS_LIMIT), repo.pendingCount()]);
      return { reviews: rows.map(toShopperReview), pending };
    },

    /** POST /admin/api/moderateReview: approve (shown and counted) or reject (hidden); the same decision again changes nothing. */
    async moderate(actor: Actor, id: string, decision: 'approve' | 'reject'): Promise<ShopperReview> {
      const status: ReviewStatus = decision === 'approve' ? 'approved' : 'rejected';
      let changed = false;
      const row = await db.transaction(async (tx) => {
        const found = await repo.lock(tx, id);
        // The owner's own reviews are edited or deleted in the item's reviews, not moderated.
        if (found?.review.source !== 'shopper') throw new NotFound('Review not found');
        if (found.review.status === status) return found;
        changed = true;
        await repo.setStatus(tx, id, status);
        const r = found.review;
        await recordActivity(tx, actor, {
          kind: decision === 'approve' ? 'review.approved' : 'review.rejected',
          summary: `${decision === 'approve' ? 'Approved' : 'Rejected'} the review ${quoted(r.title)} of ${quoted(found.itemTitle)} by ${r.authorName}`,
          detail: {
            reviewId: r.id,
            itemId: r.itemId,
            item: found.itemTitle,
            orderId: r.orderId,
            rating: r.rating,
            before: r.status,
            after: status,
          },
        });
        return { ...found, review: { ...r, status } };
      });
      // Approving adds to the product's rating and list; un-approving takes away: the storefront reads anew.
      if (changed) await readModel.invalidate();
      return toShopperReview(row);
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
