// The shop's identity as emails and pages name it (issue 26): the settings' name, support address and
// social links over the config's SUPPORT_EMAIL, read per email and page so a save shows in the next one.
import { eq } from 'drizzle-orm';
import { type ShopSettings, SETTINGS_KEYS, ShopDetailsSchema } from '../../../contract/settings.js';
import type { ShopInfo } from '../../../contract/shop-info.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import type { ShopContact } from '../../email/layout.js';

type ContactConfig = { publicUrl: string; supportEmail: string };

/** The settings' support address, else the one the shop was started with. */
const supportEmailOf = (s: ShopSettings, config: Pick<ContactConfig, 'supportEmail'>) =>
  s.shop.supportEmail || config.supportEmail;

export function shopContactOf(s: ShopSettings, config: ContactConfig): ShopContact {
  return {
    name: s.shop.name,
    publicUrl: config.publicUrl,
    supportEmail: supportEmailOf(s, config),
    social: { ...s.shop.social },
  };
}

/** GET /shopInfo's answer. */
export function shopInfoOf(s: ShopSettings, config: Pick<ContactConfig, 'supportEmail'>): ShopInfo {
  return {
    name: s.shop.name,
    supportEmail: supportEmailOf(s, config),
    social: { ...s.shop.social },
    ...s.marketing,
  };
}

/**
 * The From name of the shop's mail: the shop name once the owner has saved it; undefined before,
 * when MAIL_FROM's own display name stands (a shop configured by MAIL_FROM keeps it until then).
 * Read by the outbox worker, which has only the database, once per batch it delivers.
 */
export async function savedShopName(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEYS.shop));
  const parsed = ShopDetailsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data.name : undefined;
}
