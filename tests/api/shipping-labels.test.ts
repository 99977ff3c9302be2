// Shipping labels in the back office (issue 7; spec §7 getShippingOptions, markAsProcessed; §8 status
// ERROR with message[0].text): behind the admin gate, the rates for an order's parcel, one label per
// order even for two clicks at once, the order processed with the tracking, the shopper emailed, and
// the label a 4x6 inch PDF the owner can download. Shippo failures through a local fake of its API.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { emailOutbox, orders, shippingLabels } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { startShippoFake } from '../support/fakes/shippo-fake.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';
import { onDemoCatalog, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
let all: Item[];

beforeAll(async () => {
  ({ t, all } = await onDemoCatalog(createAdminTestApp));
});
afterAll(() => t.close());

/** Each order takes a unit of stock: the next size on offer of the next item. */
let placed = 0;
const order = async (shopper = US_SHOPPER) => {
  const items = await storefrontItems(t.app);
  const on = items.filter((i) =>
    i.available_products.some((p) => p.colors.some((c) => c.available_sizes.some((z) => !z.sold_out))),
  );
  return placeOrder(t.app, { pieces: [selectionOf(items, on[placed++ % on.length]!.url)], shopper });
};
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const shippedEmails = async (id: number) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_shipped'))).filter((m) =>
    m.subject.includes(`#${id}`),
  );
const labelsOf = (id: number) => t.db.select().from(shippingLabels).where(eq(shippingLabels.orderId, id));

describe('the admin gate', () => {
  it('answers 401 without an admin session for rates, purchase and label download; nothing is bought', async () => {
    const id = await order();
    const shopper = { origin: t.config.publicUrl };
    const rates = await t.app.inject({
      method: 'POST',
      url: '/admin/api/getShippingOptions',
      payload: { orderId: id },
      headers: shopper,
    });
    const buy = await t.app.inject({
      method: 'POST',
      url: '/admin/api/markAsProcessed',
      payload: { orderId: id, rateId: 'rate_table_usps_priority' },
      headers: shopper,
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/admin/api/label/${id}.pdf` });
    expect([rates.statusCode, buy.statusCode, pdf.statusCode]).toEqual([401, 401, 401]);
    expect(buy.json()).toMatchObject({ error: 'unauthorized' });
    expect(await labelsOf(id)).toHaveLength(0);
    expect((await orderRow(id)).processed).toBe(false);
  });
});

describe('rates', () => {
  it("answers the table carriers' rates for a US order in Shippo's shape, cheapest first", async () => {
    const id = await order();
    const res = await t.admin('POST', '/admin/api/getShippingOptions', { orderId: id });
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json() as {
      object_id: string;
      provider: string;
      provider_image_75: string;
      servicelevel: { name: string };
      amount: string;
    }[];
    expect(rates.map((r) => [r.object_id, r.provider, r.servicelevel.name, r.amount])).toEqual([
      ['rate_table_usps_ground_advantage', 'USPS', 'Ground Advantage', '5.45'],
      ['rate_table_usps_priority', 'USPS', 'Priority Mail', '9.35'],
      ['rate_table_ups_ground', 'UPS', 'Ground', '11.20'],
      ['rate_table_ups_second_day_air', 'UPS', '2nd Day Air', '24.80'],
    ]);
    expect(rates.every((r) => r.provider_image_75.startsWith('data:image/svg+xml'))).toBe(true);
  });

  it('answers international carriers for an order going abroad', async () => {
    const id = await order(FR_SHOPPER);
    const rates = (await t.admin('POST', '/admin/api/getShippingOptions', { orderId: id })).json() as {
      provider: string;
    }[];
    expect(rates.map((r) => r.provider)).toEqual(['USPS', 'DHL Express']);
  });

  it('answers 400 for a malformed order id and 404 for an unknown order', async () => {
    expect((await t.admin('POST', '/admin/api/getShippingOptions', { orderId: 'abc' })).statusCode).toBe(400);
    const missing = await t.admin('POST', '/admin/api/getShippingOptions', { orderId: 1_000_000_001 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no order #1000000001');
  });
});

describe('buying a label', () => {
  let id: number;
  let bought: { trackingNumber: string; trackingUrl: string; labelUrl: string };

  it('buys the chosen rate: the order is processed with the tracking and the label, and the shopper is emailed the link', async () => {
    id = await order();
    const res = await t.admin('POST', '/admin/api/markAsProcessed', {
      orderId: id,
      rateId: 'rate_table_usps_priority',
    });
    expect(res.statusCode, res.body).toBe(200);
    bought = res.json();
    expect(bought).toMatchObject({
      status: 'SUCCESS',
      orderId: id,
      processed: true,
      alreadyProcessed: false,
      emailed: true,
      labelUrl: `/admin/api/label/${id}.pdf`,
    });
    expect(bought.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(await orderRow(id)).toMatchObject({
      processed: true,
      trackingNumber: bought.trackingNumber,
      trackingUrl: bought.trackingUrl,
      labelUrl: bought.labelUrl,
    });

    const [mail] = await shippedEmails(id);
    expect(mail).toMatchObject({
      to: US_SHOPPER.email,
      subject: `Your Murashki order #${id} is on its way`,
      status: 'pending',
    });
    expect(mail!.text).toContain(`Track your parcel: ${bought.trackingUrl}`);

    const listed = (await t.admin('GET', `/admin/api/getPlacedOrders?search=${id}`)).json() as {
      processed: boolean;
      trackingNumber: string;
      trackingInfo: { label_url: string };
    }[];
    expect(listed[0]).toMatchObject({
      processed: true,
      trackingNumber: bought.trackingNumber,
      trackingInfo: { label_url: bought.labelUrl },
    });
  });

  it('serves the label to the owner as a 4x6 inch (288x432 pt) PDF', async () => {
    const res = await t.admin('GET', bought.labelUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getMediaBox()).toMatchObject({ x: 0, y: 0, width: 288, height: 432 });
    expect((await t.admin('GET', '/admin/api/label/1000000001.pdf')).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/api/label/../../etc.pdf')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a second purchase for the processed order buys nothing and answers the label it has', async () => {
    const again = await t.admin('POST', '/admin/api/markAsProcessed', { orderId: id, rateId: 'rate_table_ups_ground' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'SUCCESS',
      alreadyProcessed: true,
      emailed: false,
      trackingNumber: bought.trackingNumber,
    });
    expect(await labelsOf(id)).toHaveLength(1);
    expect(await shippedEmails(id)).toHaveLength(1);
  });

  it("refuses custom tracking over a bought label (409): the tracking stays the label's and the shopper gets no second email", async () => {
    const res = await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: id,
      trackingNumber: 'NEW999',
      trackingUrlLink: 'https://track.example/NEW999',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Order #${id} already has a shipping label (tracking ${bought.trackingNumber}); its tracking cannot be replaced by hand`,
    );
    expect(await orderRow(id)).toMatchObject({ trackingNumber: bought.trackingNumber, labelUrl: bought.labelUrl });
    expect(await shippedEmails(id)).toHaveLength(1);
  });

  it('two purchases at once buy one label and send one email', async () => {
    const id2 = await order();
    const answers = await Promise.all(
      ['rate_table_usps_priority', 'rate_table_ups_ground'].map((rateId) =>
        t.admin('POST', '/admin/api/markAsProcessed', { orderId: id2, rateId }),
      ),
    );
    const bodies = answers.map(
      (a) => a.json() as { status: string; trackingNumber: string; alreadyProcessed: boolean },
    );
    expect(bodies.map((b) => b.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(bodies[0]!.trackingNumber).toBe(bodies[1]!.trackingNumber);
    expect(bodies.map((b) => b.alreadyProcessed).sort()).toEqual([false, true]);
    expect(await labelsOf(id2)).toHaveLength(1);
    expect(await shippedEmails(id2)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('answers status ERROR with message[0].text for a rate the order is not offered; the order stays unprocessed', async () => {
    const id = await order(FR_SHOPPER);
    const res = await t.admin('POST', '/admin/api/markAsProcessed', {
      orderId: id,
      rateId: 'rate_table_usps_priority',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: [
        {
          text: `The rate rate_table_usps_priority is not offered for order #${id}; please choose one of the listed rates`,
        },
      ],
    });
    expect((await orderRow(id)).processed).toBe(false);
    expect(await labelsOf(id)).toHaveLength(0);
  });

  it('answers status ERROR for an order already processed with custom tracking, and buys nothing', async () => {
    const id = await order();
    await t.admin('POST', '/admin/api/assignCustomTracking', {
      orderId: id,
      trackingNumber: 'CUSTOM1',
      trackingUrlLink: 'https://carrier.example/CUSTOM1',
    });
    const res = await t.admin('POST', '/admin/api/markAsProcessed', {
      orderId: id,
      rateId: 'rate_table_usps_priority',
    });
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: [{ text: `Order #${id} is already processed with tracking CUSTOM1; no label was bought` }],
    });
    expect(await labelsOf(id)).toHaveLength(0);
  });

  it('answers 400 for a missing rate and 404 for an unknown order', async () => {
    const missingRate = await t.admin('POST', '/admin/api/markAsProcessed', { orderId: 1 });
    expect(missingRate.statusCode).toBe(400);
    expect(missingRate.json().message).toBe('Rate id is required');
    expect((await t.admin('POST', '/admin/api/markAsProcessed', { orderId: 1, rateId: '  ' })).json().message).toMatch(
      /Please choose a shipping rate/,
    );
    expect(
      (await t.admin('POST', '/admin/api/markAsProcessed', { orderId: 1_000_000_001, rateId: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('with Shippo (SHIPPO_API_TOKEN set)', () => {
  let shippo: Awaited<ReturnType<typeof startShippoFake>>;
  let s: AdminTestApp;
  beforeAll(async () => {
    shippo = await startShippoFake('shippo_live_token');
    s = await createAdminTestApp({
      fixture: 'demo',
      env: { SHIPPO_API_TOKEN: 'shippo_live_token', SHIPPO_API_URL: shippo.url },
    });
  });
  afterAll(async () => {
    await s.close();
    await shippo.close();
  });

  it("lists Shippo's rates, answers a refused purchase as status ERROR with Shippo's text, then buys another rate", async () => {
    const id = await placeOrder(s.app, { pieces: [selectionOf(all, 'silk-balconette-bra')] });
    const rates = (await s.admin('POST', '/admin/api/getShippingOptions', { orderId: id })).json() as {
      object_id: string;
      amount: string;
    }[];
    expect(rates.map((r) => r.amount)).toEqual(['5.40', '9.35', '11.20']);
    expect(shippo.requests.at(-1)!.body).toMatchObject({
      address_to: { name: 'Ada Lovelace', street1: US_SHOPPER.address, zip: US_SHOPPER.zip },
    });

    shippo.refuse(rates[0]!.object_id);
    const refused = await s.admin('POST', '/admin/api/markAsProcessed', { orderId: id, rateId: rates[0]!.object_id });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      status: 'ERROR',
      message: [{ text: 'The carrier account has insufficient postage' }],
    });
    expect((await s.db.select().from(orders).where(eq(orders.id, id)))[0]!.processed).toBe(false);

    const ok = await s.admin('POST', '/admin/api/markAsProcessed', { orderId: id, rateId: rates[1]!.object_id });
    expect(ok.json()).toMatchObject({ status: 'SUCCESS', trackingNumber: expect.stringMatching(/^92055/) });
    const download = await s.admin('GET', `/admin/api/label/${id}.pdf`);
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toMatch(/^https:\/\/deliver\.goshippo\.com\//);
  });

  it('answers status ERROR when Shippo finds no rate for the address', async () => {
    const id = await placeOrder(s.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra')],
      shopper: { ...US_SHOPPER, zip: '00000' },
    });
    const res = await s.admin('POST', '/admin/api/getShippingOptions', { orderId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ERROR', message: [{ text: 'The address to is not a valid address' }] });
  });
});
