// Marketing (spec §1, §4, §7, §9; SPEC-NOTES): the newsletter sign-up and its one welcome code per
// email, back-in-stock requests, the referral gift card, and unsubscribing. Each change and the email
// it causes are written in one transaction (the outbox delivers the email).
import type { NotifySelection } from '../../../contract/marketing.js';
import type { ShopSettings } from '../../../contract/settings.js';
import { MESSAGES, newsletterRateBasisPoints, referralCents, sameMailbox } from '../../../domain/marketing.js';
import type { Db } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { Clock } from '../../clock.js';
import type { ShopContactSource } from '../../email/layout.js';
import { referralGiftEmail, welcomeBackEmail, welcomeEmail, welcomeOrderedBeforeEmail } from './marketing-emails.js';
import { marketingRepository, type PromotionRow, type RequestedSize } from './marketing-repository.js';

/** The welcome code's prefix names its percent: HELLO15-…. */
export const newsletterCodePrefix = (percent: number) => `HELLO${percent}`;
/** A dollar code's prefix names its whole dollars: GIFT20-…, THANKS20-… (GIFT-… for $12.50). */
export const dollarCodePrefix = (word: string, dollars: number) =>
  Number.isInteger(dollars) ? `${word}${dollars}` : word;

/** Per client address: enough for a household signing up for a few sizes, not for a script. */
export const LIMITS = {
  newsletterPerIp: { limit: 20, windowMs: 60 * 60_000 },
  referralPerIp: { limit: 10, windowMs: 60 * 60_000 },
  referralPerSender: { limit: 10, windowMs: 24 * 60 * 60_000 },
} as const;

export const UNSUBSCRIBE_UNKNOWN = 'This unsubscribe link is not valid';
export const referralTaken = (shopName: string) => `This friend has already received a ${shopName} gift card`;
export const REFERRAL_OPTED_OUT = 'We cannot send a gift card to this email address';

export type MarketingDeps = {
  db: Db;
  catalog: CatalogService;
  clock: Clock;
  limiter: RateLimiter;
  /** The shop's name and contact as the settings say now. */
  shop: ShopContactSource;
  /** The settings' discount and referral amounts now (issue 26). */
  offer: () => Promise<ShopSettings['marketing']>;
};

/** A code can still be used when it has uses left and its owner has not ordered yet (first order only). */
const stillUsable = (code: PromotionRow, now: Date, hasOrdered: boolean) =>
  (code.usageLimit === null || code.usedCount < code.usageLimit) &&
  (code.expiresAt === null || code.expiresAt.getTime() > now.getTime()) &&
  !(code.firstOrderOnly && hasOrdered);

export function marketingService({ db, catalog, clock, limiter, shop: shopContact, offer }: MarketingDeps) {
  const repo = marketingRepository(db);

  /** Each selection must name a sold-out size of a published item; answers the rows to store. */
  async function resolveSizes(selections: NotifySelection[]): Promise<RequestedSize[]> {
    const { products } = await catalog.snapshot();
    const requested = new Map<string, RequestedSize>();
    for (const sel of selections) {
      const product = products.get(sel.url)?.value;
      const type = product?.available_products.find((p) => p.type === sel.product_type);
      const color = type?.colors.find((c) => c.color_name === sel.color);
      // A set's request names its piece (issue 27 item 4): the size is that piece's.
      const piece = type?.pieces?.length ? (sel.piece ?? '') : '';
      const sizes = piece ? color?.pieces?.find((q) => q.name === piece)?.available_sizes : color?.available_sizes;
      const size = sizes?.find((s) => s.name === sel.size);
      const what = `${piece ? `${piece} ` : ''}${sel.size} in ${sel.color}`;
      if (type?.pieces?.length && !piece) throw new Invalid('Choose the piece of the set you are waiting for');
      if (!product || !size) throw new Invalid(`${what} is not offered for this item`);
      if (!size.sold_out) throw new Invalid(`${what} is in stock: add it to your bag instead`);
      const row = { itemId: product._id, productType: sel.product_type, color: sel.color, piece, size: sel.size };
      requested.set(JSON.stringify(row), row);
    }
    return [...requested.values()];
  }

  return {
    /**
     * POST /newsletterSub without itemData. A subscribed email answers `success: false` ('Email
     * already exists'). A new subscriber gets a welcome email with their own first-order code (the settings' percent off); someone
     * who had unsubscribed is subscribed again but never gets a second code; an email that has
     * ordered before gets no first-order code. Each is told what is true for them (`message`;
     * spec §8's text when a code is on its way).
     */
    async subscribe(email: string, ip: string): Promise<{ success: boolean; message?: string }> {
      await limiter.hit(`newsletter:ip:${ip}`, LIMITS.newsletterPerIp.limit, LIMITS.newsletterPerIp.windowMs);
      const [shop, { newsletterDiscountPercent: percent }] = await Promise.all([shopContact(), offer()]);
      return db.transaction(async (tx) => {
        const now = clock();
        const subscriber = await repo.lockSubscriber(tx, email);
        if (subscriber.newsletter && !subscriber.unsubscribedAt) return { success: false };
        await repo.setNewsletter(tx, subscriber.id, true, now);

        const earlier = await repo.codeIssuedTo(tx, 'newsletter', email);
        const orderedBefore = await repo.hasOrderFor(tx, email);
        if (earlier) {
          const unused = stillUsable(earlier, now, orderedBefore) ? earlier.code : null;
          await enqueueEmail(tx, {
            to: subscriber.email,
            ...welcomeBackEmail(shop, subscriber.id, unused, percent),
            kind: 'newsletter_welcome_back',
          });
          return { success: true, message: unused ? MESSAGES.welcomeBackWithCode : MESSAGES.welcomeBack };
        }
        // The welcome code is for a first order: an email that has ordered would be sent a code it cannot use.
        if (orderedBefore) {
          await enqueueEmail(tx, {
            to: subscriber.email,
            ...welcomeOrderedBeforeEmail(shop, subscriber.id),
            kind: 'newsletter_welcome',
          });
          return { success: true, message: MESSAGES.subscribedOrderedBefore };
        }
        const code = await repo.issueCode(
          tx,
          newsletterCodePrefix(percent),
          {
            kind: 'newsletter',
            type: 'percentage',
            rateBasisPoints: newsletterRateBasisPoints(percent),
            usageLimit: 1,
            firstOrderOnly: true,
            issuedTo: subscriber.email,
          },
          async () => (await repo.codeIssuedTo(tx, 'newsletter', email)) !== undefined,
        );
        // The subscriber row is locked, so no other sign-up of this email can have issued one meanwhile.
        if (!code) throw new Conflict('A welcome code was already issued to this email');
        await enqueueEmail(tx, {
          to: subscriber.email,
          ...welcomeEmail(shop, subscriber.id, code.code, percent),
          kind: 'newsletter_welcome',
        });
        return { success: true };
      });
    },

    /**
     * POST /newsletterSub with itemData: back-in-stock requests for sold-out sizes. They do not sign
     * the email up for the newsletter; a size asked for twice stays one request.
     */
    async requestBackInStock(email: string, selections: NotifySelection[], ip: string): Promise<{ success: true }> {
      await limiter.hit(`newsletter:ip:${ip}`, LIMITS.newsletterPerIp.limit, LIMITS.newsletterPerIp.windowMs);
      const requested = await resolveSizes(selections);
      await db.transaction(async (tx) => {
        const subscriber = await repo.lockSubscriber(tx, email);
        await repo.requestSizes(tx, subscriber.id, requested);
      });
      return { success: true };
    },

    /**
     * POST /referral-promo: the friend gets a gift card (the settings' referralFriend, $20 by default) for their next order, one per friend's
     * email ever. The sender is rewarded when that order is placed (referral-reward.ts).
     */
    async sendReferral(friendEmail: string, senderEmail: string, ip: string): Promise<{ success: true }> {
      // Another address of the sender's own mailbox (me+friend@…, m.e@gmail.com) is the sender.
      if (sameMailbox(friendEmail, senderEmail)) throw new Invalid('You cannot send a gift card to yourself');
      await limiter.hit(`referral:ip:${ip}`, LIMITS.referralPerIp.limit, LIMITS.referralPerIp.windowMs);
      await limiter.hit(
        `referral:sender:${senderEmail.toLowerCase()}`,
        LIMITS.referralPerSender.limit,
        LIMITS.referralPerSender.windowMs,
      );
      const [shop, { referralFriend }] = await Promise.all([shopContact(), offer()]);
      await db.transaction(async (tx) => {
        const friend = await repo.lockSubscriber(tx, friendEmail);
        if (friend.unsubscribedAt) throw new Conflict(REFERRAL_OPTED_OUT);
        if (await repo.codeIssuedTo(tx, 'referral', friendEmail)) throw new Conflict(referralTaken(shop.name));
        const gift = await repo.issueCode(
          tx,
          dollarCodePrefix('GIFT', referralFriend),
          {
            kind: 'referral',
            type: 'dollarAmount',
            discountCents: referralCents(referralFriend),
            usageLimit: 1,
            issuedTo: friend.email,
            referrerEmail: senderEmail,
          },
          async () => (await repo.codeIssuedTo(tx, 'referral', friendEmail)) !== undefined,
        );
        if (!gift) throw new Conflict(referralTaken(shop.name));
        await enqueueEmail(tx, {
          to: friend.email,
          ...referralGiftEmail(shop, friend.id, gift.code, senderEmail, referralFriend),
          kind: 'referral_gift',
        });
      });
      return { success: true };
    },

    /** POST /unsubscribe: no more newsletters for this subscriber. Repeating it is harmless. */
    async unsubscribe(userId: string): Promise<{ success: true }> {
      if (!(await repo.unsubscribe(userId, clock()))) throw new NotFound(UNSUBSCRIBE_UNKNOWN);
      return { success: true };
    },
  };
}
export type MarketingService = ReturnType<typeof marketingService>;
