// Issuing a gift card bought in the shop: its balance now (the code works from the moment the order
// exists), its email to the recipient on the day the buyer chose, through the outbox: the email row's
// `next_attempt_at` is its 'not before' time. Runs inside the order's transaction; the email is held
// (locked) until the payment is captured, like the order confirmation, and a failed capture deletes it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import type { ShopContact } from '../../email/layout.js';
import { balancesRepository, type BalanceRow } from './balances-repository.js';
import { giftCardEmail } from './gift-card-email.js';

export const GIFT_CARD_MIN_CENTS = 50_00;
export const GIFT_CARD_MAX_CENTS = 500_00;
/** The amounts the gift card page offers; any whole-dollar amount between the limits is accepted too. */
export const GIFT_CARD_AMOUNTS_CENTS = [50_00, 100_00, 150_00, 250_00, 500_00] as const;
/** A card sent on a later day leaves at this hour (UTC: the morning in the Americas, the afternoon in Europe). */
export const GIFT_CARD_SEND_HOUR_UTC = 14;

export type GiftCardPurchase = {
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  /** The day the recipient gets it, YYYY-MM-DD (today or later). */
  sendOn: string;
};

/** When the email leaves: now for today (or a past day), else GIFT_CARD_SEND_HOUR_UTC on the chosen day. */
export function sendAtOf(sendOn: string, now: Date): Date {
  const at = new Date(`${sendOn}T${String(GIFT_CARD_SEND_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a date: ${sendOn}`);
  return sendOn <= now.toISOString().slice(0, 10) ? now : at;
}

/** Issues the card's balance and enqueues its held email for the send date; answers both, for the undo. */
export async function issueGiftCard(
  tx: Tx,
  input: { card: GiftCardPurchase; orderId: number; now: Date; shop: ShopContact },
): Promise<{ balance: BalanceRow; emailId: number; sendAt: Date }> {
  const { card, orderId, now, shop } = input;
  if (
    !Number.isSafeInteger(card.amountCents) ||
    card.amountCents < GIFT_CARD_MIN_CENTS ||
    card.amountCents > GIFT_CARD_MAX_CENTS
  ) {
    throw new RangeError(`A gift card is $50 to $500: ${card.amountCents} cents`);
  }
  const balance = await balancesRepository().issue(tx, {
    kind: 'gift_card',
    issuedTo: card.recipientEmail,
    amountCents: card.amountCents,
    orderId,
    note: `Gift card bought with order #${orderId}`,
  });
  const sendAt = sendAtOf(card.sendOn, now);
  const mail = giftCardEmail({ ...card, code: balance.code }, shop);
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: card.recipientEmail,
      ...mail,
      kind: 'gift_card',
      nextAttemptAt: sendAt,
      lockedUntil: sql`now() + interval '2 minutes'`,
    })
    .returning({ id: emailOutbox.id });
  return { balance, emailId: row!.id, sendAt };
}
