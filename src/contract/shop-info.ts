// GET /shopInfo: the public part of the shop's settings (values/shop-info.ts), the answer's allowlist.
import { z } from 'zod';
import { SOCIAL_NETWORKS } from './values/settings.js';

export { DEFAULT_SHOP_INFO, type ShopInfo } from './values/shop-info.js';

export const ShopInfoSchema = z.object({
  name: z.string(),
  supportEmail: z.string(),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string()])) as Record<
      (typeof SOCIAL_NETWORKS)[number],
      z.ZodString
    >,
  ),
  newsletterDiscountPercent: z.number(),
  referralFriend: z.number(),
  referralReferrer: z.number(),
  popupDelaySeconds: z.number(),
});
