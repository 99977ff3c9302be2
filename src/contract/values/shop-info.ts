// What every storefront page knows of the shop's settings (GET /shopInfo, prefetched with each
// server render): its name, support address, social links and the marketing numbers the shopper
// reads. Zod-free: the storefront and the admin chunk import it; the schema is in ../shop-info.ts.
import { DEFAULT_SETTINGS, SOCIAL_NETWORKS, type SocialNetwork } from './settings.js';

export type ShopInfo = {
  name: string;
  /** The settings' support email, or the SUPPORT_EMAIL the shop was started with when that is empty. */
  supportEmail: string;
  /** Each network's https address, '' when the shop has none. */
  social: Record<SocialNetwork, string>;
  newsletterDiscountPercent: number;
  /** Dollars. */
  referralFriend: number;
  referralReferrer: number;
  popupDelaySeconds: number;
};

/** The shop's support address when neither the settings nor the config name one (SUPPORT_EMAIL's default). */
export const FALLBACK_SUPPORT_EMAIL = 'care@murashki.shop';

/** What a page shows before GET /shopInfo has answered (never on a server-rendered page: it is prefetched). */
export const DEFAULT_SHOP_INFO: ShopInfo = {
  name: DEFAULT_SETTINGS.shop.name,
  supportEmail: FALLBACK_SUPPORT_EMAIL,
  social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as Record<SocialNetwork, string>,
  ...DEFAULT_SETTINGS.marketing,
};

/** Dollars as the shop writes them in a sentence: '$20', '$12.50'. */
export function dollarsText(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** 'Give $20 Get $20' for the settings' amounts (spec §2's text with the defaults). */
export const referralTitle = (friend: number, referrer: number) =>
  `Give ${dollarsText(friend)} Get ${dollarsText(referrer)}`;
