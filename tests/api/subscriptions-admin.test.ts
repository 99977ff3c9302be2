// The owner's Subscriptions tab (spec §2): subscribers newest first with their back-in-stock
// requests, and how many shoppers wait for each size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import type { BackInStockDemand, Subscription } from '../../src/contract/marketing.js';
import { adminCookie } from '../support/admin-session.js';
import { createTestApp, storefrontItems, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let all: Item[];
beforeAll(async () => {
  t = await createTestApp({ fixture: 'demo' });
  admin = await adminCookie(t);
  all = await storefrontItems(t.app);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const signUp = async (body: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/newsletterSub', payload: body });
  expect(res.statusCode, res.body).toBe(200);
};

/** Sold-out sizes of published items, as the product page would send them. */
function soldOut() {
  return all.flatMap((item) =>
    item.available_products.flatMap((p) =>
      p.colors.flatMap((c, colorIndex) =>
        c.available_sizes.flatMap((s, sizeIndex) =>
          s.sold_out
            ? [
                {
                  item,
                  selection: {
                    url: item.url,
                    product_type: p.type,
                    product_name: p.name,
                    color: c.color_name,
                    colorIndex,
                    size: s.name,
                    sizeIndex,
                    isSoldOut: true,
                  },
                },
              ]
            : [],
        ),
      ),
    ),
  );
}

describe('subscriptions tab', () => {
  it('needs an admin session', async () => {
    for (const url of ['/admin/api/getAllSubscriptions', '/admin/api/getBackInStockDemand']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lists subscribers newest first with their requests, and counts who waits for each size', async () => {
    const [first, second] = soldOut();
    await signUp({ email: 'reader@example.com' });
    await signUp({ email: 'wants-one@example.com', itemData: [first!.selection] });
    await signUp({ email: 'wants-both@example.com', itemData: [first!.selection, second!.selection] });

    const subscribers = await get<Subscription[]>('/admin/api/getAllSubscriptions');
    expect(subscribers.map((s) => s.email)).toEqual([
      'wants-both@example.com',
      'wants-one@example.com',
      'reader@example.com',
    ]);
    expect(subscribers[2]).toMatchObject({ newsletter: true, unsubscribed: false, requestedNotifications: [] });
    expect(subscribers[0]!.newsletter).toBe(false);
    expect(subscribers[0]!.requestedNotifications).toEqual([
      {
        title: first!.item.title,
        url: first!.item.url,
        product_type: first!.selection.product_type,
        color: first!.selection.color,
        size: first!.selection.size,
        notified: false,
      },
      expect.objectContaining({ title: second!.item.title, size: second!.selection.size }),
    ]);

    const demand = await get<BackInStockDemand>('/admin/api/getBackInStockDemand');
    expect(demand[0]).toEqual({
      title: first!.item.title,
      url: first!.item.url,
      product_type: first!.selection.product_type,
      color: first!.selection.color,
      size: first!.selection.size,
      waiting: 2,
    });
    expect(demand[1]).toMatchObject({ title: second!.item.title, waiting: 1 });

    const older = await get<Subscription[]>(
      `/admin/api/getAllSubscriptions?before=${encodeURIComponent(subscribers[1]!.createdAt)}`,
    );
    expect(older.map((s) => s.email)).toEqual(['reader@example.com']);
  });
});
