// Issue 27 #6: reviews from shoppers, with fit. The tracking email invites a review of each piece
// through a signed link; the review waits for the owner (or staff); only approved ones are shown,
// counted, summed up by fit and carried in the product's JSON-LD.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Product, Review } from '../../src/contract/catalog.js';
import {
  ALREADY_REVIEWED,
  REVIEW_LINK_INVALID,
  type AdminReviewsAnswer,
  type ReviewLinkAnswer,
} from '../../src/contract/reviews.js';
import { activity, emailOutbox, reviews } from '../../src/server/db/schema.js';
import { signLink } from '../../src/server/http/signed-link.js';
import { signReviewLink } from '../../src/server/modules/reviews/review-links.js';
import { type AdminTestApp, createAdminTestApp } from '../support/admin-session.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];
let orderId: number;
let bra: Item;
let thong: Item;
/** The tracking email's review links, by item id. */
let links: Map<string, string>;

const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const openLink = (token: string) => get(`/reviewLink?t=${encodeURIComponent(token)}`);
const review = (token: string, extra: object = {}) =>
  post('/submitReview', {
    token,
    rating: 4,
    title: 'Lovely',
    text: 'Soft and it stays put.',
    name: 'Anna',
    fit: 'true-to-size',
    ...extra,
  });
const product = async (url: string) => (await get(`/product?url=${url}`)).json() as Product;
const listed = async (productId: string) =>
  ((await post('/listReviewsByProductId', { productId })).json() as { reviews: Review[] }).reviews;
const queue = async (status = 'pending') =>
  (await t.admin('GET', `/admin/api/reviews?status=${status}`)).json() as AdminReviewsAnswer;
const idOf = async (itemId: string) =>
  (
    await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.orderId, orderId), eq(reviews.itemId, itemId)))
  )[0]!.id;

beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
  all = await storefrontItems(t.app);
  bra = all.find((i) => i.url === 'tulle-longline-bra')!;
  thong = all.find((i) => i.url === 'satin-thong')!;
  const braPiece = selectionOf(all, bra.url);
  orderId = await placeOrder(t.app, { pieces: [braPiece, braPiece, selectionOf(all, thong.url)] });
  const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
    orderId,
    trackingNumber: 'TRK-REVIEW-1',
    trackingUrlLink: 'https://track.example/TRK-REVIEW-1',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, US_SHOPPER.email), eq(emailOutbox.kind, 'order_shipped')))
    .orderBy(desc(emailOutbox.id));
  const found = [...mail!.text.matchAll(/Write a review (\S+\/review\?t=\S+)/g)].map((m) => m[1]!);
  links = new Map(
    await Promise.all(
      found.map(async (url) => [((await openLink(tokenOf(url))).json() as ReviewLinkAnswer).item._id, url] as const),
    ),
  );
});
afterAll(() => t.close());

describe('the tracking email', () => {
  it("invites 'Write a review' once for each item of the order, in both parts", async () => {
    expect([...links.keys()].sort()).toEqual([bra._id, thong._id].sort());
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_shipped'));
    expect(mail!.html).toContain('Write a review');
    expect(mail!.html).toContain(`/review?t=${tokenOf(links.get(bra._id)!)}`);
  });
});

describe('GET /reviewLink', () => {
  it('answers the piece as bought and the first name of the order', async () => {
    const res = await openLink(tokenOf(links.get(bra._id)!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      orderId,
      name: US_SHOPPER.firstName,
      item: { _id: bra._id, title: bra.title, url: bra.url },
    });
  });

  it('refuses a forged, expired, tampered or other-purpose link as not valid', async () => {
    const secret = t.config.sessionSecret;
    const past = new Date(Date.now() - 400 * 86_400_000);
    const good = tokenOf(links.get(bra._id)!);
    const [subject, expires, mac] = good.split('.') as [string, string, string];
    const tokens = [
      signReviewLink('not-the-shop-secret-at-all-000000', { orderId, itemId: bra._id }, new Date()),
      signReviewLink(secret, { orderId, itemId: bra._id }, past),
      `${Buffer.from(`${orderId}|${thong._id}`).toString('base64url')}.${expires}.${mac}`,
      `${subject}.${expires}.${mac.slice(0, -2)}xx`,
      signLink(secret, 'order-status', `${orderId}|${bra._id}`, new Date(Date.now() + 86_400_000)),
      // Signed by the shop, but for an item the order does not hold, or an order that does not exist.
      signReviewLink(
        secret,
        { orderId, itemId: all.find((i) => ![bra._id, thong._id].includes(i._id))!._id },
        new Date(),
      ),
      signReviewLink(secret, { orderId: 1_234_567_890, itemId: bra._id }, new Date()),
      'not-a-token',
    ];
    for (const token of tokens) {
      for (const res of [await openLink(token), await review(token)]) {
        expect({ token, status: res.statusCode, message: res.json().message }).toEqual({
          token,
          status: res.statusCode === 400 ? 400 : 404,
          message: REVIEW_LINK_INVALID,
        });
      }
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toHaveLength(0);
  });
});

describe('POST /submitReview', () => {
  it('refuses what is missing or wrong with a message a person understands', async () => {
    const token = tokenOf(links.get(thong._id)!);
    const cases: [object, string][] = [
      [{ rating: 0 }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 6 }, 'Please choose a rating from 1 to 5 stars'],
      [{ rating: undefined }, 'Please choose a rating from 1 to 5 stars'],
      [{ title: '   ' }, 'Please give your review a title'],
      [{ text: '' }, 'Please write your review'],
      [{ name: '' }, 'Please enter your name'],
      [{ fit: 'perfect' }, 'Please choose how it fits'],
      [{ text: 'x'.repeat(2001) }, 'The review is at most 2000 characters'],
    ];
    for (const [extra, message] of cases) {
      const res = await review(token, extra);
      expect({ extra, status: res.statusCode, message: res.json().message }).toEqual({
        extra,
        status: 400,
        message: expect.stringContaining(message),
      });
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toHaveLength(0);
  });

  it('keeps a review pending: not listed, not counted, not in the JSON-LD', async () => {
    const res = await review(tokenOf(links.get(bra._id)!), { rating: 5, fit: 'runs-small' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    expect(await listed(bra._id)).toEqual([]);
    expect((await product(bra.url)).rating).toEqual({ average: 0, count: 0 });
    expect((await get(`/product/${bra.url}`)).body).not.toContain('aggregateRating');
    expect((await queue()).reviews.map((r) => r.productId)).toEqual([bra._id]);
  });

  it('makes one review of a double submit, and refuses the used link after', async () => {
    const token = tokenOf(links.get(bra._id)!);
    // The same review sent again (a retry after a lost answer) answers as the first did…
    const again = await review(token, { rating: 5, fit: 'runs-small' });
    expect(again.statusCode, again.body).toBe(200);
    // …another one through the same link is refused, and so is opening it.
    const other = await review(token, { title: 'Changed my mind' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ALREADY_REVIEWED);
    const opened = await openLink(token);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().message).toBe(ALREADY_REVIEWED);
    expect(await t.db.select().from(reviews).where(eq(reviews.itemId, bra._id))).toHaveLength(1);
  });

  it('makes one review of two submits at the same moment', async () => {
    const token = tokenOf(links.get(thong._id)!);
    const answers = await Promise.all([
      review(token, { title: 'First', fit: null }),
      review(token, { title: 'Second', fit: null }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(reviews).where(eq(reviews.itemId, thong._id))).toHaveLength(1);
  });
});

describe('moderation', () => {
  it('answers 401 without an admin session', async () => {
    expect((await get('/admin/api/reviews')).statusCode).toBe(401);
    const id = await idOf(bra._id);
    expect((await post('/admin/api/moderateReview', { id, decision: 'approve' })).statusCode).toBe(401);
  });

  it('approves: the review is shown and counted, the fit summed up, the JSON-LD carries aggregateRating', async () => {
    const id = await idOf(bra._id);
    const res = await t.admin('POST', '/admin/api/moderateReview', { id, decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ _id: id, status: 'approved', fit: 'runs-small', rating: 5 });
    expect(await listed(bra._id)).toEqual([
      {
        _id: id,
        productId: bra._id,
        title: 'Lovely',
        description: 'Soft and it stays put.',
        rating: 5,
        authorName: 'Anna',
        fit: 'runs-small',
      },
    ]);
    const p = await product(bra.url);
    expect(p.rating).toEqual({ average: 5, count: 1 });
    expect(p.fit).toEqual({ 'runs-small': 1, 'true-to-size': 0, 'runs-large': 0, most: 'runs-small' });
    const html = (await get(`/product/${bra.url}`)).body;
    expect(html).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":5,"reviewCount":1/);
    const [entry] = await t.db.select().from(activity).where(eq(activity.kind, 'review.approved'));
    expect(entry).toMatchObject({ adminEmail: 'owner@murashki.test' });
    expect(entry!.summary).toContain('Approved the review "Lovely"');
    // Approving again changes nothing and records nothing.
    await t.admin('POST', '/admin/api/moderateReview', { id, decision: 'approve' });
    expect(await t.db.select().from(activity).where(eq(activity.kind, 'review.approved'))).toHaveLength(1);
    expect((await queue()).reviews.map((r) => r._id)).not.toContain(id);
    expect((await queue('approved')).reviews.map((r) => r._id)).toContain(id);
  });

  it('lets staff moderate; a rejected review is never shown nor counted', async () => {
    expect(
      (await t.admin('POST', '/admin/api/inviteStaff', { email: 'mod@example.com', role: 'staff' })).statusCode,
    ).toBe(200);
    const [invite] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'mod@example.com'))
      .orderBy(desc(emailOutbox.id));
    const inviteToken = invite!.text.match(/\/admin\/invite\/([A-Za-z0-9_-]+)/)![1];
    const joined = await post('/admin/acceptInvite', { token: inviteToken, password: 'a long enough password' });
    expect(joined.statusCode, joined.body).toBe(200);
    const staff = cookieFrom(joined, 'admin_sid')!;
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: staff, origin: t.config.publicUrl } });

    const pending = ((await as('GET', '/admin/api/reviews')).json() as AdminReviewsAnswer).reviews;
    expect(pending.map((r) => r.productId)).toEqual([thong._id]);
    const res = await as('POST', '/admin/api/moderateReview', { id: pending[0]!._id, decision: 'reject' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review.status).toBe('rejected');
    expect(await listed(thong._id)).toEqual([]);
    expect((await product(thong.url)).rating.count).toBe(0);
    const [entry] = await t.db.select().from(activity).where(eq(activity.kind, 'review.rejected'));
    expect(entry).toMatchObject({ adminEmail: 'mod@example.com' });
    // A rejected review still uses up its link.
    expect((await openLink(tokenOf(links.get(thong._id)!))).json().message).toBe(ALREADY_REVIEWED);
  });

  it("refuses an unknown review, a bad decision, and the owner's own reviews", async () => {
    const unknown = await t.admin('POST', '/admin/api/moderateReview', { id: 'f'.repeat(24), decision: 'approve' });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.admin('POST', '/admin/api/moderateReview', { id: 'f'.repeat(24), decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Decision is approve or reject');
    const [owners] = await t.db.select().from(reviews).where(eq(reviews.source, 'owner'));
    const own = await t.admin('POST', '/admin/api/moderateReview', { id: owners!.id, decision: 'reject' });
    expect(own.statusCode).toBe(404);
  });

  it("keeps the owner's reviews (spec §7 /admin/review) approved and counted as before", async () => {
    const res = await t.admin('POST', '/admin/review', {
      productId: bra._id,
      title: 'From the studio',
      description: 'Our favourite.',
      rating: 3,
      authorName: 'Murashki',
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = await product(bra.url);
    expect(p.rating).toEqual({ average: 4, count: 2 });
    // No fit said by the owner: the summary stays the shopper's.
    expect(p.fit?.most).toBe('runs-small');
  });
});

describe('text from shoppers', () => {
  it('is stored as typed and inert on the product page', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const braPiece = selectionOf(all, bra.url);
    const second = await placeOrder(t.app, { pieces: [braPiece] });
    const token = signReviewLink(t.config.sessionSecret, { orderId: second, itemId: bra._id }, new Date());
    const res = await review(token, { title: hostile, text: hostile, name: `Eve ${hostile}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.orderId, second));
    expect(row).toMatchObject({ title: hostile, description: hostile, authorName: `Eve ${hostile}` });
    await t.admin('POST', '/admin/api/moderateReview', { id: row!.id, decision: 'approve' });
    expect((await listed(bra._id)).find((r) => r._id === row!.id)?.title).toBe(hostile);
    const html = (await get(`/product/${bra.url}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
  });
});
