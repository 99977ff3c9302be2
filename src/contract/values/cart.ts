// The bag's values and gift card rules, Zod-free for the browser; the schemas are in ../cart.ts.

/** Most pieces of one line and of one bag: a shop's bag, not a warehouse order. */
export const MAX_LINE_QUANTITY = 10;
export const MAX_BAG_PIECES = 50;

/** GET /admin/api/getNonEmptyCarts: bags a page. */
export const NON_EMPTY_CARTS_PAGE = 100;

// ---------- gift cards (issue 24 item 3): sold on /gift-card, a bag line without stock or size ----------

export const GIFT_CARD_MIN_DOLLARS = 50;
export const GIFT_CARD_MAX_DOLLARS = 500;
export const GIFT_CARD_PRESET_DOLLARS = [50, 100, 150, 250, 500] as const;
export const GIFT_CARD_MESSAGE_MAX = 300;
/** The built-in picture of a gift card line (served by the shop, no upload needed). */
export const GIFT_CARD_PICTURE = '/gift-card.svg';

/** The day `days` after `today` (both YYYY-MM-DD, UTC). */
export function addDays(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Why a send date cannot be chosen on `today` (YYYY-MM-DD), or undefined. */
export function sendOnProblem(sendOn: string, today: string): string | undefined {
  const d = new Date(`${sendOn}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(sendOn) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== sendOn)
    return 'Send date must be a date';
  if (sendOn < today) return 'Send date cannot be in the past';
  if (sendOn > addDays(today, 365)) return 'Send date must be within a year';
  return undefined;
}

/** The day a gift card is sent, as the bag and the emails say it: '3 Dec'. */
export const sendDayText = (sendOn: string) =>
  new Date(`${sendOn}T12:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'A $100 gift card for Anna, sent on 3 Dec' (the confirmation email, the order card, the return page). */
export const giftCardSentence = (card: { amountCents: number; recipientName: string; sendOn: string }) =>
  `A $${(card.amountCents / 100).toLocaleString('en-US')} gift card for ${card.recipientName}, sent on ${sendDayText(card.sendOn)}`;
