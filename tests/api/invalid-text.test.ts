// Issue 24 item 27: a lone UTF-16 surrogate ("\ud800", what a browser's JSON.stringify sends for half
// an emoji) cannot be stored (PostgreSQL's jsonb refuses it; text columns would turn it into U+FFFD).
// Every call refuses it with a 400 that names the field, before any handler runs: nothing is written
// and no card is captured.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, sandboxPayments } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { selectionOf } from '../support/place-order.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { cookieFrom, storefrontItems } from '../support/test-app.js';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'demo' });
});
afterAll(() => t.close());

const LONE = '\ud800';
const count = async (table: string) =>
  ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
    .rows[0]!.n;

describe('a lone surrogate in a text field', () => {
  it("in placeOrder's shipping name: 400 naming the field, no order, the card not captured", async () => {
    const post = (url: string, payload: unknown, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { cookie, 'content-type': 'application/json' },
      });
    const cookie = cookieFrom(await t.app.inject({ method: 'GET', url: '/token' }), 'sid')!;
    const all = await storefrontItems(t.app);
    expect((await post('/addToCart', [selectionOf(all, all[0]!.url)], cookie)).statusCode).toBe(200);
    const [option] = (await post('/order/getShippingOptions', { shippingInfo: US_SHOPPER }, cookie)).json() as {
      type: string;
      amt: number;
    }[];
    const { taxRate } = (await post('/getTaxRate', { zipCode: US_SHOPPER.zip }, cookie)).json() as { taxRate: number };
    const secret = (
      await post('/api/getClientSecret', { taxRate, shippingFee: option!.amt, shippingType: option!.type }, cookie)
    ).json() as string;
    await post(
      '/sandbox/card/confirm',
      { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: 'Ada' },
      cookie,
    );
    const paymentIntentId = secret.split('_secret_')[0]!;
    const ordersBefore = await count('orders');

    // JSON.stringify keeps the lone surrogate as the escape \ud800, as a browser sends it.
    const shippingInfo = { ...US_SHOPPER, firstName: `Ada${LONE}` };
    const res = await post(
      '/placeOrder',
      {
        shippingInfo,
        billingInfo: { cardholderName: 'Ada' },
        shippingType: option!.type,
        promo: null,
        additionalInfo: { paymentIntentId },
      },
      cookie,
    );

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid',
      message: 'First name is not valid text',
      issues: [{ path: ['shippingInfo', 'firstName'], message: 'is not valid text' }],
    });
    expect(await count('orders')).toBe(ordersBefore);
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(payment?.amountCapturedCents).toBe(0);
    expect(payment?.status).not.toBe('succeeded');
  });

  it('in an admin item title: 400 naming the field, no item written', async () => {
    const before = await count('items');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createItem',
      headers: { cookie: t.adminCookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: `Silk slip ${LONE}`, published: false }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title is not valid text');
    expect(await count('items')).toBe(before);
    expect(await t.db.select({ id: items.id }).from(items).where(sql`${items.title} like 'Silk slip%'`)).toEqual([]);
  });

  it('deep in a list, or as an object key: 400 naming where it sits, nothing written', async () => {
    const before = await count('items');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createItem',
      headers: { cookie: t.adminCookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({
        title: 'Fine',
        published: false,
        available_products: [{ type: 'slip', colors: [{ color_name: 'Noir\udfff' }] }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Colour name of colour 1 of product type 1 is not valid text');
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/admin/api/createItem',
      headers: { cookie: t.adminCookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Fine', published: false, [`x${LONE}`]: 'y' }),
    });
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().message).toBe('The request holds text that is not valid');
    expect(await count('items')).toBe(before);
  });

  it("in a query string (percent-encoded, '%ED%A0%80'): 400 naming the parameter, not a search for the raw text", async () => {
    const res = await t.admin('GET', '/admin/api/existingItems?search=%ED%A0%80');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', message: 'Search is not valid text' });
    // Well-formed text, emoji included, and a lone '%' still search as before.
    expect((await t.admin('GET', `/admin/api/existingItems?search=${encodeURIComponent('🙂 silk')}`)).statusCode).toBe(
      200,
    );
    expect((await t.admin('GET', '/admin/api/existingItems?search=100%')).statusCode).toBe(200);
  });

  it('in a multipart text field (sent as UTF-16): 400 naming the field, nothing stored', async () => {
    const boundary = '----shopsurrogate';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\nContent-Type: text/plain; charset=utf-16le\r\n\r\n`,
      ),
      Buffer.from([0x61, 0x00, 0x00, 0xd8]), // 'a' then a lone high surrogate, UTF-16LE
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a picture\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/uploadPicture',
      headers: {
        cookie: t.adminCookie,
        origin: t.config.publicUrl,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Caption is not valid text');
  });
});
