// SEED=demo: loads the demo catalog (demo-catalog.ts) into an empty database and draws its pictures.
import type { Db } from '../client.js';
import { hexId } from '../ids.js';
import { categories, colors, infoPages, items, productTypes, promotions, reviews, settings, sizes } from '../schema.js';
import { hashPassword } from '../../modules/admin-auth/admin-auth-service.js';
import {
  DEMO_CATEGORIES,
  DEMO_COLORS,
  DEMO_HOME,
  DEMO_HOME_ART,
  DEMO_INFO_PAGES,
  DEMO_ITEMS,
  DEMO_PROMOTION,
  DEMO_SIZES,
  HOME_SETTING_KEY,
  demoGarment,
  demoStock,
  itemPicture,
  pictureColor,
  snakeLink,
  type DemoItem,
} from './demo-catalog.js';
import { generatePictures, type GenerationReport, type PictureJob } from '../../../demo/pictures.js';

export type SeedDemoOptions = {
  /** The directory the server serves at /uploads/; pictures go to <uploadsDir>/demo/. */
  uploadsDir: string;
  /** Draw the pictures (default true). Existing files are kept, so a re-run is cheap. */
  generatePictures?: boolean;
};

/** Every picture the demo catalog refers to, with what to draw in it. */
export function demoPictureJobs(): PictureJob[] {
  const jobs: PictureJob[] = [];
  for (const item of DEMO_ITEMS) {
    for (let i = 0; i < item.pictureCount; i++) {
      jobs.push({
        path: itemPicture(item.url, i + 1),
        art: { kind: 'product', garment: demoGarment(item, pictureColor(item, i)), variant: i },
      });
    }
  }
  DEMO_HOME.banners.forEach((banner, i) => {
    const garments = DEMO_HOME_ART.banners[i]?.garments ?? [];
    jobs.push({ path: banner.desktop, art: { kind: 'banner', format: 'desktop', variant: i, garments } });
    jobs.push({ path: banner.mobile, art: { kind: 'banner', format: 'mobile', variant: i, garments } });
  });
  DEMO_HOME.girls.forEach((girl, i) => {
    const art = DEMO_HOME_ART.girls[i]!;
    jobs.push({
      path: girl.picture,
      art: { kind: 'girl', garment: demoGarment(itemByUrl(art.url), art.color), variant: i },
    });
  });
  for (const tile of DEMO_HOME.categoryTiles) {
    const art = DEMO_HOME_ART.categoryTiles[tile.key as keyof typeof DEMO_HOME_ART.categoryTiles];
    jobs.push({ path: tile.picture, art: { kind: 'categoryTile', garment: art.garment, background: art.background } });
  }
  DEMO_HOME.story.forEach((picture, i) => {
    jobs.push({ path: picture, art: { kind: 'story', variant: i, garments: DEMO_HOME_ART.story[i]?.garments ?? [] } });
  });
  return jobs;
}

function itemByUrl(url: string): DemoItem {
  const item = DEMO_ITEMS.find((i) => i.url === url);
  if (!item) throw new Error(`demo catalog: no item with url "${url}"`);
  return item;
}

/** Draws the demo pictures that are missing under uploadsDir. */
export function generateDemoPictures(uploadsDir: string): Promise<GenerationReport> {
  return generatePictures(uploadsDir, demoPictureJobs(), { concurrency: 4 });
}

/**
 * Loads the demo catalog in one transaction. Meant for an empty database: on a database that
 * already has these categories or items it fails on the first conflict and changes nothing.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<void> {
  // Pictures first: slow-ish, and a failure here should not leave a half-seeded shop.
  if (options.generatePictures !== false) await generateDemoPictures(options.uploadsDir);
  const promoterPasswordHash = await hashPassword(DEMO_PROMOTION.password);

  const ids = new Map(DEMO_ITEMS.map((item) => [item.url, hexId()]));
  const ref = (url: string) => {
    const id = ids.get(url);
    if (!id) throw new Error(`demo catalog: no item with url "${url}"`);
    return { label: itemByUrl(url).title, value: id };
  };

  await db.transaction(async (tx) => {
    await tx.insert(categories).values(DEMO_CATEGORIES.map((c) => ({ ...c })));

    await tx.insert(items).values(
      DEMO_ITEMS.map((item, index) => ({
        id: ids.get(item.url)!,
        url: item.url,
        title: item.title,
        metaTitle: `${item.title} | Murashki`,
        metaDescription: item.metaDescription,
        category: item.category,
        pictures: Array.from({ length: item.pictureCount }, (_, i) => itemPicture(item.url, i + 1)),
        description: item.description,
        published: item.published ?? true,
        position: index + 1,
        promotionPosition: item.promotionPosition ?? 0,
        isFinalSale: item.isFinalSale ?? false,
        relatedItems: { completeSet: item.completeSet.map(ref), similarItems: item.similarItems.map(ref) },
        landing: item.landing ?? [],
      })),
    );

    // Product types, then colours, then sizes: three bulk inserts, joined back by natural keys.
    const typeRows = await tx
      .insert(productTypes)
      .values(
        DEMO_ITEMS.flatMap((item) =>
          item.products.map((p, position) => ({
            itemId: ids.get(item.url)!,
            type: p.type,
            name: p.name,
            priceCents: p.priceCents,
            pieces: [...(p.pieces ?? [])],
            position,
          })),
        ),
      )
      .returning({ id: productTypes.id, itemId: productTypes.itemId, type: productTypes.type });
    const typeId = new Map(typeRows.map((r) => [`${r.itemId}|${r.type}`, r.id]));

    const colorSpecs = DEMO_ITEMS.flatMap((item) =>
      item.products.flatMap((p) => p.colors.map((colorName, position) => ({ item, product: p, colorName, position }))),
    );
    const colorRows = await tx
      .insert(colors)
      .values(
        colorSpecs.map(({ item, product, colorName, position }) => ({
          productTypeId: typeId.get(`${ids.get(item.url)}|${product.type}`)!,
          colorName,
          colorCode: DEMO_COLORS[colorName],
          colorPicture: colorPictureOf(item, colorName),
          alt: `${item.title} in ${colorName}`,
          link: snakeLink(colorName),
          position,
        })),
      )
      .returning({ id: colors.id, productTypeId: colors.productTypeId, link: colors.link });
    const colorId = new Map(colorRows.map((r) => [`${r.productTypeId}|${r.link}`, r.id]));

    await tx.insert(sizes).values(
      colorSpecs.flatMap(({ item, product, colorName }) => {
        const id = colorId.get(`${typeId.get(`${ids.get(item.url)}|${product.type}`)}|${snakeLink(colorName)}`)!;
        // A set's sizes come piece by piece ('Bra' XS–L, then 'Brief' XS–L); a single item's have no piece.
        return (product.pieces ?? ['']).flatMap((piece) =>
          DEMO_SIZES.map((name, n) => {
            const stock = demoStock(item, product.type, colorName, piece ? `${piece} ${name}` : name);
            return { colorId: id, piece, name, stock, soldOut: stock === 0, position: n };
          }),
        );
      }),
    );

    // Older reviews first, a day apart, so "newest first" lists look natural.
    const reviewRows = DEMO_ITEMS.flatMap((item) =>
      (item.reviews ?? []).map((r) => ({ itemId: ids.get(item.url)!, ...r })),
    );
    if (reviewRows.length > 0) {
      const now = Date.now();
      await tx.insert(reviews).values(
        reviewRows.map((r, i) => ({
          id: hexId(),
          ...r,
          createdAt: new Date(now - (reviewRows.length - i) * 86_400_000),
        })),
      );
    }

    await tx.insert(infoPages).values(DEMO_INFO_PAGES.map((p) => ({ ...p })));
    await tx.insert(settings).values({ key: HOME_SETTING_KEY, value: DEMO_HOME });
    await tx.insert(promotions).values({
      code: DEMO_PROMOTION.code,
      type: DEMO_PROMOTION.type,
      rateBasisPoints: DEMO_PROMOTION.rateBasisPoints,
      kind: DEMO_PROMOTION.kind,
      payoutCents: DEMO_PROMOTION.payoutCents,
      passwordHash: promoterPasswordHash,
    });
  });
}

/** The first of the item's pictures that shows this colour, if any. */
function colorPictureOf(item: DemoItem, colorName: string): string | null {
  for (let i = 0; i < item.pictureCount; i++) {
    if (pictureColor(item, i) === colorName) return itemPicture(item.url, i + 1);
  }
  return null;
}
