// Fault: the server process is killed (SIGKILL, no shutdown) while many orders are being placed
// (issue #8 item 4). The shop restarts on the same data and nothing is half-written: every order
// has its lines and consistent totals, its bag marked ordered and its confirmation in the outbox;
// tracked stock equals the starting stock less the pieces of the orders that exist; no payment
// was captured without an order; every order answered with a 200 exists; the shop serves again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client.js';
import type { OrderLine } from '../../src/server/db/schema.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
import {
  openSelections,
  prepareCheckout,
  shopData,
  type PreparedCheckout,
  type Selection,
  type ShopData,
} from '../support/fault-shop.js';
import { US_SHOPPER } from '../support/shoppers.js';

const CHECKOUTS = 24;
const keyOf = (url: string, type: string, color: string, size: string) => [url, type, color, size].join('|');

type StockRow = { url: string; type: string; color: string; size: string; stock: number | null; sold_out: boolean };
const stockSql = sql`
  select i.url, p.type, c.color_name as color, s.name as size, s.stock, s.sold_out
    from sizes s join colors c on c.id = s.color_id join product_types p on p.id = c.product_type_id join items i on i.id = p.item_id
    where s.piece = ''`; // single pieces only: a set's pieces share size names (issue 27), and no checkout here buys a set

describe('a shop killed during order placement', () => {
  let data: ShopData;
  let shop: ShopProcess | undefined;
  const initial = new Map<string, number>();

  beforeAll(async () => {
    data = await shopData();
    const database = await data.open();
    try {
      for (const r of rowsOf<StockRow>(await database.db.execute(stockSql))) {
        if (r.stock !== null) initial.set(keyOf(r.url, r.type, r.color, r.size), Number(r.stock));
      }
    } finally {
      await database.close();
    }
    shop = await startShop({ ...data.env, LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await shop?.stop();
    await data?.cleanup();
  });

  it('restarts with no half-written order, consistent stock and no payment taken without an order', async () => {
    expect(initial.size).toBeGreaterThan(0);
    // Tracked sizes with the least stock, so that concurrent checkouts compete for the last pieces.
    const tracked = (await openSelections(shop!.url))
      .filter((s) => (initial.get(keyOf(s.url, s.product_type, s.color, s.size)) ?? 0) > 0)
      .sort(
        (a, b) =>
          initial.get(keyOf(a.url, a.product_type, a.color, a.size))! -
          initial.get(keyOf(b.url, b.product_type, b.color, b.size))!,
      )
      .slice(0, 8);
    expect(tracked.length).toBeGreaterThan(1);

    // Prepare every checkout up to its final call, a few at a time.
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < CHECKOUTS; i += 6) {
      const batch = Array.from({ length: Math.min(6, CHECKOUTS - i) }, (_, j) => {
        const n = i + j;
        const pieces: Selection[] = [tracked[n % tracked.length]!];
        if (n % 3 === 0) pieces.push(tracked[(n + 1) % tracked.length]!);
        return prepareCheckout(shop!.url, pieces, { ...US_SHOPPER, email: `kill-${n}@example.com` });
      });
      prepared.push(...(await Promise.all(batch)));
    }

    // Fire them all; kill the process the moment the first order is answered.
    const child = shop!.child;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const answered: number[] = [];
    let interrupted = 0;
    const statuses: number[] = [];
    await Promise.all(
      prepared.map(async (c) => {
        try {
          const res = await c.place();
          statuses.push(res.status);
          if (res.status === 200) {
            answered.push(((await res.json()) as { orderId: number }).orderId);
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          } else {
            await res.text();
          }
        } catch {
          interrupted++; // the connection died with the process
        }
      }),
    );
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(answered.length, `statuses ${statuses.join(',')}`).toBeGreaterThanOrEqual(1);
    expect(interrupted, 'the kill must interrupt checkouts in flight').toBeGreaterThanOrEqual(1);
    // Only 200 (placed) or 409 (sold out) before the kill; never a 500.
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);

    // Restart on the same data: the shop answers, and a retried checkout makes at most one order.
    shop = await startShop({ ...data.env, LOG_LEVEL: 'error' });
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${shop.url}/getAllItems`)).status).toBe(200);
    const retried = await prepared[prepared.length - 1]!.place(shop.url);
    expect([200, 409]).toContain(retried.status);
    const fresh = await prepareCheckout(shop.url, [(await openSelections(shop.url))[0]!], {
      ...US_SHOPPER,
      email: 'after-restart@example.com',
    });
    const after = await fresh.place();
    expect(after.status, await after.clone().text()).toBe(200);
    await shop.stop();
    shop = undefined;

    const database = await data.open();
    try {
      const db = database.db;
      type OrderRow = {
        id: string;
        lines: OrderLine[];
        cart_id: string;
        email: string;
        payment_reference: string | null;
        subtotal_cents: number;
        discount_cents: number;
        shipping_cents: number;
        tax_cents: number;
        total_cents: number;
      };
      const orders = rowsOf<OrderRow>(
        await db.execute(
          sql`select id, lines, cart_id, email, payment_reference, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents from orders`,
        ),
      );
      const ids = new Set(orders.map((o) => Number(o.id)));
      for (const id of answered) expect(ids.has(id), `order ${id} was answered 200 but is gone`).toBe(true);
      expect(orders.some((o) => o.email === 'after-restart@example.com')).toBe(true);

      // Every order whole: lines, totals that add up, its bag marked ordered, one confirmation queued.
      const carts = new Map(
        rowsOf<{ id: string; order_id: string | null }>(await db.execute(sql`select id, order_id from carts`)).map(
          (c) => [c.id.trim(), c.order_id],
        ),
      );
      const confirmations = rowsOf<{ to: string }>(
        await db.execute(sql`select "to" from email_outbox where kind = 'order_confirmation'`),
      ).map((r) => r.to);
      for (const o of orders) {
        expect(o.lines.length, `order ${o.id} has no lines`).toBeGreaterThan(0);
        const subtotal = o.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        expect(o.subtotal_cents, `order ${o.id} subtotal`).toBe(subtotal);
        expect(o.total_cents, `order ${o.id} total`).toBe(
          o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents,
        );
        expect(Number(carts.get(o.cart_id.trim())), `order ${o.id} bag`).toBe(Number(o.id));
        expect(
          confirmations.filter((to) => to === o.email),
          `order ${o.id} confirmation`,
        ).toHaveLength(1);
      }
      // No bag marked ordered by an order that does not exist.
      for (const [cartId, orderId] of carts)
        if (orderId !== null) expect(ids.has(Number(orderId)), `bag ${cartId}`).toBe(true);

      // Stock: starting stock less the pieces in the orders that exist, for every tracked size.
      const sold = new Map<string, number>();
      for (const o of orders)
        for (const l of o.lines) {
          const k = keyOf(l.url, l.productType, l.color, l.size);
          sold.set(k, (sold.get(k) ?? 0) + l.quantity);
        }
      const now = rowsOf<StockRow>(await db.execute(stockSql));
      let checked = 0;
      for (const r of now) {
        const k = keyOf(r.url, r.type, r.color, r.size);
        if (!initial.has(k)) continue;
        expect(Number(r.stock), `stock of ${k}`).toBe(initial.get(k)! - (sold.get(k) ?? 0));
        if (Number(r.stock) === 0) expect(r.sold_out, `${k} sold out at 0`).toBe(true);
        checked++;
      }
      expect(checked).toBe(initial.size);
      expect([...sold.keys()].some((k) => initial.has(k))).toBe(true);

      // No money taken without an order.
      const captured = rowsOf<{ id: string }>(
        await db.execute(sql`select id from sandbox_payments where status = 'succeeded' or amount_captured_cents > 0`),
      );
      const references = new Set(orders.map((o) => o.payment_reference));
      for (const p of captured) expect(references.has(p.id), `captured payment ${p.id} has no order`).toBe(true);
      expect(captured.length).toBeGreaterThanOrEqual(answered.length);
      const uncaptured = orders
        .filter((o) => !captured.some((p) => p.id === o.payment_reference))
        .map((o) => Number(o.id));
      console.info(
        `kill test: ${answered.length} answered, ${interrupted} interrupted, ${orders.length} orders (incl. 1 after restart), not captured: ${uncaptured.join(',') || 'none'}`,
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
