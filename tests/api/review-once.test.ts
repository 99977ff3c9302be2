// Issue 24 item 9: a new review sent twice with the same request (a double click on Save, a retry)
// makes one review; the form chooses the new review's id (createId) when the review is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Review } from '../../src/contract/catalog.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let item: Item;
let other: Item;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  [item, other] = (await storefrontItems(t.app)).slice(3, 5) as [Item, Item];
});
afterAll(() => t.close());

const reviewsOf = async (productId: string) =>
  (
    (await t.app.inject({ method: 'POST', url: '/listReviewsByProductId', payload: { productId } })).json() as {
      reviews: Review[];
    }
  ).reviews;

describe('POST /admin/review with createId', () => {
  it('the same new review sent twice, even at once, makes one review and answers it both times', async () => {
    const before = (await reviewsOf(item._id)).length;
    const body = {
      createId: 'ab'.repeat(12),
      productId: item._id,
      title: 'Soft and light',
      description: 'Lovely.',
      rating: 4,
      authorName: 'Mira',
    };
    const [a, b] = await Promise.all([t.admin('POST', '/admin/review', body), t.admin('POST', '/admin/review', body)]);
    const again = await t.admin('POST', '/admin/review', body);
    for (const res of [a, b, again]) expect(res.statusCode, res.body).toBe(200);
    expect(new Set([a, b, again].map((r) => r.json().review._id))).toEqual(new Set(['ab'.repeat(12)]));
    const after = await reviewsOf(item._id);
    expect(after).toHaveLength(before + 1);
    expect(after.filter((r) => r.title === 'Soft and light')).toHaveLength(1);
  });

  it('refuses a createId already taken by another item’s review (409), making nothing', async () => {
    const before = (await reviewsOf(other._id)).length;
    const res = await t.admin('POST', '/admin/review', {
      createId: 'ab'.repeat(12),
      productId: other._id,
      title: 'Other',
      authorName: 'Ann',
    });
    expect(res.statusCode).toBe(409);
    expect(await reviewsOf(other._id)).toHaveLength(before);
  });

  it('without createId, a new review is made each time (the old calls keep working)', async () => {
    const before = (await reviewsOf(other._id)).length;
    const body = { productId: other._id, title: 'Plain', authorName: 'Ann' };
    expect((await t.admin('POST', '/admin/review', body)).statusCode).toBe(200);
    expect(await reviewsOf(other._id)).toHaveLength(before + 1);
  });
});
