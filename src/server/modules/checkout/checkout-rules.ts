// Checkout's pure rules (spec §5 checkout rules): what shipping info passes, whether the bag is the
// one the shopper saw, and what a balance may not pay for.
import type { ShippingInfo } from '../../../contract/checkout.js';
import { bagVersion } from '../../../domain/bag-version.js';
import { checkoutContactComplete, isUsCountry, isUsZip, zipLengthOk } from '../../../domain/geo.js';
import { Invalid } from '../../http/errors.js';
import type { BalanceRow } from '../balances/balances-repository.js';
import type { BagLine } from '../cart/cart-service.js';
import { BagChanged, GIFT_CARD_WITH_BALANCE } from './checkout-errors.js';

/** Spec §5 checkout rules, with a message that says what is wrong. */
export function checkShippingInfo(info: ShippingInfo): void {
  const missing = (
    [
      ['first name', info.firstName],
      ['email', info.email],
      ['address', info.address],
      ['city', info.city],
      ['state', info.state],
      ['zip', info.zip],
    ] as const
  )
    .filter(([, value]) => value.trim() === '')
    .map(([name]) => name);
  if (missing.length > 0) throw new Invalid(`Please fill in your ${missing.join(', ')}`);
  if (isUsCountry(info.country) && !isUsZip(info.zip))
    throw new Invalid('Please enter a valid US zip code (5 digits, or 5 digits, a dash and 4 more)');
  if (!zipLengthOk(info.country, info.zip)) throw new Invalid('The zip code must be at least 4 characters long');
  if (info.emailConf && info.emailConf.trim().toLowerCase() !== info.email.trim().toLowerCase()) {
    throw new Invalid('The email addresses do not match');
  }
  if (!checkoutContactComplete(info)) throw new Invalid('Please complete your contact and shipping details');
}

/** The shipping info passes the checkout rules (the shopper may go on to shipping). */
export const isComplete = (info: ShippingInfo | undefined): info is ShippingInfo => {
  if (!info) return false;
  try {
    checkShippingInfo(info);
    return true;
  } catch {
    return false;
  }
};

/** Step: the bag the browser showed (its version, when sent) is the bag now; no payment for lines not shown. */
export function checkBagVersion(live: readonly BagLine[], shown: string | undefined): void {
  if (shown !== undefined && shown !== bagVersion(live.map((l) => l.line))) throw new BagChanged();
}

/** A bag of only gift cards: nothing to ship. */
export const isGiftCardsOnly = (lines: BagLine[]) => lines.length > 0 && lines.every((l) => l.stored.giftCard);

/** A gift card is not bought with a balance (store credit would turn into a new code). */
export function refuseBalanceOnGiftCards(bag: { live: BagLine[] }, balance: BalanceRow | undefined): void {
  if (balance && bag.live.some((l) => l.stored.giftCard)) throw new Invalid(GIFT_CARD_WITH_BALANCE);
}
