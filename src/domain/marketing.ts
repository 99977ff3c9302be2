// Marketing rules shared by the storefront and the server (spec §4, §5, §9): the timed promo popup,
// the referral form, the unsubscribe link, and the messages and timings the shopper sees. No Zod:
// the browser imports this file.
import { EMAIL_PATTERN } from './validation.js';

/**
 * Spec §9: the promo popup is due a while after a first visit without cookies (the settings'
 * popupDelaySeconds, 60 s by default), checked every second.
 */
export const promoDelayMs = (popupDelaySeconds: number) => Math.max(0, popupDelaySeconds) * 1000;
export const PROMO_CHECK_MS = 1000;
/** Spec §4: shown only when the window is wider than this. */
export const PROMO_MIN_WIDTH = 500;
/** Spec §9: the popup's picture swaps to its narrow variant at this width and below. */
export const PROMO_IMAGE_SWAP_WIDTH = 450;
/** Browser storage keys of spec §3. */
export const PROMO_TIMEOUT_KEY = 'promoTimeout';
export const PROMO_DECLINED_KEY = 'promoDeclined';

/** Spec §4: status messages clear after 5 s; the footer clears its field, the promo popup closes. */
export const STATUS_CLEAR_MS = 5000;
export const PROMO_CLOSE_MS = 5000;
/** Spec §9: the notify modal closes 1.5 s after subscribing; the referral popup 5 s after sending. */
export const NOTIFY_CLOSE_MS = 1500;
export const REFERRAL_CLOSE_MS = 5000;

/** Spec §9: subscriber ids (and so unsubscribe links) are 24 characters. */
export const UNSUBSCRIBE_ID_LENGTH = 24;

/**
 * Spec §9: a percent off a first order for subscribers (the settings' newsletterDiscountPercent, 15 by
 * default), as a percentage promotion's multiplier: 15 % off → 8500 (0.85).
 */
export const newsletterRateBasisPoints = (percent: number) => 10_000 - Math.round(percent * 100);
/** The settings' referral amounts (dollars, $20 and $20 by default) as a code's cents. */
export const referralCents = (dollars: number) => Math.round(dollars * 100);

export const MESSAGES = {
  invalidEmail: 'Invalid email address.',
  subscribed: 'Successfully subscribed! Check your email for the discount code.',
  /** Issue 24 item 18: what is true for each sign-up that gets no new code. */
  subscribedOrderedBefore:
    'Successfully subscribed! Our welcome discount is for a first order, and this email address has ordered with us before, so there is no code this time.',
  welcomeBackWithCode:
    'Welcome back! You are subscribed again. Check your email: your welcome code is still waiting for your first order.',
  welcomeBack:
    'Welcome back! You are subscribed again. The welcome discount was one per email address, so there is no new code.',
  alreadySubscribed: 'Email already exists',
  giftSent: 'Gift card has been sent!',
  unsubscribed: 'Successfully unsubscribed',
  notifySubscribed: 'Subscribed!',
} as const;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** Mail services that ignore dots in the name part and deliver both domains to one mailbox. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches: case-insensitive, without a `+tag` (me+shop@x.com reaches
 * me@x.com), and for Gmail without dots. Two addresses of one mailbox are one person.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let name = address.slice(0, at).split('+')[0]!;
  let domain = address.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}

/** Whether two addresses reach the same mailbox (mailboxOf). */
export const sameMailbox = (a: string, b: string) => mailboxOf(a) === mailboxOf(b);

/** Spec §5: 'Give $20' is enabled only when both emails match the pattern and differ (as mailboxes). */
export const canSendReferral = (friendEmail: string, senderEmail: string) =>
  isEmail(friendEmail) && isEmail(senderEmail) && !sameMailbox(friendEmail, senderEmail);

/** Spec §5: the notify modal's button needs a valid email and at least one size. */
export const canRequestNotify = (email: string, sizeCount: number) => isEmail(email) && sizeCount > 0;

/** Spec §4/§9: the popup shows when it was never declined, its time has come, and the window is wide enough. */
export function promoDue(state: {
  declined: string | null;
  timeout: string | null;
  width: number;
  now: number;
}): boolean {
  if (state.declined !== null) return false;
  if (state.width <= PROMO_MIN_WIDTH) return false;
  if (state.timeout === null) return false;
  const due = Number(state.timeout);
  return Number.isFinite(due) && due <= state.now;
}

/**
 * Issue 24 item 5: pages where no marketing modal opens by itself — the purchase path, returns,
 * order status, the promoter's report and the back office. The popup waits for another page.
 */
const QUIET_PATHS = ['/cart', '/return-form', '/order-status', '/promo-performance', '/admin'];
export const marketingQuietOn = (pathname: string): boolean =>
  QUIET_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}?`));

/** Spec §4: the unsubscribe call is made only for a path remainder of exactly 24 characters. */
export const isUnsubscribeId = (userId: string | undefined): userId is string =>
  userId?.length === UNSUBSCRIBE_ID_LENGTH;
