// Orders to act on (issue 28 #6): the Orders tab's 'To ship', 'Returns to handle' and 'All', 10 a page
// (spec §9), combined with the search; getPlacedOrders without them answers as spec §7 says; the
// Overview's counts (ordersToAct) equal the filtered lists; each filter reads its partial index.
// Orders are placed through the real checkout, shipped and returned through the owner's and shopper's calls.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { PlacedOrder } from '../../src/contract/orders.js';
import { orders, sizes } from '../../src/server/db/schema.js';
import { ordersToAct, RETURNS_TO_HANDLE, TO_SHIP } from '../../src/server/modules/orders/orders-to-act.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
/** The orders placed, oldest first. */
const placed: number[] = [];

const list = async (query = '') => {
  const res = await t.admin('GET', `/admin/api/getPlacedOrders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlacedOrder[]).map((o) => o.id);
};
/** Orders by their place in `placed`, newest first as the tab lists them. */
const newestFirst = (...indexes: number[]) => indexes.map((i) => placed[i]!).reverse();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

let clients = 0;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  await t.db.update(sizes).set({ stock: 500, soldOut: false }).where(sql`${sizes.stock} is not null`);
  await t.app.ctx.services.readModel.invalidate();
  all = await storefrontItems(t.app);
  const piece = selectionOf(all, 'silk-balconette-bra');
  // 14 orders; #3, #5 and #6 (0-based) to Grace Hopper.
  for (const i of range(0, 13))
    placed.push(
      await placeOrder(t.app, {
        pieces: [piece],
        ...([3, 5, 6].includes(i)
          ? { shopper: { ...US_SHOPPER, lastName: 'Hopper', email: 'grace@example.com' } }
          : {}),
      }),
    );
  // The owner ships #0 to #3; the shoppers of #0 and #1 ask for a return; #1's is refunded.
  for (const orderId of placed.slice(0, 4)) {
    const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId,
      trackingNumber: `TRK${orderId}`,
      trackingUrlLink: `https://track.example/${orderId}`,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  }
  for (const orderId of placed.slice(0, 2)) {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/requestReturn',
      payload: { creditSelected: false, orderId, items: [{ index: 0, quantity: 1 }], international: false },
      remoteAddress: `10.8.0.${++clients}`,
    });
    expect(requested.statusCode, requested.body).toBe(200);
  }
  const refunded = await t.admin('POST', '/admin/api/refundReturn', {
    orderId: placed[1],
    method: 'store_credit',
    restock: false,
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
}, 180_000);
afterAll(() => t?.close());

describe('GET /admin/api/getPlacedOrders?filter=&page=', () => {
  it('answers as before without a filter or page: the 10 newest of all', async () => {
    expect(await list()).toEqual(newestFirst(...range(4, 13)));
    expect(await list('?filter=all')).toEqual(newestFirst(...range(4, 13)));
    expect(await list('?filter=all&page=0')).toEqual(newestFirst(...range(4, 13)));
  });

  it("pages through 'All' 10 at a time, newest first; past the end is empty", async () => {
    expect(await list('?page=1')).toEqual(newestFirst(...range(0, 3)));
    expect(await list('?filter=all&page=2')).toEqual([]);
  });

  it("'To ship': orders not processed and not refunded, 10 a page", async () => {
    expect(await list('?filter=to-ship')).toEqual(newestFirst(...range(4, 13)));
    expect(await list('?filter=to-ship&page=1')).toEqual([]);
    // Shipping the newest moves the next one up to the first page.
    const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: placed[13],
      trackingNumber: 'TRK-LAST',
      trackingUrlLink: 'https://track.example/last',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await list('?filter=to-ship')).toEqual(newestFirst(...range(4, 12)));
  });

  it("'Returns to handle': a return requested and not refunded yet", async () => {
    expect(await list('?filter=returns')).toEqual([placed[0]]);
    expect(await list('?filter=returns&page=1')).toEqual([]);
  });

  it('combines a filter with the search by last name or order number', async () => {
    expect(await list('?filter=to-ship&search=hopper')).toEqual(newestFirst(5, 6));
    expect(await list('?filter=all&search=HOPPER')).toEqual(newestFirst(3, 5, 6));
    expect(await list('?filter=returns&search=hopper')).toEqual([]);
    expect(await list(`?filter=returns&search=${encodeURIComponent(`#${placed[0]}`)}`)).toEqual([placed[0]]);
    expect(await list(`?filter=to-ship&search=${placed[0]}`)).toEqual([]);
  });

  it('refuses an unknown filter or a bad page with a 400 that says so', async () => {
    const bad = await t.admin('GET', '/admin/api/getPlacedOrders?filter=shipped');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filter must be one of "all", "to-ship", "returns"');
    expect((await t.admin('GET', '/admin/api/getPlacedOrders?page=-1')).statusCode).toBe(400);
    expect((await t.admin('GET', '/admin/api/getPlacedOrders?page=two')).statusCode).toBe(400);
  });
});

describe('ordersToAct (the Overview’s counts)', () => {
  /** Every page of a filter, as the Orders tab's Next would walk them. */
  const everyPage = async (filter: string) => {
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const got = await list(`?filter=${filter}&page=${page}`);
      ids.push(...got);
      if (got.length < 10) return ids;
    }
  };

  it('equals the lists behind the filters', async () => {
    const counts = await ordersToAct(t.db);
    expect(counts).toEqual({ toShip: 9, returnsToHandle: 1 });
    expect((await everyPage('to-ship')).length).toBe(counts.toShip);
    expect((await everyPage('returns')).length).toBe(counts.returnsToHandle);
  });

  it('does not count an order refunded before it shipped as one to ship', async () => {
    const orderId = placed[12]!;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await t.db
      .update(orders)
      .set({
        returnRequest: {
          creditSelected: false,
          items: [{ index: 0, quantity: 1 }],
          subtotalCents: row!.subtotalCents,
          discountCents: 0,
          taxCents: row!.taxCents,
          totalRefundCents: row!.subtotalCents + row!.taxCents,
          international: false,
          requestedAt: new Date().toISOString(),
          refundedAt: new Date().toISOString(),
        },
      })
      .where(eq(orders.id, orderId));
    expect(await ordersToAct(t.db)).toEqual({ toShip: 8, returnsToHandle: 1 });
    expect(await list('?filter=to-ship')).not.toContain(orderId);
  });

  it('reads each filter from its partial index', async () => {
    const plan = async (where: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select id from orders where ${where} order by created_at desc, id desc limit 10`,
        );
        return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
      });
    expect(await plan(TO_SHIP)).toContain('orders_to_ship_idx');
    expect(await plan(RETURNS_TO_HANDLE)).toContain('orders_returns_to_handle_idx');
  });
});
