// Give $20 Get $20, second half: when a friend's order uses their referral gift card, the sender gets
// their own code (the settings' referralReferrer), once per gift card. Runs inside the place-order transaction (checkout-service),
// so the reward exists exactly when the order does; its email is held until the payment is captured.
import type { ShopSettings } from '../../../contract/settings.js';
import { referralCents } from '../../../domain/marketing.js';
import type { Db, Tx } from '../../db/client.js';
import type { promotions } from '../../db/schema.js';
import type { ShopContact } from '../../email/layout.js';
import { referralRewardEmail } from './marketing-emails.js';
import { marketingRepository } from './marketing-repository.js';
import { dollarCodePrefix } from './marketing-service.js';

/** What the reward step created, so a failed capture can undo it. */
export type IssuedReward = { promoId: number; emailId: number };

/**
 * Issues the sender's reward when `promo` (the order's) is a referral gift card used by the friend
 * it was sent to. Undefined when there is nothing to reward: not a referral code, the sender's own
 * order, or a reward already issued for this gift card.
 */
export async function issueReferralReward(
  db: Db,
  tx: Tx,
  input: {
    promo: typeof promotions.$inferSelect | undefined;
    orderEmail: string;
    shop: ShopContact;
    /** The settings' amounts when the order was placed: the reward is `referralReferrer`. */
    offer: ShopSettings['marketing'];
  },
): Promise<IssuedReward | undefined> {
  const { promo, orderEmail, shop, offer } = input;
  if (promo?.kind !== 'referral' || !promo.referrerEmail) return undefined;
  const sender = promo.referrerEmail;
  if (sender.trim().toLowerCase() === orderEmail.trim().toLowerCase()) return undefined;

  const repo = marketingRepository(db);
  if (await repo.rewardFor(tx, promo.id)) return undefined;
  const reward = await repo.issueCode(
    tx,
    dollarCodePrefix('THANKS', offer.referralReferrer),
    {
      kind: 'referral_reward',
      type: 'dollarAmount',
      discountCents: referralCents(offer.referralReferrer),
      usageLimit: 1,
      issuedTo: sender,
      rewardFor: promo.id,
    },
    async () => (await repo.rewardFor(tx, promo.id)) !== undefined,
  );
  if (!reward) return undefined;
  const subscriber = await repo.lockSubscriber(tx, sender);
  const emailId = await repo.enqueueHeldEmail(tx, {
    to: subscriber.email,
    ...referralRewardEmail(shop, subscriber.id, reward.code, offer.referralReferrer, offer.referralFriend),
    kind: 'referral_reward',
  });
  return { promoId: reward.id, emailId };
}

/** Undo of the reward when the order is undone (its payment could not be captured). */
export async function withdrawReferralReward(db: Db, tx: Tx, reward: IssuedReward) {
  await marketingRepository(db).deletePromotion(tx, reward.promoId);
}
