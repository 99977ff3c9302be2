// Issue 24 item 4: /info/shipping-returns promises a prepaid return label for US orders. A US return
// request buys one from the shipping provider (the table provider's own PDF; Shippo's scan-based
// return shipment) and the return email links it at an unguessable shop address; an international
// return keeps its instructions; a carrier failure never loses the return.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { emailOutbox, orders, returnLabels } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { startShippoFake } from '../support/fakes/shippo-fake.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { FR_SHOPPER, US_SHOPPER } from '../support/shoppers.js';
import { storefrontItems } from '../support/test-app.js';

const LINK = /Print your return label: (http:\/\/[^\s]+\/return-label\/([A-Za-z0-9_-]{43})\.pdf)/;

async function shippedOrder(t: AdminTestApp, all: Item[], shopper = US_SHOPPER) {
  const id = await placeOrder(t.app, {
    pieces: [selectionOf(all, 'silk-balconette-bra'), selectionOf(all, 'high-waist-silk-brief')],
    shopper,
  });
  const shipped = await t.admin('POST', '/admin/api/assignCustomTracking', {
    orderId: id,
    trackingNumber: `TRK${id}`,
    trackingUrlLink: `https://track.example/${id}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return id;
}
const requestReturn = (t: AdminTestApp, orderId: number, items = [{ index: 0 }]) =>
  t.app.inject({
    method: 'POST',
    url: '/requestReturn',
    payload: { creditSelected: false, orderId, items, international: false },
  });
const returnMail = async (t: AdminTestApp, to: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'return_request')))
    .filter((m) => m.to === to)
    .at(-1)!;
const pathOf = (url: string) => new URL(url).pathname;

describe('with the built-in table provider', () => {
  let t: AdminTestApp;
  let all: Item[];
  beforeAll(async () => {
    t = await createAdminTestApp({ fixture: 'demo' });
    all = await storefrontItems(t.app);
  });
  afterAll(() => t.close());

  it('a US return emails a link to a prepaid return label, a 4x6 PDF from the shopper to the ship-from address', async () => {
    const id = await shippedOrder(t, all);
    const res = await requestReturn(t, id);
    expect(res.statusCode, res.body).toBe(200);

    const mail = await returnMail(t, US_SHOPPER.email);
    const [, url, key] = LINK.exec(mail.text) ?? [];
    expect(url, mail.text).toBeDefined();
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Print your return label');
    expect(mail.text).toContain('Return postage is on us');
    expect(mail.text).not.toContain('with a tracked service');
    expect(mail.text).not.toContain('customs');
    // The address on the email is the one on the label: the ship-from address.
    expect(mail.text).toContain('148 Grand Street');

    const pdf = await t.app.inject({ method: 'GET', url: pathOf(url!) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe(`Return label for order #${id}`);
    expect(doc.getPage(0).getMediaBox()).toMatchObject({ width: 288, height: 432 });

    const [row] = await t.db.select().from(returnLabels).where(eq(returnLabels.id, key!));
    expect(row).toMatchObject({ orderId: id, status: 'bought', provider: 'table', pieces: 1 });
    expect(row!.trackingNumber).toMatch(/^9400\d{18}$/);
    // The return itself is recorded as before.
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.returnRequest).toMatchObject({
      items: [{ index: 0, quantity: 1 }],
    });
  });

  it('each request of an order gets its own label; a guessed or malformed link finds nothing', async () => {
    const id = await shippedOrder(t, all);
    await requestReturn(t, id, [{ index: 0 }]);
    await requestReturn(t, id, [{ index: 1 }]);
    const rows = await t.db.select().from(returnLabels).where(eq(returnLabels.orderId, id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);

    const guessed = await t.app.inject({ method: 'GET', url: `/return-label/${'A'.repeat(43)}.pdf` });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['content-type']).toMatch(/text\/html/);
    expect(guessed.body).toContain('There is no such return label');
    expect((await t.app.inject({ method: 'GET', url: `/return-label/${id}.pdf` })).statusCode).toBe(400);
  });

  it('an international return keeps the customs instructions and buys no label', async () => {
    const id = await shippedOrder(t, all, FR_SHOPPER);
    expect((await requestReturn(t, id)).statusCode).toBe(200);
    const mail = await returnMail(t, FR_SHOPPER.email);
    expect(mail.text).toMatch(/customs form/);
    expect(mail.text).toContain('Return postage and any duties are yours to pay');
    expect(mail.text).not.toMatch(LINK);
    expect(await t.db.select().from(returnLabels).where(eq(returnLabels.orderId, id))).toEqual([]);
  });
});

describe('with Shippo (SHIPPO_API_TOKEN set)', () => {
  let shippo: Awaited<ReturnType<typeof startShippoFake>>;
  let s: AdminTestApp;
  let all: Item[];
  beforeAll(async () => {
    shippo = await startShippoFake('shippo_live_token');
    s = await createAdminTestApp({
      fixture: 'demo',
      env: { SHIPPO_API_TOKEN: 'shippo_live_token', SHIPPO_API_URL: shippo.url },
    });
    all = await storefrontItems(s.app);
  });
  afterAll(async () => {
    await s.close();
    await shippo.close();
  });

  it("buys a return shipment (extra.is_return, the cheapest rate) and the link sends the shopper to Shippo's PDF", async () => {
    const id = await shippedOrder(s, all);
    expect((await requestReturn(s, id)).statusCode).toBe(200);
    const shipment = shippo.requests.filter((r) => r.path === '/shipments/').at(-1)!;
    expect(shipment.body).toMatchObject({
      extra: { is_return: true },
      address_to: { zip: US_SHOPPER.zip, street1: US_SHOPPER.address },
      address_from: { zip: '10013' },
    });
    expect(shippo.requests.at(-1)).toMatchObject({
      path: '/transactions/',
      body: { label_file_type: 'PDF_4x6', metadata: `Return of order #${id}` },
    });

    const [, url] = LINK.exec((await returnMail(s, US_SHOPPER.email)).text) ?? [];
    const res = await s.app.inject({ method: 'GET', url: pathOf(url!) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/deliver\.goshippo\.com\/.+\.pdf$/);
  });

  it('when Shippo fails, the return is recorded, the email says the label follows at the link, and the link buys it once Shippo is back', async () => {
    const id = await shippedOrder(s, all);
    shippo.setDown(true);
    try {
      const res = await requestReturn(s, id);
      expect(res.statusCode, res.body).toBe(200);
      expect((await s.db.select().from(orders).where(eq(orders.id, id)))[0]!.returnRequest).toMatchObject({
        items: [{ index: 0, quantity: 1 }],
      });
      const mail = await returnMail(s, US_SHOPPER.email);
      expect(mail.text).toContain('Your prepaid return label could not be made just now');
      const [, url, key] = LINK.exec(mail.text) ?? [];
      expect(url).toBeDefined();
      expect((await s.db.select().from(returnLabels).where(eq(returnLabels.id, key!)))[0]).toMatchObject({
        status: 'pending',
      });

      const still = await s.app.inject({ method: 'GET', url: pathOf(url!) });
      expect(still.statusCode).toBe(503);
      expect(still.body).toContain(`Your return label for order #${id} is not ready yet`);

      shippo.setDown(false);
      const now = await s.app.inject({ method: 'GET', url: pathOf(url!) });
      expect(now.statusCode).toBe(302);
      expect((await s.db.select().from(returnLabels).where(eq(returnLabels.id, key!)))[0]).toMatchObject({
        status: 'bought',
      });
      // Opened again: the same label, nothing bought twice.
      const transactions = shippo.transactions;
      expect((await s.app.inject({ method: 'GET', url: pathOf(url!) })).headers.location).toBe(now.headers.location);
      expect(shippo.transactions).toBe(transactions);
    } finally {
      shippo.setDown(false);
    }
  });
});
