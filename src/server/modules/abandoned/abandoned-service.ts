// Abandoned checkouts (issue 28 #4): a bag is recorded when its shopper sends the contact step with
// an email; it is abandoned once no order came of it for Settings › abandon-after minutes. The owner
// lists them (the Abandoned tab); a shopper who ticked 'Email me a reminder if I don't finish' gets
// one reminder (runReminders, a job), whose signed link brings the bag back on any device (restore)
// and whose other link stops reminders (stopReminders). See docs/decisions/040-abandoned-checkouts.md.
import {
  ABANDONED_PAGE,
  type AbandonedCheckoutsAnswer,
  type ReminderState,
  type RestoreBagAnswer,
} from '../../../contract/abandoned.js';
import type { Selection } from '../../../contract/cart.js';
import type { ShopSettings } from '../../../contract/settings.js';
import { toDollars } from '../../../domain/money.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { ShopContactSource } from '../../email/layout.js';
import { AppError, NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { cartRepository } from '../cart/cart-repository.js';
import { type CartService, describeBag } from '../cart/cart-service.js';
import { orderLineOf } from '../checkout/place-order-record.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { abandonedRepository } from './abandoned-repository.js';
import { reminderEmail } from './reminder-email.js';
import { readReminderLink, reminderLinks } from './reminder-links.js';

/** A checkout older than this when the job first sees it gets no reminder (reminders were off, say). */
export const REMIND_WITHIN_MS = 3 * 24 * 60 * 60_000;
/** Reminders claimed per transaction. */
const REMINDER_BATCH = 50;

export const LINK_NOT_VALID = 'This link has expired or is not valid';
export const BAG_GONE = 'This bag is no longer kept';

export type AbandonedDeps = {
  db: Db;
  clock: Clock;
  catalog: Pick<CatalogService, 'snapshot'>;
  cart: Pick<CartService, 'add' | 'addGiftCard' | 'lines'>;
  settings: { read(): Promise<ShopSettings> };
  shop: ShopContactSource;
  secret: string;
  /** ABANDON_AFTER_SECONDS (journeys, demos): instead of Settings › abandon-after minutes. */
  abandonAfterSeconds?: number | undefined;
};

const lineName = (l: { title: string; color: string; size: string }) =>
  l.color ? `${l.title} (${l.color}, size ${l.size})` : `${l.title} (${l.size})`;

export function abandonedService(deps: AbandonedDeps) {
  const { db, clock } = deps;
  const repo = abandonedRepository(db);
  const carts = cartRepository(db);

  async function insights() {
    return (await deps.settings.read()).insights;
  }
  /** How long a checkout waits for its order before it counts as abandoned. */
  const abandonAfterMs = (settings: ShopSettings['insights']) =>
    deps.abandonAfterSeconds !== undefined ? deps.abandonAfterSeconds * 1000 : settings.abandonAfterMinutes * 60_000;

  return {
    abandonAfterMs: async () => abandonAfterMs(await insights()),

    /**
     * POST /order/getShippingOptions passed: the session's open bag gave `email` now. `remindMe`
     * undefined (an older page, the options read again) keeps the shopper's earlier choice.
     */
    async record(sessionId: string | undefined, email: string, remindMe: boolean | undefined): Promise<void> {
      if (!sessionId) return;
      await repo.record({ sessionId, email: email.trim(), wantsReminder: remindMe }, clock());
    },

    /** GET /admin/api/abandonedCheckouts: abandoned checkouts, newest first, a page (0-based). */
    async list(page = 0): Promise<AbandonedCheckoutsAnswer> {
      const settings = await insights();
      const now = clock();
      const cutoff = new Date(now.getTime() - abandonAfterMs(settings));
      const { rows, total } = await repo.openPage(cutoff, page * ABANDONED_PAGE, ABANDONED_PAGE);
      const stateOf = (r: (typeof rows)[number]): ReminderState => {
        if (r.remindedAt) return 'sent';
        if (!r.wantsReminder) return 'not-asked';
        if (r.optedOut) return 'unsubscribed';
        if (!settings.checkoutReminders) return 'off';
        if (new Date(r.emailGivenAt).getTime() <= now.getTime() - REMIND_WITHIN_MS) return 'too-old';
        return 'waiting';
      };
      return {
        checkouts: rows.map((r) => ({
          cartId: r.cartId,
          email: r.email,
          emailGivenAt: r.emailGivenAt,
          pieces: r.pieces,
          value: toDollars(r.valueCents),
          reminder: stateOf(r),
          remindedAt: r.remindedAt,
          restoredAt: r.restoredAt,
        })),
        total,
        page,
        pageSize: ABANDONED_PAGE,
        abandonAfterMinutes: settings.abandonAfterMinutes,
        remindersOn: settings.checkoutReminders,
      };
    },

    /**
     * The reminder job's pass: while reminders are on (Settings), each abandoned checkout whose
     * shopper asked for one gets one, claimed and written to the outbox in one transaction (so an
     * order placed meanwhile either comes first and is seen, or waits for the claim). Answers how
     * many were written.
     */
    async runReminders(): Promise<number> {
      const settings = await insights();
      if (!settings.checkoutReminders) return 0;
      // Read before the transaction (a read inside it would wait for the transaction on PGlite).
      const [shop, snapshot] = await Promise.all([deps.shop(), deps.catalog.snapshot()]);
      let written = 0;
      for (;;) {
        const now = clock();
        const window = {
          now,
          cutoff: new Date(now.getTime() - abandonAfterMs(settings)),
          oldest: new Date(now.getTime() - REMIND_WITHIN_MS),
        };
        const claimed = await db.transaction(async (tx) => {
          const due = await repo.claimDue(tx, window, REMINDER_BATCH);
          for (const reminder of due) {
            const { live } = describeBag(snapshot, await repo.linesOf(tx, reminder.cartId));
            // Every piece left the shop since: nothing to remind of (the bag is claimed all the same).
            if (live.length === 0) continue;
            const links = reminderLinks(deps.secret, shop.publicUrl, reminder.cartId, now);
            const email = reminderEmail(shop, { firstName: reminder.firstName, lines: live.map(orderLineOf) }, links);
            await enqueueEmail(tx, { to: reminder.email, ...email, kind: 'checkout_reminder' });
            written++;
          }
          return due.length;
        });
        if (claimed < REMINDER_BATCH) return written;
      }
    },

    /**
     * POST /restoreBag: the reminded bag into this visitor's bag, on this device or another. A piece
     * already there is not added twice (opening the link again changes nothing); a piece that cannot
     * be had any more is named in `missing`. A bag that became an order is not brought back.
     * `session` is the visitor's session after it (made here when there was none).
     */
    async restore(
      sessionId: string | undefined,
      token: string,
    ): Promise<{ answer: RestoreBagAnswer; session: { id: string; expiresAt?: Date } | undefined }> {
      const cartId = readReminderLink(deps.secret, 'bag', token, clock());
      if (!cartId) throw new NotFound(LINK_NOT_VALID);
      const origin = await repo.byCart(cartId);
      if (!origin) throw new NotFound(BAG_GONE);
      if (origin.orderId !== null || origin.cartOrderId !== null)
        return { answer: { status: 'ordered' }, session: sessionId ? { id: sessionId } : undefined };
      await repo.noteRestored(cartId, clock());

      // The bag's own session, still live: it is already this visitor's bag.
      if (sessionId && sessionId === origin.cartSessionId) {
        const own = await deps.cart.lines(sessionId);
        if (own.liveUntil) {
          const count = own.lines.reduce((n, l) => n + l.quantity, 0);
          return { answer: { status: 'restored', count, missing: [] }, session: { id: sessionId } };
        }
      }

      const snapshot = await deps.catalog.snapshot();
      const stored = await repo.linesOf(db, cartId);
      const { live, stale } = describeBag(snapshot, stored);
      const missing = stored.filter((s) => stale.includes(s.id)).map(() => 'A piece no longer in the shop');
      const current = sessionId ? (await deps.cart.lines(sessionId)).lines : [];
      let session: { id: string; expiresAt?: Date } | undefined = sessionId ? { id: sessionId } : undefined;
      let count = current.reduce((n, l) => n + l.quantity, 0);
      const sameLine = (a: { url: string; product_type: string; color: string; size: string }, b: typeof a) =>
        a.url === b.url && a.product_type === b.product_type && a.color === b.color && a.size === b.size;

      for (const { line, stored: s } of live) {
        try {
          if (s.giftCard) {
            const card = s.giftCard;
            const there = current.some(
              (c) =>
                c.giftCard?.recipientEmail === card.recipientEmail &&
                c.giftCard.amount * 100 === card.amountCents &&
                c.giftCard.sendOn === card.sendOn,
            );
            if (there) continue;
            const written = await deps.cart.addGiftCard(session?.id, {
              amount: card.amountCents / 100,
              recipientName: card.recipientName,
              recipientEmail: card.recipientEmail,
              senderName: card.senderName,
              message: card.message,
              sendOn: card.sendOn,
            });
            count = written.count;
            if (written.newSession) session = written.newSession;
            continue;
          }
          const have = current.filter((c) => sameLine(c, line)).reduce((n, c) => n + c.quantity, 0);
          const short = s.quantity - have;
          if (short <= 0) continue;
          const selection: Selection = {
            url: line.url,
            product_type: line.product_type,
            product_name: '',
            color: line.color,
            size: line.piece_sizes ? '' : line.size,
            ...(line.piece_sizes ? { piece_sizes: line.piece_sizes } : {}),
          };
          const written = await deps.cart.add(
            session?.id,
            Array.from({ length: short }, () => selection),
          );
          count = written.count;
          if (written.newSession) session = written.newSession;
        } catch (err) {
          // Sold out, fewer left, the bag full: the rest still comes back, and the shopper is told.
          if (!(err instanceof AppError && err.statusCode < 500)) throw err;
          missing.push(s.giftCard ? `Gift card for ${s.giftCard.recipientName}` : lineName(line));
        }
      }

      if (session) {
        const into = await carts.bagOf(session.id, clock());
        if (into.cartId) await repo.recordRestored(origin, { cartId: into.cartId, sessionId: session.id });
      }
      return { answer: { status: 'restored', count, missing }, session };
    },

    /** POST /stopReminders (and the one-click form): no more checkout reminders to that address. */
    async stopReminders(token: string): Promise<{ ok: true }> {
      const cartId = readReminderLink(deps.secret, 'stop-reminders', token, clock());
      if (!cartId || !(await repo.optOut(cartId))) throw new NotFound(LINK_NOT_VALID);
      return { ok: true };
    },
  };
}
export type AbandonedService = ReturnType<typeof abandonedService>;
