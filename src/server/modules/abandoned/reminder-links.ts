// A checkout reminder's links (issue 28 #4), signed with the shop's SESSION_SECRET
// (src/server/http/signed-link.ts), the bag's cart id as subject: 'bag' brings the bag back on any
// device, 'stop-reminders' ends reminders to the address the reminder went to.
import { signLink, verifyLink } from '../../http/signed-link.js';
import { baseUrl } from '../../email/layout.js';
import type { ReminderLinks } from './reminder-email.js';

/** How long the bag link works: a bag older than a month is rarely still wanted as it was. */
export const BAG_LINK_DAYS = 30;
/** How long the stop link works: long, it only ever stops mail. */
export const STOP_LINK_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
const CART_ID = /^[0-9a-f]{24}$/;

export function reminderLinks(secret: string, publicUrl: string, cartId: string, now: Date): ReminderLinks {
  const home = baseUrl(publicUrl);
  const bag = signLink(secret, 'bag', cartId, new Date(now.getTime() + BAG_LINK_DAYS * DAY_MS));
  const stop = signLink(secret, 'stop-reminders', cartId, new Date(now.getTime() + STOP_LINK_DAYS * DAY_MS));
  return {
    bagUrl: `${home}/restore-bag?t=${bag}`,
    stopUrl: `${home}/stop-reminders?t=${stop}`,
    oneClickUrl: `${home}/stopReminders/${stop}`,
  };
}

/** The cart a token names, when the shop signed it for `purpose` and it has not expired; else null. */
export function readReminderLink(
  secret: string,
  purpose: 'bag' | 'stop-reminders',
  token: string,
  now: Date,
): string | null {
  const subject = verifyLink(secret, purpose, token, now);
  return subject && CART_ID.test(subject) ? subject : null;
}
