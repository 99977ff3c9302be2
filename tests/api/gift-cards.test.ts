import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { balances, emailOutbox, orders } from '../../src/server/db/schema.js';
import { enqueueEmail, outboxWorker } from '../../src/server/jobs/outbox.js';
import { issueGiftCard, sendAtOf } from '../../src/server/modules/balances/gift-cards.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { demoAppWithMail } from '../support/demo-app-with-mail.js';
import type { startSmtpSink } from '../support/smtp-sink.js';
import { storefrontItems, type TestApp } from '../support/test-app.js';

const quietLog = { warn: () => {}, info: () => {} };
let now = new Date('2026-12-01T10:00:00Z');
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let all: Item[];

beforeAll(async () => {
  ({ sink, t } = await demoAppWithMail({ clock: () => now }));
  all = await storefrontItems(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const shop = { name: 'Murashki', publicUrl: 'https://murashki.example', supportEmail: 'care@murashki.example' };
const deliver = () => outboxWorker(t.db, t.mailer, quietLog, { now: () => now }).runOnce();
const received = (to: string) => sink.received.filter((m) => m.to.includes(to));

describe('a gift card on its send date', () => {
  it('leaves now when sent today, else at 14:00 UTC on the chosen day', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(sendAtOf('2026-12-01', at)).toEqual(at);
    expect(sendAtOf('2026-12-24', at)).toEqual(new Date('2026-12-24T14:00:00Z'));
  });

  it('its email reaches the recipient on the chosen day, not before, without holding back their other mail; then it is spent', async () => {
    const recipient = 'june.recipient@example.com';
    const card = {
      amountCents: 150_00,
      recipientName: 'June',
      recipientEmail: recipient,
      senderName: 'Ada',
      message: 'Happy birthday!\nWith love',
      sendOn: '2026-12-24',
    };
    const issued = await t.db.transaction((tx) => issueGiftCard(tx, { card, orderId: 4242, now, shop }));
    expect(issued.balance).toMatchObject({ kind: 'gift_card', remainingCents: 150_00, issuedTo: recipient });
    expect(issued.balance.code).toMatch(/^GIFTCARD-[A-HJ-NP-Z2-9]{8}$/);
    // The order's capture releases the held email (checkout-service).
    await t.db.update(emailOutbox).set({ lockedUntil: null }).where(eq(emailOutbox.id, issued.emailId));
    // The recipient's own mail, written later, is not held back by the card waiting for its day.
    await enqueueEmail(t.db, {
      to: recipient,
      subject: 'Your Murashki order',
      html: '<p>x</p>',
      text: 'x',
      kind: 'order_confirmation',
    });

    await deliver();
    expect(received(recipient).map((m) => m.subject)).toEqual(['Your Murashki order']);

    now = new Date('2026-12-24T13:59:00Z');
    await deliver();
    expect(received(recipient)).toHaveLength(1);

    now = new Date('2026-12-24T14:00:00Z');
    await deliver();
    const mail = received(recipient).find((m) => m.subject === 'Ada sent you a $150 Murashki gift card');
    expect(mail).toBeDefined();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, issued.emailId));
    for (const part of [row!.html, row!.text]) {
      expect(part).toContain(issued.balance.code);
      expect(part).toContain('$150');
      expect(part).toContain('Happy birthday!');
      expect(part).toContain('Gift Card or Promo');
    }

    // Spent like any balance: a $98 bra to New York, and $150 − its total left.
    const orderId = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra', 'bra')],
      shopper: { ...US_SHOPPER, email: recipient },
      promo: issued.balance.code,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      balanceCode: issued.balance.code,
      balanceCents: order!.totalCents,
      paymentProvider: 'none',
    });
    const [after] = await t.db.select().from(balances).where(sql`${balances.id} = ${issued.balance.id}`);
    expect(after!.remainingCents).toBe(150_00 - order!.totalCents);
  });
});
