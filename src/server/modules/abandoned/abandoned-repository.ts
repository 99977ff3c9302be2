// The SQL of abandoned checkouts (issue 28 #4): one row per bag that gave an email at the contact
// step (checkout_reminders), the addresses that want no reminders (reminder_opt_outs), and the
// reminder job's claim. Times are passed in, so the test clock decides what 'abandoned' means.
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { cartGiftCards, cartLines, carts, checkoutReminders, reminderOptOuts } from '../../db/schema.js';
import { giftCardLine, type StoredLine } from '../cart/cart-repository.js';

const iso = (v: string | Date) => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));

/** A row of the Abandoned tab, with its bag as it is now. */
export type OpenCheckoutRow = {
  cartId: string;
  email: string;
  wantsReminder: boolean;
  emailGivenAt: string;
  remindedAt: string | null;
  restoredAt: string | null;
  optedOut: boolean;
  pieces: { title: string; url: string; color: string; size: string; quantity: number }[];
  valueCents: number;
};

/** A reminder claimed by the job: whom to write to and which bag. */
export type ClaimedReminder = { cartId: string; email: string; firstName: string };

export function abandonedRepository(db: Db) {
  return {
    /**
     * The contact step was sent: the session's open bag (when it holds something) gets its row, made
     * or brought up to date, in one statement. `wantsReminder` undefined keeps the earlier choice.
     */
    async record(row: { sessionId: string; email: string; wantsReminder: boolean | undefined }, now: Date) {
      const wants = row.wantsReminder;
      await db.execute(sql`
        insert into checkout_reminders (cart_id, session_id, email, wants_reminder, email_given_at)
        select c.id, ${row.sessionId}, ${row.email}, ${wants ?? false}, ${now.toISOString()}
          from carts c
         where c.session_id = ${row.sessionId} and c.order_id is null
           and (exists (select 1 from cart_lines l where l.cart_id = c.id)
                or exists (select 1 from cart_gift_cards g where g.cart_id = c.id))
         order by c.created_at desc, c.id desc
         limit 1
        on conflict (cart_id) do update set session_id = excluded.session_id, email = excluded.email,
          email_given_at = excluded.email_given_at
          ${wants === undefined ? sql`` : sql`, wants_reminder = excluded.wants_reminder`}`);
    },

    /**
     * In the order's transaction: the bag became `orderId`, and so did the bag a reminder's link
     * filled it from. Locks the rows, so a reminder claimed meanwhile waits for this, then sees it.
     */
    async markOrdered(tx: Tx, cartId: string, orderId: number) {
      await tx.execute(sql`
        update checkout_reminders set order_id = ${orderId}
         where order_id is null and (cart_id = ${cartId}
            or cart_id = (select restored_from from checkout_reminders where cart_id = ${cartId}))`);
    },

    /** The undo of an order that could not be paid: its bags are open again. */
    async unmarkOrdered(tx: Tx, orderId: number) {
      await tx.update(checkoutReminders).set({ orderId: null }).where(eq(checkoutReminders.orderId, orderId));
    },

    /** A bag's row, with the cart's own order and session. */
    async byCart(cartId: string) {
      const [row] = await db
        .select({
          cartId: checkoutReminders.cartId,
          email: checkoutReminders.email,
          emailGivenAt: checkoutReminders.emailGivenAt,
          remindedAt: checkoutReminders.remindedAt,
          orderId: checkoutReminders.orderId,
          cartOrderId: carts.orderId,
          cartSessionId: carts.sessionId,
        })
        .from(checkoutReminders)
        .innerJoin(carts, eq(carts.id, checkoutReminders.cartId))
        .where(eq(checkoutReminders.cartId, cartId));
      return row;
    },

    /** A bag's stored lines (pieces in the order added, then gift cards), whatever session holds it. */
    async linesOf(executor: Db | Tx, cartId: string): Promise<StoredLine[]> {
      const [pieces, cards] = await Promise.all([
        executor
          .select({
            id: cartLines.id,
            itemId: cartLines.itemId,
            productType: cartLines.productType,
            color: cartLines.color,
            size: cartLines.size,
            quantity: cartLines.quantity,
          })
          .from(cartLines)
          .where(eq(cartLines.cartId, cartId))
          .orderBy(asc(cartLines.id)),
        executor
          .select({
            id: cartGiftCards.id,
            amountCents: cartGiftCards.amountCents,
            recipientName: cartGiftCards.recipientName,
            recipientEmail: cartGiftCards.recipientEmail,
            senderName: cartGiftCards.senderName,
            message: cartGiftCards.message,
            sendOn: cartGiftCards.sendOn,
          })
          .from(cartGiftCards)
          .where(eq(cartGiftCards.cartId, cartId))
          .orderBy(asc(cartGiftCards.id)),
      ]);
      return [...pieces, ...cards.map(giftCardLine)];
    },

    /** The reminder's link was opened. */
    async noteRestored(cartId: string, now: Date) {
      await db.update(checkoutReminders).set({ restoredAt: now }).where(eq(checkoutReminders.cartId, cartId));
    },

    /**
     * The visitor's bag that a reminder's link filled: it carries the first bag's email and reminder
     * (so it is not reminded again, and its order counts as recovered) and names the bag it came from.
     */
    async recordRestored(
      origin: { cartId: string; email: string; emailGivenAt: Date; remindedAt: Date | null },
      into: { cartId: string; sessionId: string },
    ) {
      if (into.cartId === origin.cartId) return;
      await db
        .insert(checkoutReminders)
        .values({
          cartId: into.cartId,
          sessionId: into.sessionId,
          email: origin.email,
          wantsReminder: false,
          emailGivenAt: origin.emailGivenAt,
          remindedAt: origin.remindedAt,
          restoredFrom: origin.cartId,
        })
        .onConflictDoUpdate({
          target: checkoutReminders.cartId,
          set: {
            restoredFrom: origin.cartId,
            remindedAt: sql`coalesce(${checkoutReminders.remindedAt}, excluded.reminded_at)`,
          },
        });
    },

    /** No more reminders to the address of this bag's row; false when the bag is not known. */
    async optOut(cartId: string): Promise<boolean> {
      const [row] = await db
        .select({ email: checkoutReminders.email })
        .from(checkoutReminders)
        .where(eq(checkoutReminders.cartId, cartId));
      if (!row) return false;
      await db.insert(reminderOptOuts).values({ email: row.email.trim().toLowerCase() }).onConflictDoNothing();
      return true;
    },

    /** Checkouts that gave their email at or before `cutoff` and placed no order: newest first, a page. */
    async openPage(cutoff: Date, offset: number, limit: number): Promise<{ rows: OpenCheckoutRow[]; total: number }> {
      const open = sql`r.order_id is null and r.restored_from is null and r.email_given_at <= ${cutoff.toISOString()}
        and c.order_id is null`;
      const [page, count] = await Promise.all([
        db.execute(sql`
          select r.cart_id, r.email, r.wants_reminder, r.email_given_at, r.reminded_at, r.restored_at,
                 exists (select 1 from reminder_opt_outs o where o.email = lower(r.email)) as opted_out,
                 coalesce(bag.pieces, '[]'::json) as pieces, coalesce(bag.value_cents, 0) + coalesce(cards.value_cents, 0) as value_cents,
                 coalesce(cards.pieces, '[]'::json) as cards
            from checkout_reminders r
            join carts c on c.id = r.cart_id
            left join lateral (
              select json_agg(json_build_object('title', coalesce(i.title, 'No longer in the shop'), 'url', coalesce(i.url, ''),
                       'color', l.color, 'size', l.size, 'quantity', l.quantity) order by l.id) as pieces,
                     sum(l.quantity * coalesce(p.price_cents, 0))::bigint as value_cents
                from cart_lines l
                left join items i on i.id = l.item_id
                left join product_types p on p.item_id = l.item_id and p.type = l.product_type
               where l.cart_id = r.cart_id
            ) bag on true
            left join lateral (
              select json_agg(json_build_object('title', 'Gift card', 'url', '', 'color', '',
                       'size', 'For ' || g.recipient_name, 'quantity', 1) order by g.id) as pieces,
                     sum(g.amount_cents)::bigint as value_cents
                from cart_gift_cards g where g.cart_id = r.cart_id
            ) cards on true
           where ${open}
           order by r.email_given_at desc, r.cart_id desc
           limit ${limit} offset ${offset}`),
        db.execute(
          sql`select count(*)::int as n from checkout_reminders r join carts c on c.id = r.cart_id where ${open}`,
        ),
      ]);
      type Row = {
        cart_id: string;
        email: string;
        wants_reminder: boolean;
        email_given_at: string | Date;
        reminded_at: string | Date | null;
        restored_at: string | Date | null;
        opted_out: boolean;
        pieces: OpenCheckoutRow['pieces'] | string;
        cards: OpenCheckoutRow['pieces'] | string;
        value_cents: number | string;
      };
      const json = (v: OpenCheckoutRow['pieces'] | string) => (typeof v === 'string' ? JSON.parse(v) : v);
      return {
        total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
        rows: rowsOf<Row>(page).map((r) => ({
          cartId: r.cart_id,
          email: r.email,
          wantsReminder: r.wants_reminder,
          emailGivenAt: iso(r.email_given_at),
          remindedAt: isoOrNull(r.reminded_at),
          restoredAt: isoOrNull(r.restored_at),
          optedOut: r.opted_out,
          pieces: [...json(r.pieces), ...json(r.cards)],
          valueCents: Number(r.value_cents),
        })),
      };
    },

    /**
     * The reminder job's claim, inside its transaction: bags abandoned between `oldest` and `cutoff`
     * whose shopper asked for a reminder, placed no order, did not opt out, and still hold something.
     * `update … where reminded_at is null … returning` with SKIP LOCKED: two copies of the job never
     * claim the same bag, and an order written meanwhile (markOrdered locks the row) is seen.
     */
    async claimDue(tx: Tx, window: { cutoff: Date; oldest: Date; now: Date }, limit: number) {
      const claimed = await tx.execute(sql`
        update checkout_reminders r set reminded_at = ${window.now.toISOString()}
         where r.cart_id in (
           select d.cart_id from checkout_reminders d
             join carts c on c.id = d.cart_id and c.order_id is null
            where d.wants_reminder and d.reminded_at is null and d.order_id is null
              and d.email_given_at <= ${window.cutoff.toISOString()} and d.email_given_at > ${window.oldest.toISOString()}
              and not exists (select 1 from reminder_opt_outs o where o.email = lower(d.email))
              and (exists (select 1 from cart_lines l where l.cart_id = d.cart_id)
                   or exists (select 1 from cart_gift_cards g where g.cart_id = d.cart_id))
            order by d.email_given_at
            limit ${limit}
            for update of d skip locked)
           and r.reminded_at is null and r.order_id is null
        returning r.cart_id, r.email,
          coalesce((select s.data->'shippingInfo'->>'firstName' from sessions s where s.id = r.session_id), '') as first_name`);
      return rowsOf<{ cart_id: string; email: string; first_name: string }>(claimed).map(
        (r): ClaimedReminder => ({ cartId: r.cart_id, email: r.email, firstName: r.first_name }),
      );
    },

    /** Reminders sent in [from, to), and the orders placed in it from reminded bags with their totals. */
    async stats(from: Date, to: Date) {
      const result = await db.execute(sql`
        select
          (select count(*) from checkout_reminders
            where reminded_at >= ${from.toISOString()} and reminded_at < ${to.toISOString()} and restored_from is null)::int as sent,
          count(o.id)::int as orders,
          coalesce(sum(o.total_cents), 0)::bigint as revenue_cents
        from orders o
        where o.created_at >= ${from.toISOString()} and o.created_at < ${to.toISOString()}
          and o.id in (select r.order_id from checkout_reminders r where r.reminded_at is not null and r.order_id is not null)`);
      const row = rowsOf<{ sent: number; orders: number; revenue_cents: number | string }>(result)[0];
      return {
        sent: Number(row?.sent ?? 0),
        orders: Number(row?.orders ?? 0),
        revenueCents: Number(row?.revenue_cents ?? 0),
      };
    },
  };
}
export type AbandonedRepository = ReturnType<typeof abandonedRepository>;
