// The demo catalog as it lands in a fresh database, and the pictures it points to on disk.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUploadsDir } from '../../../../tests/support/paths.js';
import { freshDatabase } from '../../../../tests/support/test-database.js';
import type { Database } from '../client.js';
import { categories, colors, infoPages, items, productTypes, promotions, reviews, settings, sizes } from '../schema.js';
import { HomeContentSchema, type HomeContent } from '../../../contract/content.js';
import { camelKey, snakeLink } from './demo-catalog.js';
import { LANDING_FIELDS } from '../../../contract/catalog.js';
import { fileOf, previewPathOf, smallPathOf } from '../../../demo/pictures.js';
import { demoPictureJobs, generateDemoPictures, seedDemo } from './seed-demo.js';

let database: Database;
let uploadsDir: string;
let allItems: (typeof items.$inferSelect)[];

beforeAll(async () => {
  // The run's global setup already drew the pictures here; drawing them again would only cost time.
  uploadsDir = testUploadsDir;
  database = await freshDatabase('empty');
  await seedDemo(database.db, { uploadsDir });
  allItems = await database.db.select().from(items).orderBy(asc(items.position));
}, 180_000);

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

/** Every size row with its item, product type and colour. */
async function stockRows() {
  return db()
    .select({
      itemId: productTypes.itemId,
      type: productTypes.type,
      color: colors.colorName,
      piece: sizes.piece,
      size: sizes.name,
      position: sizes.position,
      stock: sizes.stock,
      soldOut: sizes.soldOut,
    })
    .from(sizes)
    .innerJoin(colors, eq(sizes.colorId, colors.id))
    .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id));
}

async function expectJpeg(webPath: string, width: number, height: number) {
  const file = fileOf(uploadsDir, webPath);
  expect(existsSync(file), file).toBe(true);
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([width, height]);
}

describe('categories', () => {
  it('are clothing, bras and panties & garters, in that order', async () => {
    const rows = await db()
      .select({ key: categories.key, title: categories.title, position: categories.position })
      .from(categories)
      .orderBy(asc(categories.position));
    expect(rows).toEqual([
      { key: 'clothing', title: 'Clothing', position: 1 },
      { key: 'bras', title: 'Bras', position: 2 },
      { key: 'pantiesandgarters', title: 'Panties & Garters', position: 3 },
    ]);
  });
});

describe('items', () => {
  it('are at least 24, spread over the three categories, with hex ids and unique kebab-case urls', () => {
    expect(allItems.length).toBeGreaterThanOrEqual(24);
    for (const key of ['clothing', 'bras', 'pantiesandgarters']) {
      expect(allItems.filter((i) => i.category === key).length).toBeGreaterThanOrEqual(5);
    }
    for (const item of allItems) {
      expect(item.id).toMatch(/^[0-9a-f]{24}$/);
      expect(item.url).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(allItems.map((i) => i.url)).size).toBe(allItems.length);
  });

  it('carry meta fields, positions 1..N, one draft, six promotional items and two final-sale items', () => {
    for (const item of allItems) {
      expect(item.metaTitle).toBe(`${item.title} | Murashki`);
      expect(item.metaDescription.length).toBeGreaterThan(40);
      expect(item.metaDescription.length).toBeLessThanOrEqual(160);
    }
    expect(allItems.map((i) => i.position)).toEqual(allItems.map((_, i) => i + 1));
    expect(allItems.filter((i) => !i.published)).toHaveLength(1);
    const promo = allItems.filter((i) => i.promotionPosition > 0).map((i) => i.promotionPosition);
    expect(promo.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(allItems.filter((i) => i.promotionPosition > 0).every((i) => i.published)).toBe(true);
    expect(allItems.filter((i) => i.isFinalSale)).toHaveLength(2);
  });

  it('describe themselves in blocks keyed by the camelCase of their title, always with a description', () => {
    expect(camelKey('Fabric & Care')).toBe('fabricCare');
    for (const item of allItems) {
      expect(item.description.length).toBeGreaterThanOrEqual(2);
      const main = item.description.find((b) => b.title === 'description');
      expect(main?.key).toBe('description');
      expect(main!.text.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(2);
      for (const block of item.description) {
        expect(block.key).toBe(camelKey(block.title));
        expect(block.text.length).toBeGreaterThan(20);
      }
    }
  });

  it('relate to existing items: bras complete with panties and back, similar items share the category', () => {
    const byId = new Map(allItems.map((i) => [i.id, i]));
    for (const item of allItems) {
      const { completeSet, similarItems } = item.relatedItems;
      for (const ref of [...completeSet, ...similarItems]) {
        const target = byId.get(ref.value);
        expect(target, `${item.url} -> ${ref.label}`).toBeDefined();
        expect(ref.label).toBe(target!.title);
        expect(target!.published).toBe(true);
        expect(ref.value).not.toBe(item.id);
      }
      expect(similarItems.length).toBeGreaterThanOrEqual(2);
      expect(similarItems.length).toBeLessThanOrEqual(4);
      expect(similarItems.every((r) => byId.get(r.value)!.category === item.category)).toBe(true);
      if (!item.published) continue;
      if (item.category === 'bras') {
        expect(
          completeSet.some((r) => byId.get(r.value)!.category === 'pantiesandgarters'),
          item.url,
        ).toBe(true);
      }
      if (item.category === 'pantiesandgarters') {
        expect(
          completeSet.some((r) => byId.get(r.value)!.category === 'bras'),
          item.url,
        ).toBe(true);
      }
    }
  });

  it('have landing tiles on three items, each with the fields of its layout', async () => {
    const withLanding = allItems.filter((i) => i.landing.length > 0);
    expect(withLanding).toHaveLength(3);
    for (const item of withLanding) {
      expect(item.landing.length).toBeGreaterThanOrEqual(2);
      expect(item.landing.length).toBeLessThanOrEqual(3);
      for (const tile of item.landing) {
        const fields = LANDING_FIELDS[tile.layout];
        expect(fields, tile.layout).toBeDefined();
        expect(Object.keys(tile.data).sort()).toEqual([...fields!].sort());
        for (const field of fields!) {
          expect(tile.data[field]!.trim().length).toBeGreaterThan(0);
          if (field.startsWith('img_')) await expectJpeg(tile.data[field]!, ...mainSize(tile.data[field]!));
        }
      }
    }
  });
});

/** Dimensions by kind of picture, from its file name. */
function mainSize(webPath: string): [number, number] {
  const name = path.basename(webPath);
  if (name.startsWith('banner-')) return name.includes('desktop') ? [2400, 1200] : [1080, 1600];
  if (name.startsWith('murashki-girls-')) return [800, 1000];
  if (name.startsWith('category-')) return [900, 1200];
  if (name.startsWith('story-')) return [1200, 900];
  return [1200, 1800];
}

describe('pictures', () => {
  it('are 2-4 per item under /uploads/demo/, each with a preview and a small placeholder on disk', async () => {
    for (const item of allItems) {
      expect(item.pictures.length).toBeGreaterThanOrEqual(2);
      expect(item.pictures.length).toBeLessThanOrEqual(4);
      for (const picture of item.pictures) {
        expect(picture).toMatch(new RegExp(`^/uploads/demo/${item.url}-\\d\\.jpg$`));
        await expectJpeg(picture, 1200, 1800);
        await expectJpeg(previewPathOf(picture), 600, 900);
        await expectJpeg(smallPathOf(picture), 20, 30);
      }
    }
    expect(previewPathOf('/uploads/demo/x.jpg')).toBe('/uploads/demo/x-preview.jpg');
  });

  it('are not drawn again when they exist', async () => {
    const report = await generateDemoPictures(uploadsDir);
    expect(report.written).toBe(0);
    expect(report.skipped).toBe(demoPictureJobs().length);
  });
});

describe('available products', () => {
  it('have realistic prices, one to three colours with snake_case links, and sizes XS-L', async () => {
    const types = await db().select().from(productTypes);
    expect(new Set(types.map((t) => t.itemId)).size).toBe(allItems.length);
    expect(new Set(types.map((t) => t.type)).size).toBeGreaterThanOrEqual(8);
    for (const t of types) {
      expect(t.priceCents).toBeGreaterThanOrEqual(3800);
      expect(t.priceCents).toBeLessThanOrEqual(26000);
      expect(Number.isInteger(t.priceCents)).toBe(true);
    }
    // A bra sold alone and as a set: the set costs more.
    const balconette = allItems.find((i) => i.url === 'silk-balconette-bra')!;
    const [bra, set] = ['bra', 'set'].map((type) => types.find((t) => t.itemId === balconette.id && t.type === type)!);
    expect(set!.priceCents).toBeGreaterThan(bra!.priceCents);

    const colorRows = await db().select().from(colors);
    for (const t of types) {
      const own = colorRows.filter((c) => c.productTypeId === t.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
    }
    for (const c of colorRows) {
      expect(c.link).toBe(snakeLink(c.colorName));
      expect(c.colorCode).toMatch(/^#[0-9a-f]{6}$/);
      expect(c.alt).toContain(c.colorName);
      if (c.colorPicture) await expectJpeg(c.colorPicture, 1200, 1800);
    }
    expect(snakeLink('Dusty Rose')).toBe('dusty_rose');

    const rows = await stockRows();
    const perColor = new Map<string, typeof rows>();
    for (const r of rows)
      perColor.set(`${r.itemId}|${r.type}|${r.color}|${r.piece}`, [
        ...(perColor.get(`${r.itemId}|${r.type}|${r.color}|${r.piece}`) ?? []),
        r,
      ]);
    // A set's colour has XS-L for each of its pieces (issue 27 item 4).
    expect(perColor.size).toBe(colorRows.length + 2);
    for (const list of perColor.values()) {
      expect(list.sort((a, b) => a.position - b.position).map((r) => [r.size, r.position])).toEqual([
        ['XS', 0],
        ['S', 1],
        ['M', 2],
        ['L', 3],
      ]);
    }
  });

  it('keep stock and sold-out consistent: one published item entirely sold out, some sizes elsewhere', async () => {
    const rows = await stockRows();
    for (const r of rows) {
      expect(Number.isInteger(r.stock)).toBe(true);
      expect(r.stock).toBeGreaterThanOrEqual(0);
      expect(r.soldOut).toBe(r.stock === 0);
    }
    const published = new Set(allItems.filter((i) => i.published).map((i) => i.id));
    const soldOutItems = [...published].filter((id) => rows.filter((r) => r.itemId === id).every((r) => r.soldOut));
    expect(soldOutItems).toHaveLength(1);
    const elsewhere = rows.filter((r) => r.soldOut && r.itemId !== soldOutItems[0]);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere.length).toBeLessThan(rows.length / 4);
  });
});

describe('reviews', () => {
  it('are two to five believable reviews on about half the items, mostly four or five stars', async () => {
    const rows = await db().select().from(reviews);
    const perItem = new Map<string, number>();
    for (const r of rows) perItem.set(r.itemId, (perItem.get(r.itemId) ?? 0) + 1);
    expect(perItem.size).toBeGreaterThanOrEqual(Math.floor(allItems.length * 0.4));
    expect(perItem.size).toBeLessThanOrEqual(Math.ceil(allItems.length * 0.65));
    for (const n of perItem.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
    }
    for (const r of rows) {
      expect(r.id).toMatch(/^[0-9a-f]{24}$/);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.title.length).toBeGreaterThan(3);
      expect(r.description.length).toBeGreaterThan(20);
      expect(r.authorName.length).toBeGreaterThan(2);
    }
    expect(rows.filter((r) => r.rating >= 4).length / rows.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe('info pages', () => {
  it('cover shipping & returns, FAQ, terms, privacy policy and the story', async () => {
    const rows = await db().select().from(infoPages);
    const byName = new Map(rows.map((p) => [p.pageName, p]));
    for (const name of ['shipping-returns', 'faq', 'terms', 'privacy-policy', 'story']) {
      const page = byName.get(name);
      expect(page, name).toBeDefined();
      expect(page!.title.length).toBeGreaterThan(2);
      expect(page!.text.length).toBeGreaterThan(600);
    }
    const shipping = byName.get('shipping-returns')!.text;
    for (const fact of ['$100', '$300', '30 days', '/return-form', 'inal-sale']) expect(shipping).toContain(fact);
    const faq = byName.get('faq')!.text;
    expect(faq.match(/^\*\*.+\?\*\*$/gm)!.length).toBeGreaterThanOrEqual(6);
    expect(faq).toContain('15%');
  });
});

describe('home setting', () => {
  it('describes banners, effortlessly chic, Murashki girls, category tiles and story pictures', async () => {
    const [row] = await db().select().from(settings).where(eq(settings.key, 'home'));
    const home: HomeContent = HomeContentSchema.parse(row!.value);
    expect(home.banners).toHaveLength(2);
    expect(home.effortlesslyChic).toHaveLength(3);
    expect(home.girls).toHaveLength(8);
    expect(home.story).toHaveLength(3);
    expect(home.categoryTiles.map((t) => [t.key, t.label])).toEqual([
      ['clothing', 'CLOTHING'],
      ['bras', 'BRAS'],
      ['pantiesandgarters', 'PANTIES'],
    ]);
    const publishedUrls = new Set(allItems.filter((i) => i.published).map((i) => i.url));
    for (const entry of [...home.effortlesslyChic, ...home.girls])
      expect(publishedUrls.has(entry.url), entry.url).toBe(true);
    for (const girl of home.girls) expect(girl.handle).toMatch(/^@[\w.]+$/);
    for (const banner of home.banners) expect(banner.alt.length).toBeGreaterThan(10);

    const pictures = [
      ...home.banners.flatMap((b) => [b.desktop, b.mobile]),
      ...home.effortlesslyChic.map((e) => e.picture),
      ...home.girls.map((g) => g.picture),
      ...home.categoryTiles.map((t) => t.picture),
      ...home.story,
    ];
    for (const picture of pictures) {
      const [w, h] = mainSize(picture);
      await expectJpeg(picture, w, h);
      await expectJpeg(previewPathOf(picture), w / 2, h / 2);
      expect(existsSync(fileOf(uploadsDir, smallPathOf(picture)))).toBe(true);
    }
  });
});

describe('promotion', () => {
  it('is the WELCOME10 campaign: 10% off, a $5 payout, and a promoter password', async () => {
    const rows = await db().select().from(promotions);
    expect(rows).toHaveLength(1);
    const promo = rows[0]!;
    expect(promo).toMatchObject({
      code: 'WELCOME10',
      type: 'percentage',
      rateBasisPoints: 9000,
      kind: 'campaign',
      payoutCents: 500,
    });
    expect(await verify(promo.passwordHash!, 'promoter-pass')).toBe(true);
    expect(await verify(promo.passwordHash!, 'wrong-pass')).toBe(false);
  });
});

describe('seeding again', () => {
  it('fails as one transaction and leaves the catalog as it was', async () => {
    const counts = async () => ({
      items: (await db().select({ n: count() }).from(items))[0]!.n,
      reviews: (await db().select({ n: count() }).from(reviews))[0]!.n,
      sizes: (await db().select({ n: count() }).from(sizes))[0]!.n,
    });
    const before = await counts();
    await expect(seedDemo(db(), { uploadsDir, generatePictures: false })).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });
});
