// Issue 26 #1 and #2: a fresh shop's built-in home, and the owner's Home editor calls
// (GET /admin/api/home, POST /admin/api/home): checks naming the field, nothing saved on a
// refused save, the Activity record written with the save, the saved home reaching shoppers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeContent } from '../../src/contract/content.js';
import { admins, activity, settings } from '../../src/server/db/schema.js';
import { type AdminTestApp, createAdminTestApp } from '../support/admin-session.js';
import { cookieFrom } from '../support/test-app.js';

const STAFF = { email: 'staff@murashki.test', password: 'another long password' };

const slide = (n: number) => ({
  desktop: `/uploads/slide-${n}-wide.jpg`,
  mobile: `/uploads/slide-${n}-tall.jpg`,
  alt: `Slide ${n}`,
  title: `Summer edit ${n}`,
  buttonText: 'Shop the edit',
  link: n === 1 ? '/collections' : 'https://murashki.example/lookbook',
});

const ownHome = (): HomeContent => ({
  banners: [slide(1), slide(2)],
  effortlesslyChic: [{ picture: '/uploads/chic.jpg', url: 'silk-slip', title: 'Silk Slip' }],
  girls: [{ picture: '/uploads/girl.jpg', url: 'silk-slip', handle: '@soft.mornings' }],
  categoryTiles: [
    { key: 'clothing', label: 'CLOTHING', picture: '/uploads/tile-clothing.jpg' },
    { key: 'bras', label: 'BRAS', picture: '/uploads/tile-bras.jpg' },
    { key: 'pantiesandgarters', label: 'PANTIES', picture: '/uploads/tile-panties.jpg' },
  ],
  story: ['/uploads/story-1.jpg'],
  storyPage: { title: 'How we began', text: 'Two sisters and a **sewing machine**.' },
  announcements: ['Summer sale ends Sunday', 'Free US shipping over $100'],
});

describe('the Home editor calls', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await createAdminTestApp();
  });
  afterAll(() => t.close());

  const homeRow = async () => (await t.db.select().from(settings).where(eq(settings.key, 'home')))[0];
  const homeActivity = () => t.db.select().from(activity).where(eq(activity.kind, 'home.changed'));

  it('answers 401 without an admin session, for reading and for saving', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/home' })).statusCode).toBe(401);
    const save = await t.app.inject({
      method: 'POST',
      url: '/admin/api/home',
      headers: { origin: t.config.publicUrl },
      payload: ownHome(),
    });
    expect(save.statusCode).toBe(401);
    expect(await homeRow()).toBeUndefined();
  });

  it('an empty shop answers the built-in home: the New Arrivals banner and the three tiles, nothing else', async () => {
    const res = await t.admin('GET', '/admin/api/home');
    expect(res.statusCode).toBe(200);
    const home = res.json() as HomeContent;
    expect(home.banners).toHaveLength(1);
    expect(home.banners[0]).toMatchObject({ title: 'New Arrivals', buttonText: 'See more', link: '/collections' });
    expect(home.categoryTiles.map((tile) => [tile.key, tile.label])).toEqual([
      ['clothing', 'CLOTHING'],
      ['bras', 'BRAS'],
      ['pantiesandgarters', 'PANTIES'],
    ]);
    expect(home.effortlesslyChic).toEqual([]);
    expect(home.girls).toEqual([]);
    expect(home.announcements).toHaveLength(3);
    // The shopper's call answers the same, and its pictures are served.
    expect((await t.app.inject({ method: 'GET', url: '/getHome' })).json()).toEqual(home);
    for (const picture of [home.banners[0]!.desktop, home.banners[0]!.mobile, home.categoryTiles[2]!.picture]) {
      const file = await t.app.inject({ method: 'GET', url: picture });
      expect({ picture, status: file.statusCode, type: file.headers['content-type'] }).toEqual({
        picture,
        status: 200,
        type: 'image/jpeg',
      });
      const preview = await t.app.inject({ method: 'GET', url: picture.replace(/\.jpg$/, '-preview.jpg') });
      expect(preview.statusCode).toBe(200);
    }
  });

  it.each([
    [
      'a slide without its title',
      (h: HomeContent) => {
        h.banners[1]!.title = '  ';
      },
      'Slide 2: the title is required',
    ],
    [
      'a slide without its picture above 1024 px',
      (h: HomeContent) => {
        h.banners[0]!.desktop = '';
      },
      'Slide 1: the picture above 1024 px is required',
    ],
    [
      'a slide without its picture below 1024 px',
      (h: HomeContent) => {
        h.banners[1]!.mobile = '';
      },
      'Slide 2: the picture below 1024 px is required',
    ],
    [
      'a link that is neither a shop path nor an https address',
      (h: HomeContent) => {
        h.banners[1]!.link = 'http://elsewhere.example/';
      },
      'Slide 2: the link must be a shop path starting with / or an https address',
    ],
    [
      'a protocol-relative link',
      (h: HomeContent) => {
        h.banners[0]!.link = '//elsewhere.example/';
      },
      'Slide 1: the link must be a shop path starting with / or an https address',
    ],
    [
      'a Murashki Girls entry without its handle',
      (h: HomeContent) => {
        h.girls[0]!.handle = '';
      },
      'Murashki Girls 1: the author handle is required',
    ],
    [
      'an Effortlessly chic entry without its product',
      (h: HomeContent) => {
        h.effortlesslyChic[0]!.url = '';
      },
      'Effortlessly chic 1: the product is required',
    ],
    [
      'a tile picture that is a script address',
      (h: HomeContent) => {
        h.categoryTiles[1]!.picture = 'javascript:alert(1)';
      },
      'Category tile 2: the picture must be an uploaded picture or an https address',
    ],
    [
      'no announcement',
      (h: HomeContent) => {
        h.announcements = [];
      },
      'Announcement bar: write one to three messages',
    ],
  ])('refuses %s with a message naming the field, and saves nothing', async (_name, spoil, message) => {
    const home = ownHome();
    spoil(home);
    const before = (await homeActivity()).length;
    const res = await t.admin('POST', '/admin/api/home', home);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await homeRow()).toBeUndefined();
    expect((await homeActivity()).length).toBe(before);
  });

  it('refuses four announcements (the bar holds one to three)', async () => {
    const res = await t.admin('POST', '/admin/api/home', { ...ownHome(), announcements: ['a', 'b', 'c', 'd'] });
    expect(res.statusCode).toBe(400);
    expect(await homeRow()).toBeUndefined();
  });

  it('saves the whole home with its Activity record; shoppers see it in /getHome and the home page', async () => {
    // A page read before the save is cached in the read model: the save must invalidate it.
    await t.app.inject({ method: 'GET', url: '/getHome' });
    const res = await t.admin('POST', '/admin/api/home', ownHome());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, home: ownHome() });

    const rows = await homeActivity();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adminEmail: 'owner@murashki.test', kind: 'home.changed' });
    expect(rows[0]!.summary).toContain('banner');

    const answered = (await t.app.inject({ method: 'GET', url: '/getHome' })).json() as HomeContent;
    expect(answered).toMatchObject(ownHome());
    // The story's markdown comes as safe HTML too.
    expect(answered.storyPage.html).toContain('<strong>sewing machine</strong>');
    expect((await t.admin('GET', '/admin/api/home')).json()).toMatchObject(ownHome());

    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Summer edit 1');
    expect(page.body).toContain('/uploads/slide-1-tall');
    expect(page.body).toContain('/uploads/tile-bras');
    expect(page.body).toContain('Summer sale ends Sunday');
    expect(page.body).not.toContain('New Arrivals');

    const story = await t.app.inject({ method: 'GET', url: '/story' });
    expect(story.body).toContain('How we began');
    expect(story.body).toContain('<strong>sewing machine</strong>');
  });

  it('trims the spaces around what the owner typed', async () => {
    const home = ownHome();
    home.banners[0]!.link = ' /collections ';
    home.banners[0]!.title = ' Summer edit 1 ';
    const res = await t.admin('POST', '/admin/api/home', home);
    expect(res.statusCode).toBe(200);
    expect(res.json().home.banners[0]).toMatchObject({ link: '/collections', title: 'Summer edit 1' });
  });

  it('lets a staff member read and save the home (Home is not owner-only), recorded under their name', async () => {
    await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
    await t.db.update(admins).set({ role: 'staff' }).where(eq(admins.email, STAFF.email));
    const signIn = await t.app.inject({ method: 'POST', url: '/authenticate', payload: STAFF });
    const cookie = cookieFrom(signIn, 'admin_sid')!;
    const headers = { cookie, origin: t.config.publicUrl };
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/me', headers })).json()).toMatchObject({
      role: 'staff',
    });
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/home', headers })).statusCode).toBe(200);
    const home = { ...ownHome(), announcements: ['Staff wrote this'] };
    const res = await t.app.inject({ method: 'POST', url: '/admin/api/home', headers, payload: home });
    expect(res.statusCode).toBe(200);
    const rows = await homeActivity();
    expect(rows.at(-1)).toMatchObject({ adminEmail: STAFF.email, summary: 'Home page changed: announcement bar' });
  });
});

describe('a home saved before the Home editor (the demo seed, an older row)', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await createAdminTestApp();
  });
  afterAll(() => t.close());

  it('still reads, with the banner words, announcements and story text defaulted', async () => {
    const old = {
      banners: [{ desktop: '/uploads/b-wide.jpg', mobile: '/uploads/b-tall.jpg', alt: 'Old banner' }],
      effortlesslyChic: [],
      girls: [],
      categoryTiles: [{ key: 'bras', label: 'BRAS', picture: '/uploads/old-bras.jpg' }],
      story: [],
    };
    await t.db.insert(settings).values({ key: 'home', value: old });
    await t.app.ctx.services.readModel.invalidate();
    const home = (await t.app.inject({ method: 'GET', url: '/getHome' })).json() as HomeContent;
    expect(home.banners[0]).toEqual({
      ...old.banners[0],
      title: 'New Arrivals',
      buttonText: 'See more',
      link: '/collections',
    });
    expect(home.categoryTiles).toEqual(old.categoryTiles);
    expect(home.storyPage).toMatchObject({ title: '', text: '' });
    expect(home.announcements).toHaveLength(3);
  });
});
