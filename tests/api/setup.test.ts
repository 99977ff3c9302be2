// The owner's set-up checklist (issue 26 #1): on an empty shop (SEED=none) every step is open and
// says what is in use (the payment sandbox, mail written to files); each step ticks itself once the
// thing is done; the owner hides the list for every device; staff and strangers are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupAnswer } from '../../src/contract/setup.js';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../src/contract/settings.js';
import { HOME_SETTING_KEY } from '../../src/contract/values/catalog.js';
import { admins, settings } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom } from '../support/test-app.js';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const setup = async () => {
  const res = await t.admin('GET', '/admin/api/setup');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SetupAnswer;
};
const step = async (key: string) => (await setup()).steps.find((s) => s.key === key)!;
const done = async () => (await setup()).steps.filter((s) => s.done).map((s) => s.key);

describe('the set-up checklist on an empty shop', () => {
  it('lists the seven steps, none done, naming the sandbox and the mail files, each with where it is done', async () => {
    const answer = await setup();
    expect(answer.hidden).toBe(false);
    expect(answer.steps.map((s) => [s.key, s.label, s.done, s.href])).toEqual([
      ['shop', 'Shop details', false, '/admin?tab=settings'],
      ['category', 'A category', false, '/admin?tab=categories'],
      ['item', 'A first published item', false, '/admin?tab=createNew'],
      ['home', 'Home pictures', false, '/admin?tab=home'],
      ['shipping', 'Shipping rates and ship-from address', false, '/admin?tab=settings'],
      ['payments', 'Payments', false, null],
      ['email', 'Email', false, null],
    ]);
    const payments = await step('payments');
    expect(payments.detail).toMatch(/^Sandbox \(test payments\)\. To take real payments, set STRIPE_SECRET_KEY/);
    expect(payments.detail).toContain('PAYPAL_CLIENT_ID');
    expect(payments.detail).toContain('docs/operations.md');
    const email = await step('email');
    expect(email.detail).toMatch(/^Files in .*mail/);
    expect(email.detail).toContain('SMTP_URL');
  });

  it('ticks a category once one exists, and an item only once one is published', async () => {
    const category = await t.admin('POST', '/admin/api/createCategory', { title: 'Clothing' });
    expect(category.statusCode, category.body).toBe(200);
    expect(await done()).toEqual(['category']);

    const hidden = await t.admin('POST', '/admin/api/createItem', {
      title: 'Silk Slip',
      meta_title: 'Silk slip',
      meta_description: 'A silk slip.',
      category: 'clothing',
      pictures: [],
      description: [{ title: 'description', text: 'Bias cut.' }],
      available_products: [
        {
          type: 'slip',
          name: 'Slip Dress',
          price: 148,
          colors: [
            {
              color_name: 'Rose',
              color_code: '#C98F8A',
              color_picture: '/uploads/rose.jpg',
              alt: 'Slip in rose',
              available_sizes: [{ name: 'S', sold_out: false }],
            },
          ],
        },
      ],
      published: false,
      position: 1,
      promotion_position: 0,
      is_final_sale: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await done()).toEqual(['category']);

    const id = (hidden.json() as { item: { _id: string } }).item._id;
    const published = await t.admin('POST', '/admin/api/updateItem', { _id: id, item: { published: true } });
    expect(published.statusCode, published.body).toBe(200);
    expect(await done()).toEqual(['category', 'item']);
  });

  it("ticks shop details once the settings are saved, shipping once the ship-from address is the shop's own", async () => {
    const owner = (await t.admin('GET', '/admin/api/me')).json() as { id: number; email: string };
    const defaults = structuredClone(DEFAULT_SETTINGS) as unknown as ShopSettings;
    await t.app.ctx.services.settings.save(owner, defaults);
    // Saved, but still the demo studio's address: labels would carry someone else's.
    expect(await done()).toEqual(['shop', 'category', 'item']);
    await t.app.ctx.services.settings.save(owner, {
      ...defaults,
      shipFrom: {
        ...defaults.shipFrom,
        name: 'Maison Lune',
        street1: '12 Rue Oberkampf Way',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
    });
    expect(await done()).toEqual(['shop', 'category', 'item', 'shipping']);
  });

  it('ticks home pictures once the home content is saved', async () => {
    await t.db.insert(settings).values({
      key: HOME_SETTING_KEY,
      value: { banners: [], effortlesslyChic: [], girls: [], categoryTiles: [], story: [] },
    });
    expect(await done()).toEqual(['shop', 'category', 'item', 'home', 'shipping']);
  });

  it('is hidden and brought back by the owner, for every device (a settings row)', async () => {
    const hide = await t.admin('POST', '/admin/api/setupHidden', { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((hide.json() as SetupAnswer).hidden).toBe(true);
    // Another sign-in (another device) sees it hidden.
    const other = cookieFrom(
      await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        payload: { email: 'owner@murashki.test', password: 'correct horse battery' },
      }),
      'admin_sid',
    )!;
    const elsewhere = await t.app.inject({ method: 'GET', url: '/admin/api/setup', headers: { cookie: other } });
    expect((elsewhere.json() as SetupAnswer).hidden).toBe(true);

    const back = await t.admin('POST', '/admin/api/setupHidden', { hidden: false });
    expect((back.json() as SetupAnswer).hidden).toBe(false);
    expect((await setup()).hidden).toBe(false);

    const bad = await t.admin('POST', '/admin/api/setupHidden', { hidden: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Hidden must be true or false/);
  });

  it('refuses staff (403) and anyone without a session (401)', async () => {
    await t.app.ctx.services.adminAuth.setPassword('staff@murashki.test', 'staff password long');
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, 'staff@murashki.test'));
    const staff = cookieFrom(
      await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        payload: { email: 'staff@murashki.test', password: 'staff password long' },
      }),
      'admin_sid',
    )!;
    const headers = { cookie: staff, origin: t.config.publicUrl };
    const read = await t.app.inject({ method: 'GET', url: '/admin/api/setup', headers });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Only the shop owner can do this');
    const write = await t.app.inject({
      method: 'POST',
      url: '/admin/api/setupHidden',
      headers,
      payload: { hidden: true },
    });
    expect(write.statusCode).toBe(403);
    expect((await setup()).hidden).toBe(false);

    expect((await t.app.inject({ method: 'GET', url: '/admin/api/setup' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/api/setupHidden',
          headers: { origin: t.config.publicUrl },
          payload: { hidden: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('payments and email named from the configuration', () => {
  let live: AdminTestApp;
  beforeAll(async () => {
    live = await createAdminTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        SMTP_URL: 'smtp://user:hunter2@mail.example.com:587',
      },
    });
  });
  afterAll(() => live.close());

  it('ticks payments with live Stripe and PayPal keys, and email with an SMTP server named by its host only', async () => {
    const answer = (await live.admin('GET', '/admin/api/setup')).json() as SetupAnswer;
    const payments = answer.steps.find((s) => s.key === 'payments')!;
    const email = answer.steps.find((s) => s.key === 'email')!;
    expect(payments).toMatchObject({ done: true, detail: 'Cards: Stripe live keys; PayPal: PayPal live' });
    expect(email).toMatchObject({ done: true, detail: 'SMTP server mail.example.com:587' });
    expect(JSON.stringify(answer)).not.toContain('hunter2');
  });
});
