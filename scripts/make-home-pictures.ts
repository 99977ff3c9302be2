// Draws the built-in pictures of a fresh shop's home (issue 26 #1: the banner above and below 1024 px
// and the three category tiles) with the demo artwork (src/demo/pictures.ts), and writes each with
// its -preview.jpg and -small.jpg (spec §9) under src/web/assets/home, served at /home-pictures/.
// Run once: `node --import tsx scripts/make-home-pictures.ts`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fileOf, generatePictures, type Garment, type PictureJob } from '../src/demo/pictures.js';
import { previewOf, smallOf } from '../src/domain/pictures.js';
import { DEMO_COLORS } from '../src/server/db/seed/demo-catalog.js';

const slip: Garment = { shape: 'slipDress', fabric: 'silk', color: DEMO_COLORS.Champagne };

/** name → artwork, and the widest size kept (the full size is drawn larger than a built-in needs). */
const PICTURES: { name: string; art: PictureJob['art']; width: number }[] = [
  { name: 'banner-desktop', art: { kind: 'banner', format: 'desktop', variant: 0, garments: [slip] }, width: 2000 },
  { name: 'banner-mobile', art: { kind: 'banner', format: 'mobile', variant: 0, garments: [slip] }, width: 1080 },
  {
    name: 'category-clothing',
    art: {
      kind: 'categoryTile',
      garment: { shape: 'camisole', fabric: 'satin', color: DEMO_COLORS.Mocha },
      background: '#e6d8cc',
    },
    width: 900,
  },
  {
    name: 'category-bras',
    art: {
      kind: 'categoryTile',
      garment: { shape: 'balconetteBra', fabric: 'silk', color: DEMO_COLORS.Blush },
      background: '#eadfd3',
    },
    width: 900,
  },
  {
    name: 'category-panties',
    art: {
      kind: 'categoryTile',
      garment: { shape: 'highWaistBrief', fabric: 'silk', color: DEMO_COLORS['Dusty Rose'] },
      background: '#d9c6b8',
    },
    width: 900,
  },
];

const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'web', 'assets', 'home');
mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'home-art-'));
const jpeg = { quality: 74, progressive: true, mozjpeg: true } as const;
try {
  const jobs = PICTURES.map(({ name, art }) => ({ path: `/uploads/home/${name}.jpg`, art }));
  await generatePictures(tmp, jobs);
  for (const [i, { name, width }] of PICTURES.entries()) {
    const source = fileOf(tmp, jobs[i]!.path);
    const file = path.join(out, `${name}.jpg`);
    await sharp(source).resize({ width }).jpeg(jpeg).toFile(file);
    await sharp(source)
      .resize({ width: Math.round(width / 2) })
      .jpeg(jpeg)
      .toFile(previewOf(file));
    await sharp(fileOf(tmp, smallOf(jobs[i]!.path))).toFile(smallOf(file));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
